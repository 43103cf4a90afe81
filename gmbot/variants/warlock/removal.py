"""Removing a unit in the air. A unit aloft counts for the winter like any other, so it
can be removed: by its owner's `REMOVE BALLOON A NTH` (or `REMOVE A NTH` when no unit of
his stands on the ground there), and by civil disorder when the removals owed are more
than his units on the ground."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.cursor import Cursor
from gmbot.engine.orders import Order, OrderError, Remove
from gmbot.engine.parse import OrderParser
from gmbot.engine.state import ADJUSTMENT, GameState
from gmbot.variants.warlock.balloon import aloft, with_aloft

if TYPE_CHECKING:
    from gmbot.engine.rules import StandardRules

_AIR = re.compile(r"^\s*(?:REMOVE|DISBAND)\s+(?:BALLOON|AIR)\s+(.+)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class AirRemove(Remove):
    """The removal of a unit in the air; `loc` stays empty (it is not on the board)."""

    unit: str = ""

    def __str__(self) -> str:
        return f"REMOVE BALLOON {self.unit}"


def parse_air_remove(parser: OrderParser, line: str, power: str,
                     state: GameState) -> Order | None:
    """`REMOVE BALLOON A NTH`, or a plain `REMOVE A NTH` where the power has a unit in the
    air and none on the ground; None for any other line."""
    up = aloft(state)
    if not up:
        return None
    match = _AIR.match(line)
    if match:
        cur = Cursor(parser.tokens(match.group(1)))
        utype, loc = parser.read_unit(cur)
        if not cur.done():
            raise OrderError("write REMOVE BALLOON A NTH")
    else:
        try:
            order = parser.parse(line, power, ADJUSTMENT)
        except OrderError:
            return None
        if not isinstance(order, Remove) or order.prov in state.units:
            return None
        utype, loc = order.utype, order.loc
    prov = loc.split("/")[0]
    unit = up.get(prov)
    if unit is None or unit.power != power or (utype and utype != unit.type):
        if match:
            raise OrderError(f"you have no unit in the air over {prov}")
        return None
    return AirRemove(power, None, "", unit=str(unit))


def remove_aloft(rules: StandardRules, state: GameState, orders: list[Order],
                 turn: dict[str, Any]) -> tuple[GameState, list[Order]]:
    """Carry out the removals of units in the air, and the civil disorder that must take
    them (more removals owed than units on the ground); the other orders are left."""
    air = [o for o in orders if isinstance(o, AirRemove)]
    rest = [o for o in orders if not isinstance(o, AirRemove)]
    up = aloft(state)
    if not up:
        return state, rest
    counts = adjustment_counts(state, rules)
    for power in sorted({u.power for u in up.values()}):
        owed = -counts.get(power, 0)
        mine = {str(u): p for p, u in up.items() if u.power == power}
        for order in (o for o in air if o.power == power):
            if owed <= 0:
                turn["refused"].append([power, str(order), "you have no units to remove"
                                        if counts.get(power, 0) >= 0 else
                                        f"you must remove only {-counts[power]}"])
            elif order.unit in mine:
                del up[mine.pop(order.unit)]
                owed -= 1
                turn["public"].append(f"{order.unit} ({_name(state, power)}), in the air, "
                                      "is removed")
        on_ground = len(state.units_of(power))
        ground_removes = sum(1 for o in rest if isinstance(o, Remove) and o.power == power)
        # Civil disorder takes units in the air only when those on the ground cannot pay.
        for name in sorted(mine)[:max(0, owed - max(on_ground, ground_removes))]:
            del up[mine[name]]
            turn["public"].append(f"{name} ({_name(state, power)}), in the air, is removed "
                                  "by civil disorder")
    return with_aloft(state, up), rest


def _name(state: GameState, power: str) -> str:
    return state.map.powers[power].name
