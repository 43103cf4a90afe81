"""The ground of a map picture, laid before anything is drawn on it: the provinces
painted by swapping the raster's palette, the raster to draw on (with the legend's strip),
and the layers made once per map: the province codes and the diagonal stripes."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageChops, ImageDraw

from gmbot.engine.map import IMPASSABLE, SEA, GameMap
from gmbot.picture.data import MapPicture, map_picture
from gmbot.picture.fonts import font
from gmbot.picture.inks import (
    LABEL,
    LAND_RGB,
    OFF_LAND,
    OFF_WATER,
    ROCK,
    SEA_RGB,
    TINT,
    mix,
)
from gmbot.picture.labels import SIZE, label_points
from gmbot.picture.layers import Patches, bordered_raster, off_borders, paper_index, patches
from gmbot.picture.legend import PAPER
from gmbot.picture.scene import Scene


@cache
def name_layer(name: str) -> Image.Image:
    """The province codes, once per map: an RGBA layer laid on every picture, each code
    where no unit covers it."""
    pic = map_picture(name)
    layer = Image.new("RGBA", pic.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    for code, (x, y) in label_points(name).items():
        d.text((x, y), code, fill=LABEL + (255,), font=font(SIZE), anchor="mm",
               stroke_width=1, stroke_fill=(255, 255, 255, 160))
    return layer


@cache
def name_patches(name: str) -> Patches:
    return patches(name_layer(name))


def hatching(gmap: GameMap) -> Patches:
    """Diagonal stripes over the map's impassable provinces, to lay on in HATCH."""
    return stripe_patches(gmap.name, frozenset(c for c, p in gmap.provinces.items()
                                         if p.type == IMPASSABLE), False)


@cache
def stripe_patches(name: str, provinces: frozenset[str], down: bool) -> Patches:
    """Diagonal stripes (rising, or falling when `down`) over `provinces`, off the
    borders (drawn before them: layers.py)."""
    pic = map_picture(name)
    rock = {pic.index(c) for c in provinces if c in pic.codes}
    inside = pic.raster.point([255 if v in rock else 0 for v in range(256)], "L")
    w, h = pic.size
    stripes = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(stripes)
    for x in range(-h, w, 7):
        d.line([(x, 0), (x + h, h)] if down else [(x, h), (x + h, 0)], fill=255, width=2)
    return patches(off_borders(ImageChops.multiply(inside, stripes), name))


def ground_palette(pic: MapPicture, gmap: GameMap, scene: Scene,
            colours: dict[str, tuple[int, int, int]]) -> list[int]:
    pal = [0] * 768
    pal[pic.water * 3:pic.water * 3 + 3] = OFF_WATER
    pal[pic.land * 3:pic.land * 3 + 3] = OFF_LAND
    for i, code in enumerate(pic.codes):
        kind = gmap.provinces[code].type
        c = SEA_RGB if kind == SEA else ROCK if kind == IMPASSABLE else LAND_RGB
        owner = scene.centres.get(code)
        if owner is not None:
            c = mix(LAND_RGB, colours[owner], TINT)
        j = (pic.first + i) * 3
        pal[j:j + 3] = c
    return pal


def canvas(name: str, strip: int, pal: list[int]) -> Image.Image:
    """The raster to draw on, with the legend's strip (`strip` high) below it when a raster
    value is free for it (`pal` then gives it PAPER): one image converted, not a second
    one made and the map pasted into it."""
    paper = paper_index(name)
    raster = bordered_raster(name)
    if not strip or paper is None:
        return raster.copy()
    img = Image.new("P", (raster.size[0], raster.size[1] + strip), paper)
    img.paste(raster, (0, 0))
    pal[paper * 3:paper * 3 + 3] = PAPER
    return img
