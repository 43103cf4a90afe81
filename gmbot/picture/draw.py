"""Drawing a scene on a map's province raster: provinces painted by swapping the raster's
palette, borders and names laid on from images made once per map, then centres, orders
and units drawn on top. One picture takes about ten milliseconds."""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageChops, ImageDraw

from gmbot.engine.map import IMPASSABLE, SEA, GameMap
from gmbot.picture.data import MapPicture, Point, map_picture
from gmbot.picture.fonts import font, text_width, write
from gmbot.picture.labels import SIZE, label_points
from gmbot.picture.layers import (
    Patches,
    border_index,
    bordered_raster,
    lay,
    off_borders,
    paper_index,
    patches,
)
from gmbot.picture.legend import EDGE, PAPER, draw_legend, strip_height, with_legend
from gmbot.picture.marks import (
    BALLOON,
    COURT,
    ILLUSION,
    SHIELD,
    balloon,
    court_tag,
    double_arrow,
    shield,
    unseen_ring,
)
from gmbot.picture.palette import SPARE, STANDARD, Colour, power_colours, rgb
from gmbot.picture.png import png
from gmbot.picture.scene import Loss, Piece, Scene

__all__ = ["SPARE", "picture", "render", "rgb"]

SEA_RGB, LAND_RGB = (181, 211, 234), (239, 230, 207)
OFF_WATER, OFF_LAND = (201, 220, 237), (220, 215, 203)
# Impassable provinces: light grey hatched with dark grey, unlike any power's land.
ROCK, HATCH = (214, 214, 214), (120, 120, 120)
# A Warlock catastrophe's province, and the bottle's: stripes over whatever owns it.
SWAP = (200, 0, 200)  # an Arpiesse exchange of colours
WHY = (255, 236, 150)  # the paper of a held unit's caption ("auto-hold", "arrest")
STRIPES = {"catastrophe": ((230, 90, 0), False), "bottle": ((110, 40, 130), True)}
STRIPED = ((90, 90, 90), True)
BORDER, INK, FAILED = (100, 100, 100), (20, 20, 20), (210, 30, 30)
LABEL = (60, 60, 60)  # the province codes
TINT = 0.45  # how much of the owner's colour a supply centre's province takes
BUILT = (20, 140, 40)  # a build's ring
# Every flat colour drawn but the provinces' and the powers': the PNG's palette keeps them.
FLAT = (SEA_RGB, LAND_RGB, OFF_WATER, OFF_LAND, ROCK, HATCH, SWAP, WHY,
        *(c for c, _ in STRIPES.values()), STRIPED[0], BORDER, INK, FAILED, LABEL,
        (255, 255, 255), BUILT, ILLUSION, SHIELD, BALLOON, COURT, PAPER, EDGE)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


@cache
def _names(name: str) -> Image.Image:
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
def _name_patches(name: str) -> Patches:
    return patches(_names(name))


def hatching(gmap: GameMap) -> Patches:
    """Diagonal stripes over the map's impassable provinces, to lay on in HATCH."""
    return _stripes(gmap.name, frozenset(c for c, p in gmap.provinces.items()
                                         if p.type == IMPASSABLE), False)


@cache
def _stripes(name: str, provinces: frozenset[str], down: bool) -> Patches:
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


def palette(pic: MapPicture, gmap: GameMap, scene: Scene,
            colours: dict[str, tuple[int, int, int]]) -> list[int]:
    pal = [0] * 768
    pal[pic.water * 3:pic.water * 3 + 3] = OFF_WATER
    pal[pic.land * 3:pic.land * 3 + 3] = OFF_LAND
    for i, code in enumerate(pic.codes):
        kind = gmap.provinces[code].type
        c = SEA_RGB if kind == SEA else ROCK if kind == IMPASSABLE else LAND_RGB
        owner = scene.centres.get(code)
        if owner is not None:
            c = _mix(LAND_RGB, colours[owner], TINT)
        j = (pic.first + i) * 3
        pal[j:j + 3] = c
    return pal


def render(scene: Scene, gmap: GameMap, title: str = "", palette_name: str = STANDARD
           ) -> Image.Image:
    """The picture of `scene`; `palette_name` the powers' colours (palette.py)."""
    return _drawn(scene, gmap, title, palette_name)[0]


def picture(scene: Scene, gmap: GameMap, title: str = "", palette_name: str = STANDARD
            ) -> bytes:
    """The PNG of `scene`, its palette the colours it was drawn with (png.py)."""
    return png(*_drawn(scene, gmap, title, palette_name))


def _drawn(scene: Scene, gmap: GameMap, title: str, palette_name: str
           ) -> tuple[Image.Image, list[Colour]]:
    """The picture, and the flat colours it was drawn with."""
    pic = map_picture(gmap.name)
    powers = sorted({*gmap.powers, *(o for o in scene.centres.values() if o),
                     *(p.power for p in scene.pieces), *scene.homes.values(),
                     *(s.power for s in scene.strokes), *(p.power for p, _ in scene.dislodged)})
    colours, initials = power_colours(pic.colours, powers, palette_name)
    rings = {p.note: c for p in scene.pieces if (c := _note_colour(p.note)) is not None}
    map_w, map_h = pic.size
    strip = strip_height(scene.standings, map_w, rings)
    pal = palette(pic, gmap, scene, colours)
    img = _canvas(gmap.name, strip, pal)
    border = border_index(gmap.name)
    if border is not None:  # the borders are in the raster: its palette draws them
        pal[border * 3:border * 3 + 3] = BORDER
    img.putpalette(pal)
    img = img.convert("RGB")
    lay(img, HATCH, hatching(gmap))
    # A struck province's stripes: the known words' own, any other word (a new variant's
    # stripes mark) the default's.
    for mark in sorted(scene.striped | STRIPES.keys()):
        colour, down = STRIPES.get(mark, STRIPED)
        struck = frozenset(p for p, m in scene.marks.items() if mark in m)
        if struck:
            lay(img, colour, _stripes(gmap.name, struck, down))
    if border is None:
        img.paste(BORDER, mask=pic.borders())
    lay(img, None, _name_patches(gmap.name))
    d = ImageDraw.Draw(img)
    for code, (x, y) in pic.centres.items():
        owner = scene.centres.get(code)
        home = scene.homes.get(code)
        if home is not None:  # home centres: a ring in the colour of the power they are home to
            d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=colours[home], outline=INK)
        fill = colours[owner] if owner else (255, 255, 255)
        d.ellipse((x - 4, y - 4, x + 4, y + 4), fill=fill, outline=INK)
        if "capital" in scene.marks.get(code, ()):
            _star(d, (x, y - 11), 6, fill)
    draw_strokes(d, pic, scene, colours)
    for piece in scene.pieces:
        at = pic.unit_point(piece.loc)
        if piece.mark == "aloft":  # over its province, under a balloon
            at = balloon(d, at)
        elif piece.mark == "invisible":  # on its owner's map only (the view says so)
            unseen_ring(d, at)
        _unit(d, at, piece, colours[piece.power], initial=initials.get(piece.power, ""))
    draw_events(d, pic, scene)
    draw_marks(d, pic, gmap, scene)
    draw_tags(d, pic, scene)  # over the units, above the one on the city: never clipped
    for piece, retreats in scene.dislodged:
        # Beside its province (the attacker stands there now), red-rimmed, with dotted red
        # lines to the places it may retreat to.
        x, y = pic.unit_point(piece.loc)
        x, y = x + 12, y + 10
        for r in retreats:
            rx, ry = pic.unit_point(r)
            _dotted(d, (x, y), (rx, ry), FAILED, 2, 3)
            d.ellipse((rx - 11, ry - 11, rx + 11, ry + 11), outline=FAILED, width=2)
        _unit(d, (x, y), piece, colours[piece.power], outline=FAILED, size=0.9)
    if title:
        w = text_width(title, 14)
        d.rectangle((0, 0, w + 12, 22), fill=(255, 255, 255), outline=BORDER)
        write(d, (6, 11), title, INK, 14, "lm")
    grounds = (pic.water, pic.land, *range(pic.first, pic.first + len(pic.codes)))
    provinces = [(pal[3 * v], pal[3 * v + 1], pal[3 * v + 2]) for v in grounds]
    flat = [*provinces, *FLAT, *colours.values(), *rings.values()]
    if img.size[1] == map_h:
        return with_legend(img, scene.standings, colours, initials, rings)[0], flat
    # What the drawing spilt over the map's lower edge was cut off there before.
    d.rectangle((0, map_h, map_w - 1, map_h + strip - 1), fill=PAPER)
    draw_legend(img, map_h, scene.standings, colours, initials, rings)
    return img, flat


def _canvas(name: str, strip: int, pal: list[int]) -> Image.Image:
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


# -- orders -----------------------------------------------------------------------------

def draw_strokes(d: ImageDraw.ImageDraw, pic: MapPicture, scene: Scene,
                 colours: dict[str, tuple[int, int, int]]) -> None:
    at = pic.unit_point
    # Supports and convoys under the moves they help.
    order = {"support": 0, "convoy": 0, "move": 1, "retreat": 1}
    for s in sorted(scene.strokes, key=lambda s: order.get(s.kind, 2)):
        c = colours[s.power]
        try:
            src = at(s.src)
            if s.kind in ("move", "retreat") and s.dst:
                _arrow(d, src, at(s.dst), c, failed=not s.ok)
            elif s.kind in ("support", "convoy") and s.via:
                end = _towards(at(s.via), at(s.dst), 0.55) if s.dst else at(s.via)
                dash, gap = (2, 3) if s.kind == "support" else (8, 3)
                _dotted(d, src, end, INK, 4, gap, dash)
                _dotted(d, src, end, c if s.ok else FAILED, 2, gap, dash)
                d.ellipse((end[0] - 3, end[1] - 3, end[0] + 3, end[1] + 3), outline=INK,
                          fill=c if s.kind == "support" else (255, 255, 255))
            elif s.kind == "build":
                x, y = src
                d.ellipse((x - 13, y - 13, x + 13, y + 13), outline=BUILT, width=3)
            elif s.kind in ("remove", "disband"):
                _cross(d, src, 11, FAILED)
        except KeyError:
            continue  # a place the picture does not know: the text still says it


def _towards(a: Point, b: Point, t: float) -> Point:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t))


def _arrow(d: ImageDraw.ImageDraw, a: Point, b: Point, c: tuple[int, int, int],
           failed: bool) -> None:
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    tip = (b[0] - ux * 9, b[1] - uy * 9)  # stop short of the unit standing there
    base = (tip[0] - ux * 10, tip[1] - uy * 10)
    head = [tip, (base[0] - uy * 6, base[1] + ux * 6), (base[0] + uy * 6, base[1] - ux * 6)]
    d.line([a, base], fill=INK, width=5)
    d.line([a, base], fill=c, width=3)
    d.polygon(head, fill=c, outline=INK)
    if failed:
        _cross(d, (round(base[0]), round(base[1])), 5, FAILED)


def _dotted(d: ImageDraw.ImageDraw, a: Point, b: Point, c: tuple[int, int, int],
            width: int, gap: int, dash: int = 2) -> None:
    length = math.dist(a, b)
    steps = max(int(length // (dash + gap)), 1)
    for i in range(steps):
        t0, t1 = i * (dash + gap) / length, min((i * (dash + gap) + dash) / length, 1)
        d.line([_towards(a, b, t0), _towards(a, b, t1)], fill=c, width=width)


def _cross(d: ImageDraw.ImageDraw, p: Point, r: int, c: tuple[int, int, int]) -> None:
    x, y = p
    for line in (((x - r, y - r), (x + r, y + r)), ((x - r, y + r), (x + r, y - r))):
        d.line(line, fill=(255, 255, 255), width=5)
        d.line(line, fill=c, width=3)


def _star(d: ImageDraw.ImageDraw, p: Point, r: int, c: tuple[int, int, int]) -> None:
    pts = [(p[0] + (r if i % 2 == 0 else r / 2.4) * math.sin(i * math.pi / 5),
            p[1] - (r if i % 2 == 0 else r / 2.4) * math.cos(i * math.pi / 5))
           for i in range(10)]
    d.polygon(pts, fill=c, outline=INK)


# -- units ------------------------------------------------------------------------------

def _unit(d: ImageDraw.ImageDraw, p: Point, piece: Piece, c: tuple[int, int, int],
          outline: tuple[int, int, int] = INK, size: float = 1.0, initial: str = "") -> None:
    x, y = p
    ring = _note_colour(piece.note)
    if piece.type == "F":
        w, h = round(10 * size), round(6 * size)
        box = (x - w, y - h, x + w, y + h)
        if ring:
            d.rounded_rectangle((x - w - 3, y - h - 3, x + w + 3, y + h + 3), 5, fill=ring)
        d.rounded_rectangle(box, 3, fill=c, outline=outline, width=3 if size < 1 else 1)
    else:
        r = round(8 * size)
        if ring:
            d.ellipse((x - r - 3, y - r - 3, x + r + 3, y + r + 3), fill=ring)
        d.ellipse((x - r, y - r, x + r, y + r), fill=c, outline=outline,
                  width=3 if size < 1 else 1)
    light = sum(c) > 420
    write(d, (x, y), piece.type, INK if light else (255, 255, 255), round(10 * size))
    if piece.note and not ring:  # a variant's mark: its first letter, in a tag
        tag = piece.note[0].upper()
        d.rectangle((x + 6, y - 14, x + 14, y - 5), fill=(255, 255, 255), outline=INK)
        write(d, (x + 10, y - 9), tag, INK, 8)
    if initial:  # a power sharing its colour with another: its initial, in a black tag
        d.rectangle((x - 14, y - 14, x - 6, y - 5), fill=INK)
        write(d, (x - 10, y - 9), initial, (255, 255, 255), 8)


def draw_events(d: ImageDraw.ImageDraw, pic: MapPicture, scene: Scene) -> None:
    """A variant's events on the units: exchanges, why a unit held, units lost. A place
    the picture does not know is skipped: the text still says it."""
    for a, b in scene.exchanges:
        try:
            exchange(d, pic.unit_point(a), pic.unit_point(b))
        except KeyError:
            continue
    for loc, word in scene.why.items():
        try:
            x, y = pic.unit_point(loc)
        except KeyError:
            continue
        caption(d, (x, y + 16), word, WHY)
    standing = {p.loc.partition("/")[0] for p in scene.pieces}
    for loss in scene.losses:
        try:
            x, y = pic.unit_point(loss.loc)
        except KeyError:
            continue
        # Beside the province when a unit stands there now, so both are seen.
        lost_mark(d, (x - 12, y + 10) if loss.loc.partition("/")[0] in standing else (x, y),
                  loss)


def draw_marks(d: ImageDraw.ImageDraw, pic: MapPicture, gmap: GameMap, scene: Scene
               ) -> None:
    """Illusions' swaps and impervious units; a place the picture does not know is
    skipped (the text still says it)."""
    for a, b in scene.swaps:
        try:
            double_arrow(d, pic.unit_point(a), pic.unit_point(b), ILLUSION)
        except KeyError:
            continue
    for loc in scene.impervious:
        if loc in pic.units or loc.partition("/")[0] in pic.units:
            shield(d, pic.unit_point(loc))


def draw_tags(d: ImageDraw.ImageDraw, pic: MapPicture, scene: Scene) -> None:
    """Tags on centres (an Al-Andalus court's Wazirs): above the unit standing on the
    province, else above the centre."""
    standing = {p.loc.partition("/")[0] for p in scene.pieces}
    for where, words in scene.tags.items():
        if where not in pic.centres:
            continue
        point = pic.unit_point(where) if where in standing else pic.centres[where]
        court_tag(d, point, words, high=where in standing)


def lost_mark(d: ImageDraw.ImageDraw, p: Point, loss: Loss) -> None:
    """A unit that is no more: its empty outline, crossed out in black, and how it went
    ("vaporized", "drowned"...) written under it."""
    x, y = p
    if loss.type == "F":
        d.rounded_rectangle((x - 10, y - 6, x + 10, y + 6), 3, fill=(255, 255, 255),
                            outline=INK)
    else:
        d.ellipse((x - 8, y - 8, x + 8, y + 8), fill=(255, 255, 255), outline=INK)
    for line in (((x - 7, y - 7), (x + 7, y + 7)), ((x - 7, y + 7), (x + 7, y - 7))):
        d.line(line, fill=INK, width=3)
    caption(d, (x, y + 16), loss.how, (255, 255, 255))


def exchange(d: ImageDraw.ImageDraw, a: Point, b: Point) -> None:
    """Two units that exchanged colours (Arpiesse): an arrow each way, side by side."""
    length = math.dist(a, b) or 1.0
    nx, ny = -(b[1] - a[1]) / length * 4, (b[0] - a[0]) / length * 4  # 4 px aside
    for (x0, y0), (x1, y1), side in ((a, b, 1), (b, a, -1)):
        _arrow(d, (round(x0 + nx * side), round(y0 + ny * side)),
               (round(x1 + nx * side), round(y1 + ny * side)), SWAP, failed=False)


def caption(d: ImageDraw.ImageDraw, p: Point, text: str, paper: tuple[int, int, int]
            ) -> None:
    """A word in a small box centred on `p` (under a unit)."""
    x, y = p
    w = text_width(text, 9)
    d.rectangle((x - w / 2 - 2, y - 6, x + w / 2 + 2, y + 5), fill=paper, outline=INK)
    write(d, (x, y), text, INK, 9)


def _note_colour(note: str) -> tuple[int, int, int] | None:
    """A note that names a colour (Arpiesse's red, purple, silver) rings the unit with it."""
    if not note or " " in note:
        return None
    try:
        return rgb(note)
    except ValueError:
        return None
