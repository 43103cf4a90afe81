"""The words of an EXPLAIN line besides the unit: a phase at its end (`S1901M`, `SPRING
1901`, `FALL 1901 RETREAT`, `WINTER 1901`) and the rules' word that names one of two units
of a name (`BALLOON A PAR`, `F EDI (ghost)`)."""

from __future__ import annotations

import re

from gmbot.engine.rules import StandardRules
from gmbot.engine.state import Phase

SEASONS = {"SPRING": "S", "FALL": "F", "AUTUMN": "F", "WINTER": "W"}
KINDS = {"MOVEMENT": "M", "MOVEMENTS": "M", "MOVES": "M", "RETREAT": "R", "RETREATS": "R",
         "ADJUSTMENT": "A", "ADJUSTMENTS": "A", "BUILDS": "A"}
_CODE = re.compile(r"^[SFW]\d{1,5}[MRAB]$")


class WordsError(Exception):
    """Why an EXPLAIN line names no unit or phase, in a player's words."""


def phase_asked(args: tuple[str, ...]) -> tuple[str | None, tuple[str, ...]]:
    """The phase the line ends with (its code, "S1901M"), if any, and the words before
    it. A season without a kind is its movement phase, a winter its adjustments."""
    up = [a.upper().strip(".,;:") for a in args]
    try:
        if up and _CODE.match(up[-1]):
            return str(Phase.parse(up[-1])), args[:-1]
        kind = KINDS.get(up[-1], "") if up else ""
        end = len(up) - 1 if kind else len(up)
        if end >= 2 and up[end - 1].isdigit() and up[end - 2] in SEASONS:
            season = SEASONS[up[end - 2]]
            kind = kind or ("A" if season == "W" else "M")
            return str(Phase.parse(f"{season}{up[end - 1]}{kind}")), args[:end - 2]
    except ValueError as e:
        raise WordsError(str(e)) from e
    return None, args


def word_of(rules: StandardRules, args: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """The rules' word that names one of two units of a name (`BALLOON A PAR`), written
    before the unit or after it, bare or in brackets as the results print it (`F EDI
    (ghost)`), and the words left."""
    words = rules.unit_words()
    found: set[str] = set()
    while args and args[0].strip("()").upper() in words:  # BALLOON A AIR, BALLOON AIR
        found.add(words[args[0].strip("()").upper()])
        args = args[1:]
    while args and args[-1].strip("()").upper() in words:
        found.add(words[args[-1].strip("()").upper()])
        args = args[:-1]
    if len(found) > 1:
        raise WordsError(f"{' and '.join(sorted(found))} name different units: write one")
    return (found.pop() if found else ""), args
