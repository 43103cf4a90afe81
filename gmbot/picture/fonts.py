"""The one font of the pictures, in any size: Pillow's own, loaded once per size."""

from __future__ import annotations

from functools import cache

from PIL import ImageFont


@cache
def font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    try:
        return ImageFont.load_default(size=size)  # Pillow's own font, with FreeType
    except (TypeError, ImportError):
        return ImageFont.load_default()
