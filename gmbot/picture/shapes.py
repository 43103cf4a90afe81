"""The plain shapes orders and events are drawn with: arrows, dotted lines, crosses and
stars, each outlined so that it reads on any ground."""

from __future__ import annotations

import math

from PIL import ImageDraw

from gmbot.picture.data import Point
from gmbot.picture.inks import FAILED, INK


def towards(a: Point, b: Point, t: float) -> Point:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t))


def arrow(d: ImageDraw.ImageDraw, a: Point, b: Point, c: tuple[int, int, int],
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
        cross(d, (round(base[0]), round(base[1])), 5, FAILED)


def dotted(d: ImageDraw.ImageDraw, a: Point, b: Point, c: tuple[int, int, int],
            width: int, gap: int, dash: int = 2) -> None:
    length = math.dist(a, b)
    steps = max(int(length // (dash + gap)), 1)
    for i in range(steps):
        t0, t1 = i * (dash + gap) / length, min((i * (dash + gap) + dash) / length, 1)
        d.line([towards(a, b, t0), towards(a, b, t1)], fill=c, width=width)


def cross(d: ImageDraw.ImageDraw, p: Point, r: int, c: tuple[int, int, int]) -> None:
    x, y = p
    for line in (((x - r, y - r), (x + r, y + r)), ((x - r, y + r), (x + r, y - r))):
        d.line(line, fill=(255, 255, 255), width=5)
        d.line(line, fill=c, width=3)


def star(d: ImageDraw.ImageDraw, p: Point, r: int, c: tuple[int, int, int]) -> None:
    pts = [(p[0] + (r if i % 2 == 0 else r / 2.4) * math.sin(i * math.pi / 5),
            p[1] - (r if i % 2 == 0 else r / 2.4) * math.cos(i * math.pi / 5))
           for i in range(10)]
    d.polygon(pts, fill=c, outline=INK)
