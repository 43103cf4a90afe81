"""The move a line means that names a province where its order word belongs ("F BRE MAO":
F BRE - MAO), for the "did you mean" of its refusal (vocabulary.py): only where the unit
could make that move, bordering it, or for an army by a convoy the fleets at sea could
make, so that a guess is a move the judge would take. The map and the rules' own
adjacency hooks decide, never a variant's name."""

from __future__ import annotations

from gmbot.engine.check import convoy_possible
from gmbot.engine.cursor import Cursor
from gmbot.engine.map import province_of
from gmbot.engine.order_words import CONVOY_WORDS, NOISE
from gmbot.engine.orders import OrderError
from gmbot.engine.parse import OrderParser
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState


def move_meant(text: str, parser: OrderParser, rules: StandardRules,
               state: GameState) -> str | None:
    """"F BRE - MAO" for the line "F BRE MAO" when the fleet could move there; None for a
    line that is no unit followed by a province alone, or a move the unit cannot make."""

    def unit_then_place(cur: Cursor) -> tuple[str | None, str, str, bool]:
        utype, loc = parser.read_unit(cur)
        while cur.peek() in NOISE:
            cur.take()
        dest = parser.read_place(cur, "a destination")
        via = cur.peek() in ("VIA", "BY")
        if via:
            cur.take()
            if cur.peek() in CONVOY_WORDS:
                cur.take()
        return utype, loc, dest, via

    try:
        utype, loc, dest, via = parser.read_all(parser.tokens(text), unit_then_place)
    except OrderError:
        return None
    if not _could_move(rules, state, utype, loc, dest):
        return None
    unit = f"{utype} {loc}" if utype else loc
    return f"{unit} - {dest}" + (" VIA CONVOY" if via else "")


def _could_move(rules: StandardRules, state: GameState, utype: str | None, loc: str,
                dest: str) -> bool:
    """Whether a unit of `utype` (None: either kind) at `loc` could move to `dest`."""
    gmap = state.map
    src, to = province_of(loc), province_of(dest)
    if src == to or src not in gmap.provinces or to not in gmap.provinces:
        return False
    if utype in (None, "A") and (rules.army_adjacent(state, src, to)
                                 or convoy_possible(state, rules, src, to)):
        return True
    # A fleet written without its coast ("F SPA WES") may stand on any of them.
    starts = [loc] if "/" in loc else list(gmap.fleet_locations(src))
    return utype in (None, "F") and any(rules.fleet_targets(state, at, to) for at in starts)
