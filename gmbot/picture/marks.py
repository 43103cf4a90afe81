"""The marks of the variants' events that stand on a unit or a province rather than on an
order: a Warlock illusion's swapped provinces, impervious, invisible and aloft units, an
Al-Andalus Wazir at his Prince's court. Each is drawn from points alone, so that the
picture's colours (inks.py) and units (units.py) stay apart."""

from __future__ import annotations

import math

from PIL import ImageDraw

from gmbot.picture.data import Point
from gmbot.picture.fonts import text_width, write

INK = (20, 20, 20)
ILLUSION = (0, 150, 160)  # an illusion's swap: a teal arrow each way
SHIELD = (235, 180, 0)  # an impervious unit's ring
BALLOON = (250, 250, 235)  # the envelope of a balloon
COURT = (255, 255, 255)  # the paper of a court's tag
LIFT = 20  # how far above its province a unit aloft is drawn


def double_arrow(d: ImageDraw.ImageDraw, a: Point, b: Point, colour: tuple[int, int, int]
                 ) -> None:
    """One line from `a` to `b` with a head at each end: two places swapped."""
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    # Short of both units, so that neither is covered.
    p = (a[0] + ux * 12, a[1] + uy * 12)
    q = (b[0] - ux * 12, b[1] - uy * 12)
    d.line([p, q], fill=INK, width=5)
    d.line([p, q], fill=colour, width=3)
    for tip, s in ((q, 1), (p, -1)):
        base = (tip[0] - ux * 9 * s, tip[1] - uy * 9 * s)
        d.polygon([tip, (base[0] - uy * 6, base[1] + ux * 6),
                   (base[0] + uy * 6, base[1] - ux * 6)], fill=colour, outline=INK)


def shield(d: ImageDraw.ImageDraw, p: Point) -> None:
    """An impervious unit: a thick golden ring around it."""
    x, y = p
    d.ellipse((x - 15, y - 15, x + 15, y + 15), outline=INK, width=6)
    d.ellipse((x - 14, y - 14, x + 14, y + 14), outline=SHIELD, width=4)


def unseen_ring(d: ImageDraw.ImageDraw, p: Point) -> None:
    """A unit only its owner sees: a dashed ring around it (on his map alone)."""
    x, y = p
    for start in range(0, 360, 40):
        d.arc((x - 14, y - 14, x + 14, y + 14), start, start + 22, fill=INK, width=3)


def balloon(d: ImageDraw.ImageDraw, p: Point) -> Point:
    """A balloon over the province at `p`; returns where its unit is drawn, under the
    envelope and above the province's own unit (if any)."""
    x, y = p
    unit = (x, y - LIFT)
    d.line([(x - 6, y - LIFT - 20), (x - 3, y - LIFT - 6)], fill=INK, width=1)
    d.line([(x + 6, y - LIFT - 20), (x + 3, y - LIFT - 6)], fill=INK, width=1)
    d.ellipse((x - 11, y - LIFT - 38, x + 11, y - LIFT - 14), fill=BALLOON, outline=INK,
              width=2)
    return unit


def court_tag(d: ImageDraw.ImageDraw, p: Point, words: list[str], high: bool = False
              ) -> None:
    """Words in a tag above `p` (a centre, or with `high` the unit standing on it, which
    the tag must clear)."""
    text = ", ".join(words)
    x, y = p[0], p[1] - (22 if high else 14)
    w = text_width(text, 9)
    d.rectangle((x - w / 2 - 3, y - 6, x + w / 2 + 3, y + 5), fill=COURT, outline=INK,
                width=2)
    write(d, (x, y), text, INK, 9)
