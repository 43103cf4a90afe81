"""Before the movement resolution: the spells in the text's sequence (section 5).

1) Power impervious  2) vaporize, spin the bottle  3) make invisible, catastrophe,
illusion  4) normal adjudication, preceded by the first legs of double orders. What the
resolver must know (impervious units, added supports, blocked provinces, the illusion's
swap) goes into the turn record read by the rule hooks.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gmbot.engine.check import check_order
from gmbot.engine.map import COAST, LAND, SEA, province_of
from gmbot.engine.orders import (
    Convoy,
    Hold,
    Move,
    Order,
    OrderError,
    SupportHold,
    SupportMove,
)
from gmbot.engine.resolve import Resolution
from gmbot.engine.state import Dislodged, GameState, Phase, Unit
from gmbot.variants.warlock.balloon import AirOrder, fly, rise
from gmbot.variants.warlock.log import private, with_attrs, with_turn
from gmbot.variants.warlock.spells import ATTACK, SPELLS, Cast, spells_left

if TYPE_CHECKING:
    from gmbot.engine.hooks import Rules

# Spells whose use on an invisible unit its owner keeps secret until the unit is seen.
SECRET_ON_INVISIBLE = {"double", "walk_water", "swim_land", "support1", "support2",
                       "impervious", "balloon"}


def next_movement(phase: Phase) -> Phase:
    if phase.season == "S":
        return Phase.make("F", phase.year, "M")
    return Phase.make("S", phase.year + 1, "M")


def public_text(cast: Cast) -> str:
    """What everyone reads of a cast: an invisible unit's order and a ghost's move are
    not told."""
    if cast.spell in ("invisible", "ghost"):
        return f"CAST {SPELLS[cast.spell].word} {cast.target}"
    return str(cast)


def spend(state: GameState, casts: list[Cast], turn: dict[str, Any]) -> tuple[GameState,
                                                                           list[Cast]]:
    """Take each cast's use off its warlock (cast = spent, whether it works or not); a
    spell cast more often than the warlock has it is refused, the first casts standing."""
    attrs = {p: dict(a) for p, a in state.power_attrs.items()}
    done: list[Cast] = []
    for cast in casts:
        power_attrs = attrs.setdefault(cast.power, {})
        left = spells_left(power_attrs)
        if left[cast.spell] <= 0:
            turn["refused"].append([cast.power, str(cast),
                                    f"you have no {SPELLS[cast.spell].word} left"])
            continue
        left[cast.spell] -= 1
        power_attrs["spells"] = left
        done.append(cast)
    return state.with_(power_attrs=attrs), done


def _unit_of(state: GameState, cast: Cast) -> Unit | None:
    if not cast.target:
        return None
    unit = state.units.get(province_of(cast.target.split()[-1]))
    return unit if unit is not None and str(unit) == cast.target else None


def run_spells(
    rules: Rules, state: GameState, orders: dict[str, Order], casts: list[Cast],
    air: list[AirOrder] | None = None,
) -> tuple[GameState, dict[str, Order]]:
    state, turn = with_turn(state)
    state, casts = spend(state, casts, turn)
    by_spell: dict[str, list[Cast]] = {}
    # Units their owner makes invisible this turn: his other spells on them are secret too.
    vanishing = {(c.power, c.target) for c in casts if c.spell == "invisible"}
    for cast in casts:
        by_spell.setdefault(cast.spell, []).append(cast)
        unit = _unit_of(state, cast)
        secret = (unit is not None and cast.spell in SECRET_ON_INVISIBLE
                  and unit.power == cast.power
                  and (unit.attrs.get("invisible") or (cast.power, str(unit)) in vanishing))
        private(turn, cast.power, f"You cast: {cast}")
        if secret:
            assert unit is not None
            turn.setdefault("secret", []).append(str(cast))
            state = _replace_unit(state, with_attrs(
                unit, secret_spells=[*unit.attrs.get("secret_spells", []), str(cast)]))
        else:
            turn["public"].append(f"{state.map.powers[cast.power].name}: {public_text(cast)}")

    # 1) Power impervious: the unit stands; it may support but not move.
    imperv: set[str] = set()
    for cast in by_spell.get("impervious", []):
        unit = _unit_of(state, cast)
        if unit is not None:
            imperv.add(unit.prov)
            order = orders.get(unit.prov)
            if isinstance(order, Move):
                orders[unit.prov] = Hold(unit.power, unit.type, unit.loc)
                private(turn, unit.power, f"{unit} is impervious and stands: "
                                          f"{order} is not carried out")
    turn["imperv"] = sorted(imperv)

    # 2) Vaporize and spin the bottle.
    for cast in by_spell.get("vaporize", []):
        unit = _unit_of(state, cast)
        if unit is None:
            continue  # vaporized twice, or gone
        if unit.prov in imperv:
            turn["public"].append(f"{unit} is impervious: the vaporize spell fails")
            continue
        state, orders = _destroy(state, orders, turn, unit, "vaporized")
    for cast in by_spell.get("bottle", []):
        state, orders = _spin_bottle(rules, state, orders, turn, cast, imperv)
    for cast in by_spell.get("undead", []):
        state = _undead(rules, state, turn, cast)
    state = _home_and_builds(state, by_spell)

    # 3) Make invisible, catastrophe, illusion.
    for cast in by_spell.get("invisible", []):
        unit = _unit_of(state, cast)
        if unit is not None:
            state = _replace_unit(state, with_attrs(unit, invisible=unit.prov))
            if cast.order is not None and cast.order.power == unit.power:
                _carry(orders, turn, unit, cast.order, imperv)
    for cast in by_spell.get("catastrophe", []):
        turn["blocked"].append(cast.places[0])
        turn["public"].append(f"A catastrophe strikes {cast.places[0]}: no unit may enter it "
                              "this turn; a unit that stays there is destroyed")
    _illusion(state, turn, by_spell.get("illusion", []))

    # Walking on water and swimming in land last a year: this turn and the next.
    until = str(next_movement(state.phase))
    for cast in by_spell.get("walk_water", []) + by_spell.get("swim_land", []):
        unit = _unit_of(state, cast)
        if unit is not None:
            state = _replace_unit(state, with_attrs(unit, **{cast.spell: until},
                                                    any_terrain=True))
            if cast.order is not None:
                _carry(orders, turn, unit, cast.order, imperv)
    # Balloons: new ones rise (not an impervious unit), those aloft drift or land.
    risen: set[str] = set()
    for cast in by_spell.get("balloon", []):
        unit = _unit_of(state, cast)
        if unit is not None and unit.prov not in imperv:
            orders.pop(unit.prov, None)
            state = rise(state, unit, turn)
            risen.add(unit.prov)
    landed_before = set(state.units)
    state = fly(state, list(air or ()), turn, risen)
    turn["landed"] = sorted(str(u) for p, u in state.units.items() if p not in landed_before)

    # Moves into a catastrophe, a bottle's ruin or a swapped province the illusionist
    # sees through do not happen: the unit stands.
    orders = _block_moves(rules, state, orders, turn)
    orders = _apply_swap(rules, state, orders, turn)

    # Ghosts: the new ones appear beside their unit; no ghost meets the resolver.
    state, orders = _ghosts(state, orders, turn, by_spell.get("ghost", []))

    # Cut-support spells: the supports named are cut (the unit stands, reported cut).
    orders = _cut_supports(state, orders, turn, by_spell.get("cut1", []) +
                           by_spell.get("cut2", []))

    # Added supports, by the unit's place at the start (a double order's legs are told
    # apart by the destination named).
    for cast in by_spell.get("support1", []) + by_spell.get("support2", []):
        unit = _unit_of(state, cast)
        if unit is None:
            continue
        n = 1 if cast.spell == "support1" else 2
        dest = cast.order.dest_prov if isinstance(cast.order, Move) else None
        dest = turn["swap"].get(dest, dest) if dest else None
        cuts = {tuple(c) for c in turn["cuts"]}
        if (dest and (ATTACK, dest) in cuts) or (not dest and ("DEFENCE", unit.prov) in cuts):
            if str(cast) in turn.get("secret", ()):
                private(turn, cast.power, f"{cast} is cut by a cut-support spell")
            else:
                turn["public"].append(f"{cast} is cut by a cut-support spell")
            continue
        held = turn["bonus"].get(unit.prov)
        if held and held[1] == dest:
            n += held[0]
        turn["bonus"][unit.prov] = [n, dest]

    # 4) Double orders: the first legs are adjudicated before everything else.
    state, orders = _double_orders(rules, state, orders, turn, by_spell.get("double", []),
                                   imperv)
    return state, orders


def _carry(orders: dict[str, Order], turn: dict[str, Any], unit: Unit, order: Order,
           imperv: set[str]) -> None:
    """A spell's unit order becomes the unit's order, save a move of an impervious unit:
    power impervious (step 1, before any other spell) makes the unit stand, whichever
    spell carries the move (the ruling on MAKE INVISIBLE F LON - NTH)."""
    if unit.prov in imperv and isinstance(order, Move):
        private(turn, unit.power, f"{unit} is impervious and stands: {order} is not "
                                  "carried out")
        return
    orders[unit.prov] = order


def _replace_unit(state: GameState, unit: Unit) -> GameState:
    return state.with_(units={**state.units, unit.prov: unit})


def _destroy(state: GameState, orders: dict[str, Order], turn: dict[str, Any], unit: Unit,
             how: str) -> tuple[GameState, dict[str, Order]]:
    units = dict(state.units)
    del units[unit.prov]
    order = orders.pop(unit.prov, None)
    text = str(order) if order is not None else f"{unit} H"
    shown = "hidden" if unit.attrs.get("invisible") else text
    turn["rows"][str(unit)] = [text if shown == text else f"{unit} H", how]
    turn["public"].append(f"{unit} ({state.map.powers[unit.power].name}) is {how}")
    return state.with_(units=units), orders


def _spin_bottle(rules: Rules, state: GameState, orders: dict[str, Order],
                 turn: dict[str, Any], cast: Cast, imperv: set[str]
                 ) -> tuple[GameState, dict[str, Order]]:
    places = sorted(p for p, v in state.map.provinces.items() if v.type in (LAND, COAST, SEA))
    prov = rules.rng(state, f"bottle:{cast.power}").choice(places)
    turn["random"].append({"purpose": "spin the bottle", "power": cast.power, "drawn": prov})
    until = str(next_movement(state.phase))
    bottle = {**(state.extra.get("bottle") or {}), prov: until}
    state = state.with_(extra={**state.extra, "bottle": bottle})
    turn["public"].append(f"The bottle spun by {state.map.powers[cast.power].name} points "
                          f"at {prov}: it is destroyed and impassable until after {until}")
    unit = state.units.get(prov)
    if unit is not None:
        if prov in imperv:
            turn["public"].append(f"{unit} is impervious and survives")
        else:
            state, orders = _destroy(state, orders, turn, unit, "destroyed by the bottle")
    return state, orders


def _undead(rules: Rules, state: GameState, turn: dict[str, Any],
            cast: Cast) -> GameState:
    kinds = (LAND, COAST) if cast.utype_wanted == "A" else (COAST, SEA)
    free = sorted(p for p, v in state.map.provinces.items()
                  if v.type in kinds and p not in state.units and p not in blocked(state, turn))
    if not free:
        return state
    prov = rules.rng(state, f"undead:{cast.power}").choice(free)
    loc = prov
    if cast.utype_wanted == "F":
        loc = state.map.fleet_locations(prov)[0]
    unit = Unit(cast.power, cast.utype_wanted, loc, {})
    turn["random"].append({"purpose": "undead", "power": cast.power, "drawn": loc})
    turn["public"].append(f"{state.map.powers[cast.power].name} rises undead: {unit}")
    attrs = {p: dict(a) for p, a in state.power_attrs.items()}
    attrs.setdefault(cast.power, {})["undead"] = state.phase.year
    return state.with_(units={**state.units, prov: unit}, power_attrs=attrs)


def _home_and_builds(state: GameState, by_spell: dict[str, list[Cast]]) -> GameState:
    """Move home SC: the centre now lies in the province named (kept under its own name,
    so ownership and home lists do not change). Extra build: noted for this winter."""
    moved = dict(state.extra.get("moved_centres") or {})
    for cast in by_spell.get("move_home", []):
        centre, dest = cast.places
        if state.centers.get(centre) == cast.power:
            moved[centre] = dest
    attrs = {p: dict(a) for p, a in state.power_attrs.items()}
    for cast in by_spell.get("extra_build", []):
        attrs.setdefault(cast.power, {})["extra_build"] = {"year": state.phase.year}
    extra = {**state.extra, "moved_centres": moved} if moved else state.extra
    return state.with_(extra=extra, power_attrs=attrs)


def blocked(state: GameState, turn: dict[str, Any]) -> set[str]:
    """Provinces no unit may enter now: this turn's catastrophes and the bottle's ruins."""
    out = set(turn.get("blocked", ()))
    for prov, until in (state.extra.get("bottle") or {}).items():
        if Phase.parse(until) >= state.phase:
            out.add(prov)
    return out


def _illusion(state: GameState, turn: dict[str, Any], casts: list[Cast]) -> None:
    used: dict[str, list[Cast]] = {}
    for cast in casts:
        for prov in cast.places:
            used.setdefault(prov, []).append(cast)
    for cast in casts:
        a, b = cast.places
        if len(used[a]) > 1 or len(used[b]) > 1:
            turn["public"].append(f"Two illusions name {a if len(used[a]) > 1 else b}: "
                                  "the truth is seen by all and the illusion fails")
            continue
        turn["swap"][a], turn["swap"][b] = b, a
        turn.setdefault("illusionists", {})[a] = cast.power
        turn["illusionists"][b] = cast.power


def _block_moves(rules: Rules, state: GameState, orders: dict[str, Order],
                 turn: dict[str, Any]) -> dict[str, Order]:
    stop = blocked(state, turn)
    seers = turn.get("illusionists", {})
    out = dict(orders)
    for prov, order in orders.items():
        if not isinstance(order, (Move, SupportMove)):
            continue
        into = order.dest_prov
        why = None
        if into in stop:
            why = "blocked"
        elif seers.get(into) == order.power:
            why = "void"  # the illusionist may not move or support into his swap
        if why:
            out[prov] = Hold(order.power, order.utype, order.loc)
            turn["rows"][f"{order.utype} {order.loc}"] = [str(order), why]
    return out


def _apply_swap(rules: Rules, state: GameState, orders: dict[str, Order],
                turn: dict[str, Any]) -> dict[str, Order]:
    """Illusion: a unit moving into either swapped province arrives in the other; supports
    and convoys of such moves follow them."""
    swap = turn["swap"]
    if not swap:
        return orders
    out = dict(orders)
    for prov, order in orders.items():
        if isinstance(order, Move) and order.dest_prov in swap:
            other = swap[order.dest_prov]
            dest = other
            if order.utype == "F":
                dest = _closest_coast(rules, state, turn, order.loc, other)
            out[prov] = replace(order, dest=dest)
            turn.setdefault("shown", {})[f"{order.utype} {order.loc}"] = str(order)
        elif isinstance(order, SupportMove) and order.dest_prov in swap:
            out[prov] = replace(order, dest=swap[order.dest_prov])
        elif isinstance(order, Convoy) and order.dest in swap:
            out[prov] = replace(order, dest=swap[order.dest])
    return out


def _closest_coast(rules: Rules, state: GameState, turn: dict[str, Any], loc: str,
                   prov: str) -> str:
    """Where a fleet lands in a swapped province: the coast fewest fleet moves away; at
    equal distance a seeded random pick ("the GM will make a random selection")."""
    locs = state.map.fleet_locations(prov) or (prov,)
    if len(locs) == 1:
        return locs[0]
    dist = {loc: 0}
    todo = deque([loc])
    while todo:
        here = todo.popleft()
        for nxt in state.map.fleet_adj.get(here, ()):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                todo.append(nxt)
    best = min(dist.get(x, 10**6) for x in locs)
    nearest = sorted(x for x in locs if dist.get(x, 10**6) == best)
    if len(nearest) == 1:
        return nearest[0]
    pick = rules.rng(state, f"illusion coast:{loc}:{prov}").choice(nearest)
    turn["random"].append({"purpose": "illusion coast", "fleet": loc, "drawn": pick})
    return pick


def _ghosts(state: GameState, orders: dict[str, Order], turn: dict[str, Any],
            casts: list[Cast]) -> tuple[GameState, dict[str, Order]]:
    units = dict(state.units)
    for cast in casts:
        real = _unit_of(state, cast)
        if real is None or not isinstance(cast.order, Move):
            continue
        ghost = Unit(real.power, real.type, real.loc, {"ghost": True})
        turn["ghosts"].append({"unit": ghost, "order": cast.order, "new": True})
    for prov, unit in list(units.items()):
        if unit.attrs.get("ghost"):
            order = orders.pop(prov, None) or Hold(unit.power, unit.type, unit.loc)
            turn["ghosts"].append({"unit": unit, "order": order, "new": False})
            del units[prov]
    return state.with_(units=units), orders


def _cut_supports(state: GameState, orders: dict[str, Order], turn: dict[str, Any],
                  casts: list[Cast]) -> dict[str, Order]:
    """Cut support: ATTACK X cuts every support of a move into X, DEFENCE X every support
    of the unit in X. Added-support spells on those targets are cut as well."""
    targets = {(side, prov) for c in casts for side, prov in zip(c.sides, c.places, strict=True)}
    out = dict(orders)
    for prov, order in orders.items():
        hit = (isinstance(order, SupportMove) and (ATTACK, order.dest_prov) in targets) or (
            isinstance(order, SupportHold) and ("DEFENCE", order.target) in targets)
        if hit:
            out[prov] = Hold(order.power, order.utype, order.loc)
            turn["rows"][f"{order.utype} {order.loc}"] = [str(order), "cut"]
    turn["cuts"] = sorted([s, p] for s, p in targets)
    return out


def _double_orders(rules: Rules, state: GameState, orders: dict[str, Order],
                   turn: dict[str, Any], casts: list[Cast], imperv: set[str]
                   ) -> tuple[GameState, dict[str, Order]]:
    """The first legs move first (only double-ordered units act; every other unit holds);
    a unit they dislodge is dislodged before it acts. Then each unit's second leg (or its
    own order line, for a unit that did not move) joins the normal adjudication."""
    legs: dict[str, Cast] = {}
    cast: Cast | None  # each cast in turn, then each unit's first leg if it has one
    for cast in casts:
        unit = _unit_of(state, cast)
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
    first = _apply_swap(rules, state, first, {**turn, "shown": {}})
    res = Resolution(state, first, rules)
    res.run()
    units: dict[str, Unit] = {}
    new_orders: dict[str, Order] = {}
    for i, unit in enumerate(res.units):
        prov = res.src[i]
        name = str(unit)
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

