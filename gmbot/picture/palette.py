"""The powers' colours: the map's own, or a palette told apart under the common
colour-vision deficiencies (option `palette: colour-blind`). That one is Okabe and Ito's
seven colours (black is the ink); a map with more powers repeats them, and the units and
legend swatches of the powers past the seventh carry their power's initial, so that no two
powers look alike."""

from __future__ import annotations

from PIL import ImageColor

STANDARD, COLOUR_BLIND = "standard", "colour-blind"
PALETTES = (STANDARD, COLOUR_BLIND)
# Okabe & Ito (2008), "Color Universal Design": told apart under protanopia, deuteranopia
# and tritanopia. Given in a map's power order; this order keeps the two oranges and the
# two blues apart on the standard map (Austria vermillion, England reddish purple, France
# blue, Germany yellow, Italy green, Russia sky blue, Turkey orange).
OKABE_ITO = ("#D55E00", "#CC79A7", "#0072B2", "#F0E442", "#009E73", "#56B4E9", "#E69F00")
# Powers without a colour in the map's picture data (a variant's role players...).
SPARE = ("#8d6e63", "#00897b", "#c2185b", "#5c6bc0", "#9e9d24", "#6d4c41", "#455a64")

Colour = tuple[int, int, int]


def rgb(colour: str) -> Colour:
    return ImageColor.getrgb(colour)[:3]


def power_colours(mapped: dict[str, str], powers: list[str], palette: str = STANDARD
                  ) -> tuple[dict[str, Colour], dict[str, str]]:
    """Each power's colour, and the initials drawn on the units of powers whose colour
    another power has too. `mapped` are the map's own colours (power -> colour), in the
    map's order; `powers` every power the picture shows."""
    if palette == COLOUR_BLIND:
        ordered = [*(p for p in mapped if p in powers), *(p for p in powers if p not in mapped)]
        out = {p: rgb(OKABE_ITO[i % len(OKABE_ITO)]) for i, p in enumerate(ordered)}
        initials = {p: p[:1] for p in ordered[len(OKABE_ITO):]}
        return out, initials
    out = {p: rgb(c) for p, c in mapped.items()}
    spare = iter(SPARE * 4)
    for p in powers:
        if p not in out:
            out[p] = rgb(next(spare))
    return out, {}
