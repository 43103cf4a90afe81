"""Drawing a scene on a map's province raster, in the order each layer covers the last:
the ground (ground.py: provinces painted by swapping the raster's palette, stripes and
names laid on from images made once per map), then centres, orders (strokes.py), units
(units.py), a variant's events (events.py), the dislodged units, the title and the legend.
One picture takes about ten milliseconds."""

from __future__ import annotations

from PIL import Image, ImageDraw

from gmbot.engine.map import GameMap
from gmbot.picture.data import map_picture
from gmbot.picture.events import draw_events, draw_marks, draw_tags
from gmbot.picture.fonts import text_width, write
from gmbot.picture.ground import canvas, ground_palette, hatching, name_patches, stripe_patches
from gmbot.picture.inks import BORDER, FAILED, FLAT, HATCH, INK, STRIPED, STRIPES
from gmbot.picture.layers import border_index, lay
from gmbot.picture.legend import PAPER, draw_legend, strip_height, with_legend
from gmbot.picture.marks import balloon, unseen_ring
from gmbot.picture.palette import STANDARD, Colour, power_colours
from gmbot.picture.png import png
from gmbot.picture.scene import Scene
from gmbot.picture.shapes import dotted, star
from gmbot.picture.strokes import draw_strokes
from gmbot.picture.units import draw_unit, note_colour


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
    rings = {p.note: c for p in scene.pieces if (c := note_colour(p.note)) is not None}
    map_w, map_h = pic.size
    strip = strip_height(scene.standings, map_w, rings)
    pal = ground_palette(pic, gmap, scene, colours)
    img = canvas(gmap.name, strip, pal)
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
            lay(img, colour, stripe_patches(gmap.name, struck, down))
    if border is None:
        img.paste(BORDER, mask=pic.borders())
    lay(img, None, name_patches(gmap.name))
    d = ImageDraw.Draw(img)
    for code, (x, y) in pic.centres.items():
        owner = scene.centres.get(code)
        home = scene.homes.get(code)
        if home is not None:  # home centres: a ring in the colour of the power they are home to
            d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=colours[home], outline=INK)
        fill = colours[owner] if owner else (255, 255, 255)
        d.ellipse((x - 4, y - 4, x + 4, y + 4), fill=fill, outline=INK)
        if "capital" in scene.marks.get(code, ()):
            star(d, (x, y - 11), 6, fill)
    draw_strokes(d, pic, scene, colours)
    for piece in scene.pieces:
        at = pic.unit_point(piece.loc)
        if piece.mark == "aloft":  # over its province, under a balloon
            at = balloon(d, at)
        elif piece.mark == "invisible":  # on its owner's map only (the view says so)
            unseen_ring(d, at)
        draw_unit(d, at, piece, colours[piece.power], initial=initials.get(piece.power, ""))
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
            dotted(d, (x, y), (rx, ry), FAILED, 2, 3)
            d.ellipse((rx - 11, ry - 11, rx + 11, ry + 11), outline=FAILED, width=2)
        draw_unit(d, (x, y), piece, colours[piece.power], outline=FAILED, size=0.9)
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
