"""A variant's events on a map picture, drawn over the units: exchanges of colours, why
a unit held, units lost, illusions' swaps, impervious units and the tags on centres."""

from __future__ import annotations

import math

from PIL import ImageDraw

from gmbot.engine.map import GameMap
from gmbot.picture.data import MapPicture, Point
from gmbot.picture.fonts import text_width, write
from gmbot.picture.inks import INK, SWAP, WHY
from gmbot.picture.marks import ILLUSION, court_tag, double_arrow, shield
from gmbot.picture.scene import Loss, Scene
from gmbot.picture.shapes import arrow


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
        arrow(d, (round(x0 + nx * side), round(y0 + ny * side)),
               (round(x1 + nx * side), round(y1 + ny * side)), SWAP, failed=False)


def caption(d: ImageDraw.ImageDraw, p: Point, text: str, paper: tuple[int, int, int]
            ) -> None:
    """A word in a small box centred on `p` (under a unit)."""
    x, y = p
    w = text_width(text, 9)
    d.rectangle((x - w / 2 - 2, y - 6, x + w / 2 + 2, y + 5), fill=paper, outline=INK)
    write(d, (x, y), text, INK, 9)
