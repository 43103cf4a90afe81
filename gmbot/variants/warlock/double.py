"""Double orders: the first legs are adjudicated before the normal adjudication, among
the double-ordered units only; then each unit's second leg joins it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmbot.engine.check import check_order
from gmbot.engine.map import province_of
from gmbot.engine.orders import Hold, Move, Order, OrderError
from gmbot.engine.resolve import Resolution
from gmbot.engine.state import Dislodged, GameState, Unit
from gmbot.variants.warlock.casting import unit_of
from gmbot.variants.warlock.illusion import apply_swap
from gmbot.variants.warlock.log import private
from gmbot.variants.warlock.reveal import reveal_reason, seen
from gmbot.variants.warlock.spells import Cast

if TYPE_CHECKING:
    from gmbot.engine.hooks import Rules


def double_orders(rules: Rules, state: GameState, orders: dict[str, Order],
                   turn: dict[str, Any], casts: list[Cast], imperv: set[str]
                   ) -> tuple[GameState, dict[str, Order]]:
    """The first legs move first (only double-ordered units act; every other unit holds);
    a unit they dislodge is dislodged before it acts. Then each unit's second leg (or its
    own order line, for a unit that did not move) joins the normal adjudication."""
    legs: dict[str, Cast] = {}
    cast: Cast | None  # each cast in turn, then each unit's first leg if it has one
    for cast in casts:
        unit = unit_of(state, cast)
        if unit is None or cast.order is None:
            continue
        if unit.prov in imperv:
            private(turn, cast.power, f"{unit} is impervious: the double order is lost")
            continue
        legs[unit.prov] = cast
    if not legs:
        return state, orders
    first: dict[str, Order] = {}
    for prov, unit in state.units.items():
        cast = legs.get(prov)
        order = cast.order if cast else None
        first[prov] = order if order is not None else Hold(unit.power, unit.type, unit.loc)
    first = apply_swap(rules, state, first, {**turn, "shown": {}})
    res = Resolution(state, first, rules)
    res.run()
    units: dict[str, Unit] = {}
    new_orders: dict[str, Order] = {}
    for i, unit in enumerate(res.units):
        prov = res.src[i]
        name = str(unit)
        why = reveal_reason(res, i, turn) if unit.attrs.get("invisible") else None
        if why is not None:  # a bounce or a support on a first leg shows it
            unit = seen(state, turn, unit, why)
        if res.dislodged(i):
            a = res.attacker_of(i)
            assert a is not None
            turn["victims"].append({"unit": unit, "from": res.src[a], "convoy": res.convoyed[a]})
            order = orders.get(prov)
            turn["rows"][name] = [str(order) if order else f"{name} H", "dislodged"]
            continue
        cast = legs.get(prov)
        order = res.orders[i]
        if cast is not None and isinstance(order, Move) and res.move_ok(i):
            moved = Unit(unit.power, unit.type, order.dest, unit.attrs)
            units[moved.prov] = moved
            turn["rename"][str(moved)] = name
            second = _second_leg(rules, state, cast, moved)
            if second is not None:
                new_orders[moved.prov] = second
            continue
        units[prov] = unit
        if cast is not None:
            second = _second_leg(rules, state, cast, unit)
            if second is not None:
                new_orders[prov] = second
                continue
        if prov in orders and (cast is None or not isinstance(cast.order, Move)):
            new_orders[prov] = orders[prov]
    for prov, cast in legs.items():
        i = res.index[prov]
        turn.setdefault("legs", {})[cast.target] = [cast.argument(), res.result_code(i),
                                                    cast.then is not None]
    moved_from = {province_of(then.split()[-1]): province_of(now.split()[-1])
                  for now, then in turn["rename"].items()}
    turn["bonus"] = {moved_from.get(p, p): v for p, v in turn["bonus"].items()}
    state = state.with_(units=units)
    return state, new_orders


def _second_leg(rules: Rules, state: GameState, cast: Cast, unit: Unit) -> Order | None:
    then = cast.then
    if then is None:
        return None
    if then.prov != unit.prov:
        return None  # the first leg failed: the unit is not where its second leg starts
    try:
        return check_order(then, state.with_(units={**state.units, unit.prov: unit}), rules)
    except OrderError:
        return None


def first_leg_dislodged(turn: dict[str, Any]) -> dict[str, Dislodged]:
    return {
        v["unit"].prov: Dislodged(v["unit"], v["from"], v["convoy"]) for v in turn["victims"]
    }
