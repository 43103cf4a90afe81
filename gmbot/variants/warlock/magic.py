"""Moves legal only under walk on water or swim in land. Such a spell may be cast on any
power's unit, by anyone, in the same mail or another: a move that needs it is accepted at
submission with a note and decided at adjudication, when all the casts are known."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmbot.engine.check import check_order
from gmbot.engine.orders import Hold, Move, Order, OrderError
from gmbot.engine.state import GameState, Unit
from gmbot.variants.warlock.casting import check_leg

if TYPE_CHECKING:
    from gmbot.engine.hooks import Rules

WORD_OF = {"A": "WALK ON WATER", "F": "SWIM IN LAND"}


def magic_only(order: Order, unit: Unit, state: GameState, rules: Rules) -> Order | None:
    """None when the standard check decides the order (legal or not); the order, when
    it is a move only the unit's walk on water or swim in land would make legal."""
    if not isinstance(order, Move) or unit.attrs.get("any_terrain"):
        return None
    try:
        check_order(order, state, rules)
        return None
    except OrderError:
        return check_leg(order, unit, state, rules)


def needs_magic(state: GameState, order: Order, rules: Rules) -> bool:
    """Whether a move, as accepted, stands only if the spell is cast this turn."""
    if not isinstance(order, Move):
        return False
    unit = state.units.get(order.prov)
    if unit is None or unit.attrs.get("any_terrain") or unit.power != order.power:
        return False
    try:
        check_order(order, state, rules)
    except OrderError:
        return True
    return False


def conditional_moves(rules: Rules, state: GameState,
                      orders: dict[str, Order]) -> dict[str, Move]:
    """At the start of the turn: the moves that wait for the spell."""
    return {p: o for p, o in orders.items()
            if isinstance(o, Move) and needs_magic(state, o, rules)}


def refuse_unmet(state: GameState, orders: dict[str, Order], turn: dict[str, Any],
                 waiting: dict[str, Move]) -> None:
    """After the turn's spells: a waiting move whose unit got no spell holds, refused."""
    for prov, move in waiting.items():
        unit = state.units.get(prov)
        if unit is None or orders.get(prov) is not move or unit.attrs.get("any_terrain"):
            continue
        orders[prov] = Hold(move.power, move.utype, move.loc)
        turn["refused"].append([move.power, str(move),
                                f"no {WORD_OF[unit.type]} was cast on {unit} this turn: "
                                "the move is not possible without it"])
