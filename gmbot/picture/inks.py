"""The flat colours a map picture is drawn in besides the powers': the grounds, the
borders and ink, the marks' colours; the PNG's palette keeps every one of them (png.py)."""

from __future__ import annotations

from gmbot.picture.legend import EDGE, PAPER
from gmbot.picture.marks import BALLOON, COURT, ILLUSION, SHIELD

SEA_RGB, LAND_RGB = (181, 211, 234), (239, 230, 207)
OFF_WATER, OFF_LAND = (201, 220, 237), (220, 215, 203)
# Impassable provinces: light grey hatched with dark grey, unlike any power's land.
ROCK, HATCH = (214, 214, 214), (120, 120, 120)
# A Warlock catastrophe's province, and the bottle's: stripes over whatever owns it.
SWAP = (200, 0, 200)  # an Arpiesse exchange of colours
WHY = (255, 236, 150)  # the paper of a held unit's caption ("auto-hold", "arrest")
STRIPES = {"catastrophe": ((230, 90, 0), False), "bottle": ((110, 40, 130), True)}
STRIPED = ((90, 90, 90), True)
BORDER, INK, FAILED = (100, 100, 100), (20, 20, 20), (210, 30, 30)
LABEL = (60, 60, 60)  # the province codes
TINT = 0.45  # how much of the owner's colour a supply centre's province takes
BUILT = (20, 140, 40)  # a build's ring
# Every flat colour drawn but the provinces' and the powers': the PNG's palette keeps them.
FLAT = (SEA_RGB, LAND_RGB, OFF_WATER, OFF_LAND, ROCK, HATCH, SWAP, WHY,
        *(c for c, _ in STRIPES.values()), STRIPED[0], BORDER, INK, FAILED, LABEL,
        (255, 255, 255), BUILT, ILLUSION, SHIELD, BALLOON, COURT, PAPER, EDGE)


def mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))
