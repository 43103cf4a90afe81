"""The judge's order grammar of each kind of phase (docs/orders.md), read piece by piece
over a line's tokens with the parser's `read_unit` and `read_place` (parse.py): a movement
phase's hold, move, support and convoy; a retreat phase's retreat and disband; a winter's
build, removal and waive. A line of another phase's order gets that phase's reason."""

from __future__ import annotations

from typing import Protocol

from gmbot.engine.cursor import Cursor
from gmbot.engine.order_words import (
    BUILD_WORDS,
    CONVOY_WORDS,
    DISBAND_WORDS,
    HOLD_WORDS,
    LEADING_ADJUST,
    LEADING_RETREAT,
    MOVE_WORDS,
    NO_ORDER_WORD,
    NOISE,
    NOT_NOW_ADJUST,
    NOT_NOW_RETREAT,
    RETREAT_WORDS,
    SUPPORT_WORDS,
    UNIT_WORDS,
    WAIVE_WORDS,
)
from gmbot.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    OrderError,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)


class PlaceReader(Protocol):
    """The parser's pieces a grammar reads with (parse.py's OrderParser): named here, not
    imported, as parse.py imports the grammars."""

    def read_unit(self, cur: Cursor, what: str = "a unit's province") -> tuple[str | None, str]:
        ...

    def read_place(self, cur: Cursor, what: str = "a province") -> str: ...


def _ordering(cur: Cursor, loc: str) -> None:
    """The line is the order for the unit in `loc`: what a refusal of it from here on is
    about (cursor.py's `unit`)."""
    cur.unit = loc.split("/")[0]


def _skip_noise(cur: Cursor) -> None:
    while cur.peek() in NOISE:
        cur.take()


def movement(parser: PlaceReader, cur: Cursor, power: str) -> Order:
    first = cur.peek()
    if first in LEADING_RETREAT:
        raise OrderError(NOT_NOW_RETREAT)
    if first in LEADING_ADJUST:
        raise OrderError(NOT_NOW_ADJUST)
    utype, loc = parser.read_unit(cur)
    _ordering(cur, loc)
    _skip_noise(cur)
    word = cur.peek()
    if word is None or word in HOLD_WORDS:
        if word:
            cur.take()
        return Hold(power, utype, loc)
    if word in MOVE_WORDS:
        _move_words(cur)
        dest = parser.read_place(cur, "a destination")
        return Move(power, utype, loc, dest, _via(cur))
    if word in SUPPORT_WORDS:
        cur.take()
        return _support(parser, cur, power, utype, loc)
    if word in CONVOY_WORDS:
        cur.take()
        if cur.peek() in UNIT_WORDS and UNIT_WORDS[cur.peek() or ""] == "F":
            raise OrderError("only armies can be convoyed")
        _, target = parser.read_unit(cur, "the convoyed army")  # "the army in London"
        if cur.peek() not in MOVE_WORDS:
            raise OrderError("a convoy order names where the army goes: F NTH C A LON - BEL")
        _move_words(cur)
        return Convoy(power, utype, loc, target, parser.read_place(cur, "a destination"))
    if word in DISBAND_WORDS or word in RETREAT_WORDS:
        raise OrderError("retreats and disbands are given in a retreat phase, not now")
    raise OrderError(f"did not understand {word!r}: {NO_ORDER_WORD}")


def _move_words(cur: Cursor) -> None:
    while cur.peek() in MOVE_WORDS:
        cur.take()


def _via(cur: Cursor) -> bool:
    word = cur.peek()
    if word in ("VIA", "BY"):
        cur.take()
        if cur.peek() in CONVOY_WORDS:
            cur.take()
        return True
    return False


def _support(parser: PlaceReader, cur: Cursor, power: str, utype: str | None,
             loc: str) -> Order:
    ttype, target = parser.read_unit(cur, "the supported unit")  # "the army in Paris"
    target = target.split("/")[0]
    _skip_noise(cur)
    if cur.peek() in MOVE_WORDS:
        _move_words(cur)
        dest = parser.read_place(cur, "where the supported unit moves")
        _via(cur)  # support does not care how the unit travels
        return SupportMove(power, utype, loc, ttype, target, dest)
    if cur.peek() in HOLD_WORDS:
        cur.take()
    return SupportHold(power, utype, loc, ttype, target)


def retreat(parser: PlaceReader, cur: Cursor, power: str) -> Order:
    first = cur.peek()
    if first in DISBAND_WORDS:
        cur.take()
        utype, loc = parser.read_unit(cur)
        _ordering(cur, loc)
        return Disband(power, utype, loc)
    if first in LEADING_ADJUST - DISBAND_WORDS:  # REMOVE is a disband here
        raise OrderError(NOT_NOW_ADJUST)
    # "RETREAT A VEN - ROM", "RETREAT A VEN ROM": the order word first.
    leading = first in RETREAT_WORDS
    if leading:
        cur.take()
    utype, loc = parser.read_unit(cur)
    _ordering(cur, loc)
    word = cur.peek()
    if word in DISBAND_WORDS:
        cur.take()
        return Disband(power, utype, loc)
    if (leading and word is not None and word not in RETREAT_WORDS
            and word not in MOVE_WORDS):
        return Retreat(power, utype, loc, parser.read_place(cur, "where the unit retreats"))
    if word in RETREAT_WORDS or word in MOVE_WORDS:
        while cur.peek() in RETREAT_WORDS or cur.peek() in MOVE_WORDS:
            cur.take()
        return Retreat(power, utype, loc, parser.read_place(cur, "where the unit retreats"))
    if word is None:
        raise OrderError("say where the unit retreats (A PAR R BUR) or disband it (A PAR D)")
    raise OrderError(f"did not understand {word!r}: expected R (retreat) or D (disband)")


def adjustment(parser: PlaceReader, cur: Cursor, power: str) -> Order:
    word = cur.peek()
    if word in LEADING_RETREAT - DISBAND_WORDS:
        raise OrderError(NOT_NOW_RETREAT)
    if word in WAIVE_WORDS:
        cur.take()
        while cur.peek() in BUILD_WORDS or cur.peek() in ("A", "ONE"):
            cur.take()
        return Waive(power, None, "")
    if word in BUILD_WORDS:
        cur.take()
        utype, loc = parser.read_unit(cur)
        return Build(power, utype, loc)
    if word in DISBAND_WORDS or word == "-":
        cur.take()
        utype, loc = parser.read_unit(cur)
        _ordering(cur, loc)
        return Remove(power, utype, loc)
    utype, loc = parser.read_unit(cur)
    word = cur.peek()
    if word in BUILD_WORDS:
        cur.take()
        return Build(power, utype, loc)
    if word in DISBAND_WORDS:
        cur.take()
        _ordering(cur, loc)
        return Remove(power, utype, loc)
    if word in MOVE_WORDS | HOLD_WORDS | SUPPORT_WORDS | CONVOY_WORDS:
        # Orders for the coming Spring sent before the winter ends: no example of a
        # build or removal here, as one of another power's provinces misleads.
        raise OrderError("movement orders are given in the Spring and Fall, not in the "
                         "winter: send them again after the winter's results; now write "
                         "BUILD, REMOVE or WAIVE")
    raise OrderError("in an adjustment phase write BUILD, REMOVE or WAIVE (HELP shows "
                     "them with your units)")
