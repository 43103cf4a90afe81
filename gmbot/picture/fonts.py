"""The one font of the pictures, in any size: Pillow's own, loaded once per size; and each
text written as a mask rendered once per process (FreeType's layout and rendering of the
same unit letters, captions and legend lines were a tenth of a map: the loop benchmark,
issue 33), laid on in its colour as ImageDraw.text lays its own mask."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

Ink = tuple[int, int, int]


@cache
def font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    try:
        return ImageFont.load_default(size=size)  # Pillow's own font, with FreeType
    except (TypeError, ImportError):
        return ImageFont.load_default()


def write(d: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, fill: Ink, size: int,
          anchor: str = "mm") -> None:
    """`text` at `xy` (its `anchor`, as ImageDraw.text reads it), in `fill`."""
    mask, (dx, dy) = _mask(text, size, anchor)
    if mask is not None:
        d.bitmap((xy[0] + dx, xy[1] + dy), mask, fill=fill)


@lru_cache(maxsize=1024)
def text_width(text: str, size: int) -> float:
    """What ImageDraw.textlength measures."""
    return font(size).getlength(text)


@lru_cache(maxsize=1024)  # the texts of a few maps: letters, codes, captions, legend lines
def _mask(text: str, size: int, anchor: str) -> tuple[Image.Image | None, tuple[int, int]]:
    """The text's coverage (mode L) and where its corner lies from the anchor point."""
    x0, y0, x1, y1 = (round(v) for v in ImageDraw.Draw(Image.new("L", (1, 1))).textbbox(
        (0, 0), text, font=font(size), anchor=anchor))
    if x1 <= x0 or y1 <= y0:
        return None, (0, 0)
    mask = Image.new("L", (x1 - x0, y1 - y0), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), text, fill=255, font=font(size), anchor=anchor)
    return mask, (x0, y0)
