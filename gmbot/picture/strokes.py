"""The orders on a map picture: moves and retreats as arrows (crossed when they failed),
supports and convoys as dotted lines, builds ringed and removals crossed out."""

from __future__ import annotations

from PIL import ImageDraw

from gmbot.picture.data import MapPicture
from gmbot.picture.inks import BUILT, FAILED, INK
from gmbot.picture.scene import Scene
from gmbot.picture.shapes import arrow, cross, dotted, towards


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
                arrow(d, src, at(s.dst), c, failed=not s.ok)
            elif s.kind in ("support", "convoy") and s.via:
                end = towards(at(s.via), at(s.dst), 0.55) if s.dst else at(s.via)
                dash, gap = (2, 3) if s.kind == "support" else (8, 3)
                dotted(d, src, end, INK, 4, gap, dash)
                dotted(d, src, end, c if s.ok else FAILED, 2, gap, dash)
                d.ellipse((end[0] - 3, end[1] - 3, end[0] + 3, end[1] + 3), outline=INK,
                          fill=c if s.kind == "support" else (255, 255, 255))
            elif s.kind == "build":
                x, y = src
                d.ellipse((x - 13, y - 13, x + 13, y + 13), outline=BUILT, width=3)
            elif s.kind in ("remove", "disband"):
                cross(d, src, 11, FAILED)
        except KeyError:
            continue  # a place the picture does not know: the text still says it
