"""What every picture of a map lays on in the same place, prepared once per map so that
each picture pays only for the pixels it changes: a layer cut into the patches where it
has anything (a paste costs the area it covers, drawn or not), and the borders painted
into the province raster itself (the palette swap then draws them). The loop benchmark
asked for both (issue 33: the map was most of a deadline's time)."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageChops

from gmbot.picture.data import map_picture

Box = tuple[int, int, int, int]
Patches = tuple[tuple[Box, Image.Image], ...]

TILE = 64  # the grid a layer is cut on: small enough to skip the empty sea between labels


def patches(layer: Image.Image) -> Patches:
    """`layer` (a mask, or an RGBA layer by its alpha) as the boxes where it is not blank,
    each with its piece of the layer."""
    alpha = layer.getchannel("A") if layer.mode == "RGBA" else layer
    w, h = layer.size
    out = []
    for top in range(0, h, TILE):
        for left in range(0, w, TILE):
            tile = (left, top, min(left + TILE, w), min(top + TILE, h))
            inside = alpha.crop(tile).getbbox()
            if inside is None:
                continue
            box = (left + inside[0], top + inside[1], left + inside[2], top + inside[3])
            out.append((box, layer.crop(box)))
    return tuple(out)


def lay(img: Image.Image, colour: tuple[int, int, int] | None, pieces: Patches) -> None:
    """Paste `pieces` on `img`, as pasting their whole layer would: in `colour` through a
    mask, or (None) an RGBA layer through its own alpha."""
    for box, piece in pieces:
        img.paste(colour if colour is not None else piece, box, mask=piece)


def border_index(name: str) -> int | None:
    """The raster value that bordered_raster gives the map's borders; None if every value
    is taken (the borders are then pasted on each picture)."""
    return _bordered(name)[1]


def paper_index(name: str) -> int | None:
    """A raster value no province, border or outside area has, for the legend's strip
    (None if every value is taken)."""
    return _bordered(name)[2]


def bordered_raster(name: str) -> Image.Image:
    """The map's province raster with its borders in border_index's value (the raster
    itself when that is None)."""
    return _bordered(name)[0]


@cache
def _bordered(name: str) -> tuple[Image.Image, int | None, int | None]:
    pic = map_picture(name)
    used = {value for _, value in pic.raster.getcolors(256) or []}
    used |= {pic.water, pic.land, *range(pic.first, pic.first + len(pic.codes))}  # palette()'s
    free = [v for v in range(255, -1, -1) if v not in used][:2]
    if not free:
        return pic.raster, None, None
    raster = pic.raster.copy()
    raster.paste(free[0], mask=pic.borders())
    return raster, free[0], free[1] if len(free) > 1 else None


def off_borders(mask: Image.Image, name: str) -> Image.Image:
    """`mask` without the map's border pixels: what is laid under the borders must not
    cover them when they are drawn first."""
    return ImageChops.subtract(mask, map_picture(name).borders())
