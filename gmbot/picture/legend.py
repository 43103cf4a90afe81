"""The legend of the powers, in a strip below the map: each power's colour, name, supply
centres and units, as the viewer's own text counts them (an unfamiliar map's powers are
otherwise known by colour alone). Below the map, so no map point moves."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from gmbot.picture.fonts import text_width, write
from gmbot.picture.scene import Standing

Box = tuple[int, int, int, int]

ROW, PAD, SWATCH = 22, 8, 14
PAPER, EDGE, INK = (255, 255, 255), (100, 100, 100), (20, 20, 20)


@dataclass(frozen=True)
class Entry:
    power: str
    text: str
    swatch: Box  # the square in the power's colour
    at: tuple[int, int]  # left middle of the text


def entry_text(s: Standing) -> str:
    centres = f"{s.centres} centre" + ("" if s.centres == 1 else "s")
    units = f"{s.units} unit" + ("" if s.units == 1 else "s")
    return f"{s.name}: {centres}, {units}"


def layout(standings: list[Standing], width: int, top: int) -> tuple[list[Entry], int]:
    """Where each power's entry goes in a strip of `width` starting at `top`, wrapping to
    as many rows as it needs; and the strip's height."""
    entries: list[Entry] = []
    x, y = PAD, top + PAD
    for s in standings:
        text = entry_text(s)
        w = SWATCH + 6 + round(text_width(text, 12)) + 2 * PAD
        if x + w > width and x > PAD:
            x, y = PAD, y + ROW
        mid = y + ROW // 2
        entries.append(Entry(s.power, text, (x, mid - SWATCH // 2, x + SWATCH, mid + SWATCH // 2),
                             (x + SWATCH + 6, mid)))
        x += w
    height = (y - top) + ROW + PAD if standings else 0
    return entries, height


def strip_height(standings: list[Standing], width: int,
                 rings: dict[str, tuple[int, int, int]] | None = None) -> int:
    """The height of the legend strip under a picture `width` wide (0: no legend)."""
    if not standings:
        return 0
    return layout(standings, width, 0)[1] + (ROW if rings else 0)


def with_legend(img: Image.Image, standings: list[Standing],
                colours: dict[str, tuple[int, int, int]], initials: dict[str, str] | None = None,
                rings: dict[str, tuple[int, int, int]] | None = None
                ) -> tuple[Image.Image, list[Entry]]:
    """The picture with the legend strip added below it (draw_legend's)."""
    if not standings:
        return img, []
    w, h = img.size
    out = Image.new("RGB", (w, h + strip_height(standings, w, rings)), PAPER)
    out.paste(img, (0, 0))
    return out, draw_legend(out, h, standings, colours, initials, rings)


def draw_legend(out: Image.Image, h: int, standings: list[Standing],
                colours: dict[str, tuple[int, int, int]], initials: dict[str, str] | None = None,
                rings: dict[str, tuple[int, int, int]] | None = None) -> list[Entry]:
    """Draw the legend in the strip of `out` below row `h` (the map's height), in PAPER
    already; `initials` are written in the swatches of powers whose colour another power
    shares (as on their units). `rings`: the colours the units are ringed with (a unit's
    own colour, Arpiesse's red, purple and silver), by name: a key to them follows the
    powers, so a ring is not read as a power's fill (issue 32)."""
    w = out.size[0]
    entries, height = layout(standings, w, h)
    key = sorted((rings or {}).items())
    if key:
        height += ROW
    d = ImageDraw.Draw(out)
    d.line([(0, h), (w, h)], fill=EDGE, width=1)
    for e in entries:
        d.rectangle(e.swatch, fill=colours[e.power], outline=INK)
        initial = (initials or {}).get(e.power)
        if initial:
            x0, y0, x1, y1 = e.swatch
            d.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), fill=INK)
            write(d, ((x0 + x1) // 2, (y0 + y1) // 2), initial, PAPER, 8)
        write(d, e.at, e.text, INK, 12, "lm")
    if key:
        _ring_key(d, key, h + height - ROW - PAD // 2)
    return entries


def _ring_key(d: ImageDraw.ImageDraw, key: list[tuple[str, tuple[int, int, int]]],
              top: int) -> None:
    """One row: "Unit rings:" and each ring colour drawn as on a unit, with its name."""
    mid = top + ROW // 2
    label = "Unit rings (the unit's colour):"
    write(d, (PAD, mid), label, INK, 12, "lm")
    x = PAD + round(text_width(label, 12)) + 10
    r = SWATCH // 2
    for name, colour in key:
        d.ellipse((x, mid - r, x + 2 * r, mid + r), fill=colour, outline=INK)
        d.ellipse((x + 4, mid - r + 4, x + 2 * r - 4, mid + r - 4), fill=PAPER)
        x += 2 * r + 4
        write(d, (x, mid), name, INK, 12, "lm")
        x += round(text_width(name, 12)) + 14
