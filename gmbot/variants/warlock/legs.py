"""A double order's two legs: checked from where each leg starts, and written by the
unit's owner as its order line when another power cast DOUBLE ORDERS on it (the ruling:
a spell cast on another's unit works for that unit's own orders). Legs legal only under
walk on water or swim in land, or under a double order not yet known, are accepted at
submission and decided at adjudication, when all the casts are known."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from gmbot.engine.check import check_order
from gmbot.engine.orders import Convoy, Hold, Order, OrderError, SupportHold, SupportMove
from gmbot.engine.state import GameState, Unit
from gmbot.variants.warlock.balloon import aloft
from gmbot.variants.warlock.casting import check_legs, unit_of
from gmbot.variants.warlock.spells import Cast, legs_text, parse_legs
from gmbot.variants.warlock.unseen import unseen_target

if TYPE_CHECKING:
    from gmbot.engine.hooks import Rules
    from gmbot.engine.parse import OrderParser

@dataclass(frozen=True, slots=True)
class DoubleLegs(Order):
    """A unit's order line with two legs (`A EDI - NWY - SWE`, `... THEN ...`): carried
    out if DOUBLE ORDERS is cast on the unit this turn, by anyone; else the unit holds."""

    first: Order | None = None
    then: Order | None = None

    def __str__(self) -> str:
        assert self.first is not None
        return legs_text(self.first, self.then)


def looks_like_legs(line: str) -> bool:
    """Two arrows or a THEN: no standard order line has either."""
    return bool(re.search(r"\sTHEN\s", line, re.IGNORECASE)) or line.count("-") == 2


def parse_owner_legs(parser: OrderParser, line: str, power: str, state: GameState,
                     rules: Rules) -> DoubleLegs | None:
    """The owner's two legs for a unit of his, checked as a double order's; None if the
    line is no such order."""
    if not looks_like_legs(line):
        return None
    first, then = parse_legs(parser, line, power)
    unit = state.units.get(first.prov)
    if unit is None or unit.power != power or then is None:
        return None  # the standard grammar gives the reason
    first, then = check_legs(unit, first, then, state, rules)
    return DoubleLegs(power, unit.type, unit.loc, first=first, then=then)


def owner_legs(state: GameState, orders: dict[str, Order], turn: dict[str, Any],
               casts: list[Cast]) -> tuple[list[Cast], dict[str, Order]]:
    """The casts with the legs their units' owners wrote (a cast naming the unit alone),
    and the orders without those lines. Legs written for a unit no double order was cast
    on are refused: the unit holds."""
    out = dict(orders)
    named = {}
    for cast in casts:
        unit = unit_of(state, cast)
        if unit is not None:
            named[unit.prov] = cast
    filled: list[Cast] = []
    for cast in casts:
        unit = unit_of(state, cast)
        line = out.get(unit.prov) if unit is not None else None
        if isinstance(line, DoubleLegs) and cast.order is None:
            cast = Cast(cast.power, None, "", cast.spell, target=cast.target,
                        order=line.first, then=line.then)
        filled.append(cast)
    for prov, order in orders.items():
        if not isinstance(order, DoubleLegs):
            continue
        out[prov] = Hold(order.power, order.utype, order.loc)
        if prov not in named:
            turn["refused"].append([order.power, str(order),
                                    f"no DOUBLE ORDERS was cast on {order.unit_text} this "
                                    "turn: the unit holds"])
    return filled, out



NAMING = (SupportHold, SupportMove, Convoy)  # orders that name another unit


def named_ahead(order: Order, unit: Unit | None, state: GameState) -> Order | None:
    """A support or convoy of the player's own `unit` (not a ghost) naming a province
    where he sees no unit now: a double order's first leg may bring one there (the
    ruling), so it is accepted as written and decided at adjudication. Another power's
    invisible unit counts as none, so the answer tells nothing. None for any other order."""
    if unit is None or unit.power != order.power or unit.attrs.get("ghost"):
        return None
    if not isinstance(order, NAMING) or _seen(state, order.target, order.power):
        return None
    if order.target not in state.map.provinces or order.target in aloft(state):
        return None  # the standard check names the unknown province; balloons their own
    return replace(order, utype=unit.type, loc=unit.loc)


def _seen(state: GameState, prov: str, viewer: str) -> bool:
    unit = state.units.get(prov)
    return unit is not None and not (unit.attrs.get("invisible") and unit.power != viewer)


def decide_ahead(rules: Rules, start: GameState, now: GameState, orders: dict[str, Order],
                 turn: dict[str, Any]) -> dict[str, Order]:
    """After the first legs: each order accepted for naming a unit its power did not see
    at the start stands if it is legal now (another power's invisible unit is still none);
    else it is refused, as for an empty province, and its unit holds."""
    out = dict(orders)
    for prov, order in orders.items():
        if not isinstance(order, NAMING) or _seen(start, order.target, order.power):
            continue
        try:
            unseen_target(now, order, order.power)
            out[prov] = check_order(order, now, rules)
        except OrderError as e:
            turn["refused"].append([order.power, str(order), str(e)])
            out[prov] = Hold(order.power, order.utype, order.loc)
    return out
