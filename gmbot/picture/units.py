"""A unit on a map picture: an army's disc or a fleet's box in its power's colour, ringed
in the colour its note names, with a variant's tag and a shared colour's initial."""

from __future__ import annotations

from PIL import ImageDraw

from gmbot.picture.data import Point
from gmbot.picture.fonts import write
from gmbot.picture.inks import INK
from gmbot.picture.palette import rgb
from gmbot.picture.scene import Piece


def draw_unit(d: ImageDraw.ImageDraw, p: Point, piece: Piece, c: tuple[int, int, int],
          outline: tuple[int, int, int] = INK, size: float = 1.0, initial: str = "") -> None:
    x, y = p
    ring = note_colour(piece.note)
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


def note_colour(note: str) -> tuple[int, int, int] | None:
    """A note that names a colour (Arpiesse's red, purple, silver) rings the unit with it."""
    if not note or " " in note:
        return None
    try:
        return rgb(note)
    except ValueError:
        return None
