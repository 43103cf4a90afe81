"""Where a province's code is written: at its picture data's label point, unless a unit or
a supply centre drawn at any unit or centre point would cover it; then at the nearest
free point inside the province. Worked out once per map and process."""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from gmbot.picture.data import MapPicture, Point, map_picture
from gmbot.picture.fonts import font

Box = tuple[int, int, int, int]

SIZE = 10  # the labels' font size


def unit_box(p: Point, tag: bool = True) -> Box:
    """What a unit at `p` may cover: its marker with a variant's ring, its tag, and a
    caption under it ("vaporized", "auto-hold")."""
    x, y = p
    return (x - 14, y - 15, x + 15, y + 22) if tag else (x - 14, y - 10, x + 14, y + 12)


def centre_box(p: Point) -> Box:
    """A supply centre's marker: the home ring, and a Capitalist capital's star above it."""
    x, y = p
    return (x - 8, y - 18, x + 8, y + 8)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def text_box(d: ImageDraw.ImageDraw, p: Point, code: str) -> Box:
    x0, y0, x1, y1 = d.textbbox(p, code, font=font(SIZE), anchor="mm")
    return (round(x0) - 1, round(y0) - 1, round(x1) + 1, round(y1) + 1)


def _inside(pic: MapPicture, code: str, box: Box, strict: bool) -> bool:
    """The box's middle lies in the province, and (strict) its corners too."""
    w, h = pic.size
    want = pic.index(code)
    x0, y0, x1, y1 = box
    if x0 < 0 or y0 < 0 or x1 >= w or y1 >= h:
        return False
    middle = ((x0 + x1) // 2, (y0 + y1) // 2)
    points = ((x0, y0), (x1, y0), (x0, y1), (x1, y1), middle) if strict else (middle,)
    return all(pic.raster.getpixel(p) == want for p in points)


def _candidates(p: Point) -> list[Point]:
    """Points around `p`, nearest first: rings 3 px apart, 24 directions each."""
    x, y = p
    return [p, *((round(x + dx), round(y + dy)) for dx, dy in _RINGS)]


# The rings' offsets, worked out once (the first picture of a process placed every label
# with 480 sines and cosines a province and pass: the loop benchmark, issue 33).
_RINGS = tuple((r * math.cos(k * math.pi / 12), r * math.sin(k * math.pi / 12))
               for r in range(3, 61, 3) for k in range(24))


@cache
def label_points(name: str) -> dict[str, Point]:
    """Each province's label point, clear of every unit and centre marker."""
    pic = map_picture(name)
    d = ImageDraw.Draw(Image.new("1", (1, 1)))
    units = [unit_box(p) for p in pic.units.values()]
    markers = [unit_box(p, tag=False) for p in pic.units.values()]
    both = units + [centre_box(p) for p in pic.centres.values()]
    out: dict[str, Point] = {}
    for code, point in pic.labels.items():
        out[code] = point
        # Wholly inside the province and clear of everything first; in a small province,
        # across its border, on a centre's ring or a variant's tag rather than under a unit.
        for blocked, strict in ((both, True), (both, False), (units, False),
                                (markers, False)):
            free = _free(pic, d, code, point, blocked, strict)
            if free is not None:
                out[code] = free
                break
    return out


def _free(pic: MapPicture, d: ImageDraw.ImageDraw, code: str, point: Point,
          blocked: list[Box], strict: bool) -> Point | None:
    x0, y0, x1, y1 = text_box(d, (0, 0), code)  # the same box moved to each candidate
    px, py = point
    near = [b for b in blocked if b[0] < px + 100 and px - 100 < b[2]
            and b[1] < py + 100 and py - 100 < b[3]]
    for cx, cy in _candidates(point):
        box = (x0 + cx, y0 + cy, x1 + cx, y1 + cy)
        if not any(overlaps(box, b) for b in near) and _inside(pic, code, box, strict):
            return (cx, cy)
    return None
