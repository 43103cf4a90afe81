"""Double orders: the first legs are adjudicated before the normal adjudication, among
the double-ordered units only; then each unit's second leg joins it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmbot.engine.map import province_of
from gmbot.engine.orders import Hold, Move, Order, OrderError, SupportMove
from gmbot.engine.resolve import Resolution
from gmbot.engine.state import Dislodged, GameState, Unit
from gmbot.engine.steps import steps_of
from gmbot.variants.warlock import reasons
from gmbot.variants.warlock.casting import check_leg, unit_of
from gmbot.variants.warlock.cutting import cut_if_named
from gmbot.variants.warlock.illusion import apply_swap
from gmbot.variants.warlock.legs import decide_ahead, owner_legs
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
    casts, orders = owner_legs(state, orders, turn, casts)
    legs = _cast_legs(state, turn, casts, imperv)
    if not legs:
        return state, decide_ahead(rules, state, state, orders, turn)
    first, void = _first_legs(rules, state, turn, legs)
    res = Resolution(state, first, rules)
    res.run()
    units: dict[str, Unit] = {}
    new_orders: dict[str, Order] = {}
    seconds: set[str] = set()  # where the units with a second leg stand
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
            reasons.dislodged_ahead(turn, name, str(res.units[a]))
            continue
        cast = legs.get(prov)
        order = res.orders[i]
        if cast is not None and isinstance(order, Move) and res.move_ok(i):
            moved = Unit(unit.power, unit.type, order.dest, unit.attrs)
            units[moved.prov] = moved
            turn["rename"][str(moved)] = name
            second = _second_leg(rules, state, cast, moved, turn)
            if second is not None:
                new_orders[moved.prov] = second
                seconds.add(moved.prov)
            continue
        units[prov] = unit
        if cast is not None:
            second = _second_leg(rules, state, cast, unit, turn)
            if second is not None:
                new_orders[prov] = second
                seconds.add(prov)
                continue
        if prov in orders and (cast is None or not isinstance(cast.order, Move)):
            new_orders[prov] = orders[prov]
    for prov, cast in legs.items():
        i = res.index[prov]
        code = "void" if prov in void else res.result_code(i)
        # What the picture draws of the legs the cast names (its row's first part).
        lead = steps_of(cast.order) if cast.order is not None else ()
        trail = steps_of(cast.then) if cast.then is not None else ()
        turn.setdefault("legs", {})[cast.target] = [cast.argument(), code,
                                                    cast.then is not None, lead, trail]
    moved_from = {province_of(then.split()[-1]): province_of(now.split()[-1])
                  for now, then in turn["rename"].items()}
    turn["bonus"] = {moved_from.get(p, p): v for p, v in turn["bonus"].items()}
    after = state.with_(units=units)
    return after, _cut_second_legs(after, decide_ahead(rules, state, after, new_orders, turn),
                                   turn, seconds)


def _cut_second_legs(after: GameState, orders: dict[str, Order], turn: dict[str, Any],
                     seconds: set[str]) -> dict[str, Order]:
    """The second legs are in the normal adjudication, where cut-support spells act (the
    other orders were cut before the first legs): a support they name is cut, reported in
    the row of the unit's name at the start of the turn."""
    out = dict(orders)
    for prov in seconds:
        name = str(after.units[prov])
        out[prov] = cut_if_named(out[prov], turn, turn["rename"].get(name, name))
    return out


def _cast_legs(state: GameState, turn: dict[str, Any], casts: list[Cast],
               imperv: set[str]) -> dict[str, Cast]:
    """The double orders with legs, by their unit's province (an impervious unit's lost)."""
    legs: dict[str, Cast] = {}
    for cast in casts:
        unit = unit_of(state, cast)
        if unit is None or cast.order is None:
            continue
        if unit.prov in imperv:
            private(turn, cast.power, f"{unit} is impervious: the double order is lost")
            continue
        legs[unit.prov] = cast
    return legs


def _first_legs(rules: Rules, state: GameState, turn: dict[str, Any],
                legs: dict[str, Cast]) -> tuple[dict[str, Order], set[str]]:
    """Every unit's order in the first legs' adjudication (a hold but for the first legs
    that stand now), and the provinces of the first legs that do not."""
    first: dict[str, Order] = {}
    void: set[str] = set()
    for prov, unit in state.units.items():
        cast = legs.get(prov)
        order = cast.order if cast else None
        if order is not None:
            order = leg_now(rules, state, unit, order, turn)
            if order is None:
                void.add(prov)
        first[prov] = order if order is not None else Hold(unit.power, unit.type, unit.loc)
    return apply_swap(rules, state, first, {**turn, "shown": {}}), void


def _second_leg(rules: Rules, state: GameState, cast: Cast, unit: Unit,
                turn: dict[str, Any]) -> Order | None:
    """The second leg as the normal adjudication takes it (the illusion redirects it as
    it does first legs), or None: the unit stays where it is."""
    then = cast.then
    if then is None:
        return None
    if then.prov != unit.prov:
        # The first leg failed, or an illusion took it elsewhere: the unit is not where
        # its second leg starts, and that leg is void.
        private(turn, unit.power, f"{unit}: the second leg {then} is void, the unit is not "
                                  f"in {then.prov}")
        return None
    here = state.with_(units={**state.units, unit.prov: unit})
    leg = leg_now(rules, here, unit, then, turn)
    if leg is None:
        return None
    return apply_swap(rules, here, {unit.prov: leg}, {**turn, "shown": {}})[unit.prov]


def leg_now(rules: Rules, state: GameState, unit: Unit, leg: Order,
            turn: dict[str, Any]) -> Order | None:
    """A leg as it stands at adjudication, when all the casts are known: legal for the
    unit now (walk on water or swim in land cast, or not), and not the illusionist's own
    move or support into his swap; else None, with the reason told to the unit's owner."""
    seers = turn.get("illusionists", {})
    if isinstance(leg, (Move, SupportMove)) and seers.get(leg.dest_prov) == unit.power:
        private(turn, unit.power, f"{leg} is void: the illusionist sees the truth of his "
                                  f"spell and may not move or support into {leg.dest_prov}")
        return None
    try:
        return check_leg(leg, unit, state, rules, may_need_magic=False)
    except OrderError as e:
        turn["refused"].append([unit.power, str(leg), str(e)])
        return None


def first_leg_dislodged(turn: dict[str, Any]) -> dict[str, Dislodged]:
    return {
        v["unit"].prov: Dislodged(v["unit"], v["from"], v["convoy"]) for v in turn["victims"]
    }
