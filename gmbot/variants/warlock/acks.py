"""What a Warlock acknowledgement adds: each cast refused for want of uses, the spells
left, and a note for each line decided only at adjudication (a double order's legs, a
unit named where a first leg will put it, a move only a spell makes legal)."""

from __future__ import annotations

from gmbot.engine.orders import Order
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.variants.warlock.examples import carried_notes
from gmbot.variants.warlock.legs import DoubleLegs, named_ahead
from gmbot.variants.warlock.magic import needs_magic
from gmbot.variants.warlock.spells import SPELLS, Cast, describe_left, spells_left


def warlock_ack(rules: StandardRules, state: GameState, power: str,
                orders: list[Order]) -> list[str]:
    """The rules' `ack_lines`."""
    left = spells_left(state.power_attrs.get(power, {}))
    lines = []
    for cast in (o for o in orders if isinstance(o, Cast)):
        if left[cast.spell] <= 0:
            lines.append(f"Refused: {cast} -- you have no {SPELLS[cast.spell].word} "
                         "left for it (your earlier cast of it stands)")
        else:
            left[cast.spell] -= 1
    lines.append(f"Spells left after these orders: {describe_left(left)}")
    lines += carried_notes(orders)
    for order in orders:
        if isinstance(order, DoubleLegs):
            lines.append(f"Note: {order} is carried out if DOUBLE ORDERS is cast on "
                         f"{order.unit_text} this turn, by you or another warlock; it is "
                         "decided at adjudication (without it the unit holds)")
        unit = state.units.get(order.prov) if order.loc else None
        if unit is not None and named_ahead(order, unit, state) is not None:
            lines.append(f"Note: {order} names a unit where none stands now; it is "
                         "decided at adjudication, once the first legs of double "
                         "orders are made")
        if needs_magic(state, order, rules):
            spell = "WALK ON WATER" if order.utype == "A" else "SWIM IN LAND"
            lines.append(f"Note: {order} is legal only if {spell} is cast on "
                         f"{order.unit_text} this turn; it is decided at adjudication")
    return lines
