"""Reading a Warlock order line: a cast, a balloon's order, a double order's legs, a move
only a spell makes legal; refused as for an empty province where it names another
power's invisible unit, so that the answer tells nothing; no ghost supports or convoys,
no unit enters the bottle's ruins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmbot.engine.orders import Convoy, Move, Order, OrderError, SupportHold, SupportMove
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState
from gmbot.variants.warlock.balloon import parse_air, support_down
from gmbot.variants.warlock.builds import ruined_build
from gmbot.variants.warlock.casting import check_cast, check_magic_move
from gmbot.variants.warlock.legs import named_ahead, parse_owner_legs
from gmbot.variants.warlock.log import turn_of
from gmbot.variants.warlock.magic import magic_only
from gmbot.variants.warlock.removal import parse_air_remove
from gmbot.variants.warlock.retreats import parse_blocked
from gmbot.variants.warlock.spells import is_cast, parse_cast
from gmbot.variants.warlock.turn import blocked
from gmbot.variants.warlock.unseen import unseen_target, unseen_unit

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser


def warlock_line(rules: StandardRules, parser: OrderParser, line: str, power: str,
                 state: GameState) -> Order | None:
    """The rules' `parse_extra`: the line's Warlock order, None for a standard one."""
    if is_cast(line):
        return check_cast(parse_cast(parser, line, power), state, rules)
    if state.phase.kind == ADJUSTMENT:
        removal = parse_air_remove(parser, line, power, state)
        if removal is not None:
            return removal
        unseen_unit(parser, line, power, state)
        ruined_build(parser, line, power, state)
        return None
    if state.phase.kind != MOVEMENT:
        return parse_blocked(parser, line, power, state, rules)
    air = parse_air(parser, line, power, state)
    if air is not None:
        return air
    legs = parse_owner_legs(parser, line, power, state, rules)
    if legs is not None:
        return legs
    try:
        order = parser.parse(line, power, MOVEMENT)
    except OrderError:
        return None  # the standard grammar gives the reason
    unit = state.units.get(order.prov)
    ahead = named_ahead(order, unit, state)
    if ahead is not None:
        return ahead
    unseen_target(state, order, power)
    if unit is not None and unit.attrs.get("invisible") and unit.power != power:
        raise OrderError(f"no unit in {order.prov}")  # as for an empty province
    down = support_down(state, order, unit, rules)
    if down is not None:
        return down
    if unit is None or unit.power != power:
        return None
    if unit.attrs.get("ghost") and isinstance(order, (SupportHold, SupportMove, Convoy)):
        raise OrderError(f"{unit} is a ghost: a ghost cannot support or convoy")
    if isinstance(order, Move) and order.dest_prov in blocked(state, turn_of(state)):
        raise OrderError(f"{order.dest_prov} is destroyed by the bottle: no unit may enter")
    if unit.attrs.get("any_terrain"):
        return check_magic_move(order, unit, state, rules)
    return magic_only(order, unit, state, rules)
