"""Reading the map pictures that mails and the renderer produce, for tests that say what a
picture must show: the colour at a point, and which power's colour is nearest to it."""

from __future__ import annotations

import io
import re
from email.message import EmailMessage

from PIL import Image

from gmbot.picture.data import map_picture
from gmbot.picture.inks import LAND_RGB, SEA_RGB
from gmbot.picture.palette import rgb

Colour = tuple[int, int, int]


def inline_picture(msg: EmailMessage) -> bytes:
    """The PNG a mail shows inline: an HTML part that shows it by Content-ID, in a
    multipart/related next to the image part, itself an alternative to the text part (the
    first part of a multipart/mixed when the mail also carries its deadline's calendar)."""
    shown = next(msg.iter_parts()) if msg.get_content_type() == "multipart/mixed" else msg
    assert shown.get_content_type() == "multipart/alternative"
    plain, related = shown.iter_parts()
    assert plain.get_content_type() == "text/plain"
    assert related.get_content_type() == "multipart/related"
    html, image = related.iter_parts()
    assert html.get_content_type() == "text/html"
    assert image.get_content_type() == "image/png"
    assert image.get_content_disposition() == "inline"
    cid = image["Content-ID"].strip("<>")
    assert re.search(rf'<img src="cid:{re.escape(cid)}"', html.get_content())
    return image.get_content()


def decode(png: bytes | None) -> Image.Image:
    """The picture as RGB pixels; None (no picture drawn) fails the test here."""
    assert png is not None, "no picture was drawn"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def colours(map_name: str) -> dict[str, Colour]:
    return {p: rgb(c) for p, c in map_picture(map_name).colours.items()}


def nearest(pixel: float | tuple[int, ...] | None, choices: dict[str, Colour]) -> str:
    """The choice nearest to `pixel`, an RGB pixel as Image.getpixel gives it."""
    assert isinstance(pixel, tuple) and len(pixel) == 3, pixel  # decode() makes RGB
    return min(choices, key=lambda k: sum((a - b) ** 2 for a, b in
                                          zip(pixel, choices[k], strict=True)))


def neutral(map_name: str) -> dict[str, Colour]:
    """Every power's colour, and the colours of what belongs to no power."""
    return {**colours(map_name), "white": (255, 255, 255), "land": LAND_RGB, "sea": SEA_RGB}


def unit_pixel(img: Image.Image, map_name: str, loc: str) -> Colour:
    """A pixel inside a unit's marker beside its letter."""
    x, y = map_picture(map_name).unit_point(loc)
    pixel = img.getpixel((x - 6, y))
    assert isinstance(pixel, tuple) and len(pixel) == 3, pixel  # decode() makes RGB
    return pixel[0], pixel[1], pixel[2]
