"""A picture as the PNG a mail carries: reduced to a palette made of the colours it was
drawn with, each kept exact, and a coarse cube of colours for the anti-aliased edges of
its text. A median cut or an octree chosen per picture was most of a deadline's map (the
loop benchmark, issue 33); mapping the pixels onto a palette known in advance is a quarter
of that, and no flat colour of the map moves."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from io import BytesIO

from PIL import Image

Colour = tuple[int, int, int]

# zlib's run-length strategy: a map's rows are long runs of one palette value, and it
# compresses them a third of the time of the default strategy's level 6, for a file about
# a sixth larger (the loop benchmark asked: the encoding was most of a deadline's map).
Z_RLE = 3
# Six levels a channel (0, 51, ... 255): what an edge blended between two flat colours is
# drawn with, within 26 of its own value in each channel.
STEPS = tuple(range(0, 256, 51))
CUBE = tuple((r, g, b) for r in STEPS for g in STEPS for b in STEPS)


def png(img: Image.Image, colours: Iterable[Colour] = ()) -> bytes:
    """`img` (RGB) as a palette PNG; `colours` the flat colours it was drawn with, which
    the palette keeps exact (the first 256 of them and the cube)."""
    out = BytesIO()
    img.quantize(palette=_palette(tuple(dict.fromkeys(colours))), dither=Image.Dither.NONE) \
        .save(out, "PNG", compress_type=Z_RLE)
    return out.getvalue()


@lru_cache(maxsize=64)  # a process draws few distinct sets: the maps, their palettes
def _palette(colours: tuple[Colour, ...]) -> Image.Image:
    exact = colours[:256]
    kept = set(exact)
    entries = [*exact, *(c for c in CUBE if c not in kept)][:256]
    holder = Image.new("P", (1, 1))
    holder.putpalette([v for c in entries for v in c])
    return holder
