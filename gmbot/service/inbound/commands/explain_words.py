"""The words of an EXPLAIN line: the unit as a player writes it (`A PAR`, `fleet brest`,
`the army in Paris`), with "did you mean" on a near miss; a phase at its end (`S1901M`, `SPRING
1901`, `FALL 1901 RETREAT`, `WINTER 1901`) and the rules' word that names one of two units
of a name (`BALLOON A PAR`, `F EDI (ghost)`)."""

from __future__ import annotations

import re

from gmbot.engine.cursor import Cursor
from gmbot.engine.order_words import NOISE, UNIT_WORDS
from gmbot.engine.orders import OrderError
from gmbot.engine.parse import OrderParser
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import Phase
from gmbot.engine.vocabulary import SUGGEST, did_you_mean, near

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


def unit_asked(parser: OrderParser, rules: StandardRules, words: tuple[str, ...],
          word: str) -> tuple[str | None, str]:
    """The unit's type (if written) and province the words name ("" with the rules' word
    alone: wherever), or why they name none."""
    text = " ".join(words)
    cur = Cursor(parser.tokens(text))
    while cur.peek() in NOISE:
        cur.take()
    if cur.done() and not word:
        raise WordsError("name a unit")
    utype = UNIT_WORDS.get(cur.peek() or "")
    if utype:
        cur.take()
    while cur.peek() in NOISE:  # "the fleet in Brest"
        cur.take()
    if cur.done() and word:
        return utype, ""  # EXPLAIN BALLOON: each of his the word names, wherever
    try:
        loc = parser.read_place(cur, "a unit's province")
    except OrderError as e:
        guess = _near_word(rules, cur.peek() or "")
        raise WordsError(f"{cur.peek()!r} is no word for a unit (did you mean {guess}?)"
                         if guess else did_you_mean(text, str(e), parser, rules)) from e
    while cur.peek() in NOISE:
        cur.take()
    if not cur.done():
        guess = _near_word(rules, cur.peek() or "")
        raise WordsError(f"{cur.peek()!r} after the unit is neither a phase nor a word for "
                         "a unit " + (f"(did you mean {guess}?)" if guess
                                      else "(a phase: S1901M, SPRING 1901)"))
    return utype, loc.partition("/")[0]



def _near_word(rules: StandardRules, tok: str) -> str | None:
    """A word for a unit that `tok` misspells (FLET, BALOON, GOHST), if one is near."""
    return near(tok, frozenset({*UNIT_WORDS, *rules.unit_words()}), SUGGEST)
