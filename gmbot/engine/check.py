"""Whether a parsed order may be given now, on this board, by this power.

Returns the order with the unit's type (and a fleet's coast) filled in, or raises
OrderError with the reason a player reads. Adjacency and ownership go through the rules.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from gmbot.engine.hooks import Rules
from gmbot.engine.map import COAST, LAND, SEA, province_of
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
from gmbot.engine.retreat import retreat_options  # one module owns the retreat rules
from gmbot.engine.state import Dislodged, GameState, Unit

TYPE_NAMES = {"A": "an army", "F": "a fleet"}


def _with(order: Order, **changes: Any) -> Order:  # Any: values of the order's own fields
    """`order` with fields changed; the same object when nothing changes (orders are
    frozen, and most checked orders already name their unit exactly)."""
    for k, v in changes.items():
        if getattr(order, k) != v:
            return replace(order, **changes)
    return order


def unit_for(order: Order, state: GameState, rules: Rules, units: dict[str, Unit]) -> Unit:
    """The unit an order is for, or OrderError saying why there is none (variants too)."""
    where = order.prov
    unit = units.get(where)
    if unit is None:
        raise OrderError(f"no unit in {where}")
    # Whose unit it is comes first: "the unit in SEV is a fleet (F SEV)" of another power's
    # fleet sent a newcomer to order F SEV, refused again (issue 32, the fifth trial).
    if not rules.may_order(state, order.power, unit):
        owner = state.map.powers.get(unit.power)
        raise OrderError(f"not your unit: {unit} belongs to {owner.name if owner else unit.power}")
    if order.utype and order.utype != unit.type:
        raise OrderError(f"the unit in {where} is {TYPE_NAMES[unit.type]} ({unit})")
    return unit


def check_order(order: Order, state: GameState, rules: Rules) -> Order:
    cls = type(order)
    if cls is Move or cls is SupportHold or cls is SupportMove or cls is Hold:
        # The common movement orders (exact types; subclasses take the path below).
        unit = state.units.get(order.prov)
        if (
            unit is None
            or (order.utype and order.utype != unit.type)
            # The standard hook inline (a call for every order line otherwise).
            or (unit.power != order.power if "may_order" in rules.keeps
                else not rules.may_order(state, order.power, unit))
        ):
            unit = unit_for(order, state, rules, state.units)  # raises with the reason
        if order.utype != unit.type or order.loc != unit.loc:
            order = replace(order, utype=unit.type, loc=unit.loc)
        if cls is Move:
            return _check_move(order, unit, state, rules)  # type: ignore[arg-type]
        if cls is SupportMove:
            return _check_support(order, unit, state, rules, order.dest_prov)  # type: ignore[arg-type, attr-defined]
        if cls is SupportHold:
            return _check_support(order, unit, state, rules, None)  # type: ignore[arg-type]
        return order
    if isinstance(order, (Retreat, Disband)):
        return _check_retreat(order, state, rules)
    if isinstance(order, (Build, Remove, Waive)):
        return _check_adjustment(order, state, rules)
    unit = unit_for(order, state, rules, state.units)
    if order.utype != unit.type or order.loc != unit.loc:
        order = replace(order, utype=unit.type, loc=unit.loc)
    if isinstance(order, Move):
        return _check_move(order, unit, state, rules)
    if isinstance(order, SupportHold):
        return _check_support(order, unit, state, rules, None)
    if isinstance(order, SupportMove):
        return _check_support(order, unit, state, rules, order.dest_prov)
    if isinstance(order, Convoy):
        return _check_convoy(order, unit, state, rules)
    if isinstance(order, Hold):
        return order
    raise OrderError(f"{order} cannot be given in a movement phase")


def _check_move(order: Move, unit: Unit, state: GameState, rules: Rules) -> Move:
    gmap = state.map
    dest = order.dest_prov
    if dest == unit.prov:
        raise OrderError("a unit cannot move to the province it is in")
    # Most moves: an army to a bordering province by the standard hook, which the map
    # allows only between land and coast provinces: nothing else to check.
    if (unit.type == "A" and order.dest == dest and "army_adjacent" in rules.keeps
            and dest in gmap.army_adj.get(unit.prov, ())):
        return order
    kind = gmap.provinces[dest].type
    if unit.type == "A":
        if kind == SEA:
            raise OrderError(f"armies cannot move to sea: {dest}")
        if kind not in (LAND, COAST):
            raise OrderError(f"{dest} cannot be entered")
        if order.dest != dest:
            order = replace(order, dest=dest)  # armies ignore coasts
        if (dest in gmap.army_adj.get(unit.prov, ()) if "army_adjacent" in rules.keeps
                else rules.army_adjacent(state, unit.prov, dest)):  # the standard hook inline
            return order
        if convoy_possible(state, rules, unit.prov, dest):
            return order
        raise OrderError(f"{unit} - {dest}: not adjacent, and no fleets stand to convoy it")
    if order.via_convoy:
        raise OrderError("only armies can be convoyed")
    if kind == LAND:
        raise OrderError(f"fleets cannot move inland: {dest}")
    targets = (gmap.fleet_moves.get((unit.loc, dest), ())  # the standard hook inline
               if "fleet_targets" in rules.keeps
               else rules.fleet_targets(state, unit.loc, dest))
    if not targets:
        raise OrderError(f"{unit} - {dest}: fleets can only move to an adjacent coast or sea")
    if "/" in order.dest:
        if order.dest not in targets:
            reach = " or ".join(targets)
            raise OrderError(f"{unit} cannot reach {order.dest}; it can reach {reach}")
        return order
    if len(targets) > 1:
        raise OrderError(f"{unit} - {dest}: name the coast, {' or '.join(sorted(targets))}")
    return order if order.dest == targets[0] else replace(order, dest=targets[0])


def reaches(state: GameState, rules: Rules, unit: Unit, prov: str) -> bool:
    """Whether the unit could move to `prov` (by the rules' adjacency; no convoy)."""
    # The standard hooks inline: a support is checked by this for every order line.
    if unit.type == "A":
        if "army_adjacent" in rules.keeps:
            return prov in state.map.army_adj.get(unit.prov, ())
        return rules.army_adjacent(state, unit.prov, prov)
    if "fleet_targets" in rules.keeps:
        return (unit.loc, prov) in state.map.fleet_moves
    return bool(rules.fleet_targets(state, unit.loc, prov))


def _check_support(
    order: SupportHold | SupportMove, unit: Unit, state: GameState, rules: Rules,
    dest: str | None,
) -> Order:
    """`dest`: the province a supported move goes to; None to support a unit holding."""
    target = order.target
    if target == unit.prov:
        raise OrderError("a unit cannot support itself")
    supported = state.units.get(target)
    if supported is None:
        raise OrderError(f"no unit in {target} to support")
    ttype = order.target_type
    if ttype and ttype != supported.type:
        raise OrderError(f"the unit in {target} is {TYPE_NAMES[supported.type]} ({supported})")
    army_adj = state.map.army_adj if "army_adjacent" in rules.keeps else None
    where = dest or target
    if dest is not None:
        if where == target:
            raise OrderError("a supported move must go to another province")
        if where == unit.prov:
            raise OrderError("a unit cannot support a move into its own province")
        if (
            supported.type == "A"
            and not (where in army_adj.get(target, ()) if army_adj is not None  # standard
                     else rules.army_adjacent(state, target, where))
            and not convoy_possible(state, rules, target, where, without=unit.prov)
        ):
            # DATC 6.D.31: a fleet cannot support a move that only it could convoy.
            raise OrderError(f"A {target} cannot reach {where}, so the move cannot be supported")
        if supported.type == "A" and "/" in order.dest:  # type: ignore[union-attr]
            order = _with(order, dest=where)  # type: ignore[assignment]
    if not (where in army_adj.get(unit.prov, ()) if army_adj is not None and unit.type == "A"
            else reaches(state, rules, unit, where)):
        raise OrderError(f"{unit} cannot support into {where}: it could not move there itself")
    if ttype == supported.type:
        return order  # the common case, without a call
    return _with(order, target_type=supported.type)


def _check_convoy(order: Convoy, unit: Unit, state: GameState, rules: Rules) -> Convoy:
    gmap, sea, target, dest = state.map, unit.prov, order.target, order.dest
    if unit.type != "F":
        raise OrderError("only fleets can convoy")
    if not (gmap.provinces[sea].type == SEA if "can_convoy" in rules.keeps
            else rules.can_convoy(state, sea)):  # the standard hook inline
        raise OrderError(f"{unit} cannot convoy: only fleets at sea convoy")
    army = state.units.get(target)
    if army is None:
        raise OrderError(f"no army in {target} to convoy")
    if army.type != "A":
        raise OrderError("only armies can be convoyed")
    if dest == target:
        raise OrderError("a convoyed army must go to another province")
    if gmap.provinces[dest].type not in (LAND, COAST):
        raise OrderError(f"an army cannot be convoyed to {dest}")
    # Most convoys: the fleet alone, next to both ends, is a route no subset of it makes.
    if "convoy_adjacent" in rules.keeps:  # the standard hook inline
        near = gmap.fleet_prov_adj
        alone = sea in near.get(target, ()) and dest in near.get(sea, ())
    else:
        alone = (rules.convoy_adjacent(state, target, sea)
                 and rules.convoy_adjacent(state, sea, dest))
    if not alone and not on_minimal_route(state, rules, target, dest, sea):
        # DATC 4.E.1, 6.G.7, 6.G.19: a convoy no route needs is illegal.
        raise OrderError(
            f"{unit} is not needed on any convoy route from {order.target} to {order.dest}"
        )
    return order


def convoy_possible(
    state: GameState, rules: Rules, src: str, dest: str, without: str | None = None
) -> bool:
    """Whether fleets now at sea (whatever their orders) could carry an army from src to
    dest. With no such chain a convoyed move is illegal (DATC 4.E.1, 6.D.32)."""
    if state.map.provinces[dest].type != COAST:
        return False
    return any(p == dest for p in _carried(state, rules, src, without))


def convoy_reach(state: GameState, rules: Rules, src: str) -> set[str]:
    """Every coast fleets now at sea could carry an army from src to: the dests for which
    convoy_possible holds, found in one walk (the listing of legal orders asks for all)."""
    return {p for p in _carried(state, rules, src, None)
            if state.map.provinces[p].type == COAST}


def _carried(state: GameState, rules: Rules, src: str, without: str | None) -> Iterator[str]:
    """The provinces a chain of fleets at sea from src reaches, each once, as found."""
    gmap, units = state.map, state.units
    if gmap.provinces[src].type != COAST:
        return
    # The standard convoy_adjacent is the fleet adjacency walked here: not called per step;
    # the standard can_convoy (seas) inline.
    any_step = "convoy_adjacent" not in rules.keeps
    provinces = gmap.provinces if "can_convoy" in rules.keeps else None
    seen = {src}
    todo = deque([src])
    while todo:
        here = todo.popleft()
        for nxt in gmap.fleet_prov_adj.get(here, ()):
            if nxt in seen or (any_step and not rules.convoy_adjacent(state, here, nxt)):
                continue
            if here != src:
                yield nxt
            # Most seas are empty: the board first, the rules' hook last.
            fleet = units.get(nxt)
            if (fleet is not None and fleet.type == "F" and nxt != without
                    and (provinces[nxt].type == SEA if provinces is not None
                         else rules.can_convoy(state, nxt))):
                seen.add(nxt)
                todo.append(nxt)


def _fleet_seas(state: GameState, rules: Rules) -> set[str]:
    return {
        p for p, u in state.units.items() if u.type == "F" and rules.can_convoy(state, p)
    }


def on_minimal_route(
    state: GameState, rules: Rules, src: str, dest: str, fleet: str
) -> bool:
    """Whether `fleet` lies on a convoy route from src to dest that no subset of its fleets
    could also make: a chordless path through fleet-held seas."""
    seas = sorted(_fleet_seas(state, rules))
    return any(
        _chordless(state, rules, seas, src, dest, fleet, [first])
        for first in seas
        if rules.convoy_adjacent(state, src, first)
    )


def _chordless(
    state: GameState, rules: Rules, seas: list[str], src: str, dest: str, fleet: str,
    path: list[str],
) -> bool:
    """Whether `path` extends to a chordless route to dest through `fleet`. A module
    function, not a closure: a recursive closure is a reference cycle that keeps the board
    alive until the garbage collector runs."""

    def adj(a: str, b: str) -> bool:
        return rules.convoy_adjacent(state, a, b)

    last = path[-1]
    if adj(last, dest):
        return fleet in path  # going further would leave a chord to dest
    for nxt in seas:
        if nxt in path or not adj(last, nxt) or adj(src, nxt):
            continue
        if any(adj(p, nxt) for p in path[:-1]):
            continue
        if _chordless(state, rules, seas, src, dest, fleet, [*path, nxt]):
            return True
    return False


# -- retreats and adjustments ----------------------------------------------------------


def _check_retreat(order: Order, state: GameState, rules: Rules) -> Order:
    entry = state.dislodged.get(order.prov)
    if entry is None:
        raise OrderError(f"no dislodged unit in {order.prov}")
    unit = unit_for(order, state, rules, {order.prov: entry.unit})
    order = _with(order, utype=unit.type, loc=unit.loc)
    if isinstance(order, Disband):
        return order
    assert isinstance(order, Retreat)
    options = retreat_options(state, rules, entry)
    dest = order.dest
    if unit.type == "A" or "/" in dest:
        chosen = province_of(dest) if unit.type == "A" else dest
        matches = [o for o in options if o == chosen]
    else:
        matches = [o for o in options if province_of(o) == dest]
    if len(matches) == 1:
        return replace(order, dest=matches[0])
    if len(matches) > 1:
        raise OrderError(f"{unit} R {dest}: name the coast, {' or '.join(matches)}")
    why = retreat_refusal(state, rules, entry, province_of(dest))
    # Where it may go, as a refused build says where he may build: the newcomer's next try
    # is then the right one (issue 32, the fifth trial).
    where = (f"it may retreat to {', '.join(options)}, or disband" if options
             else f"it has nowhere to go: {unit} D disbands it")
    raise OrderError(f"{unit} cannot retreat to {dest}: {why} ({where})")


def retreat_refusal(state: GameState, rules: Rules, entry: Dislodged, dest: str) -> str:
    if dest not in {province_of(loc) for loc in rules.neighbours(state, entry.unit)}:
        return "it is not adjacent"
    if dest in state.units:
        return "it is occupied"
    if dest == entry.attacker_from and not entry.by_convoy:
        return "the attacker came from there"
    if dest in state.standoffs:
        return "it was left empty by a standoff"
    return "it is not adjacent"


def _check_adjustment(order: Order, state: GameState, rules: Rules) -> Order:
    if isinstance(order, Waive):
        return order
    if isinstance(order, Remove):
        unit = unit_for(order, state, rules, state.units)
        return _with(order, utype=unit.type, loc=unit.loc)
    assert isinstance(order, Build)
    gmap = state.map
    prov = order.prov
    if order.utype is None:
        raise OrderError("say what to build: BUILD A PAR or BUILD F BRE")
    sites = rules.build_sites(state, order.power)
    if prov not in sites:
        # Where he may build, beside why not here: a newcomer refused "it is occupied"
        # otherwise waives a build he could make elsewhere (the trial of 3 December).
        free = " ".join(sorted(sites))
        where = f" (you may build in {free})" if free else " (no home centre of yours is free)"
        if state.centers.get(prov) != order.power:
            raise OrderError(f"cannot build in {prov}: you do not own it{where}")
        # "Occupied" only where the unit is the whole problem: BUILD A HOL on a held
        # centre that is no home centre is refused for that.
        if prov in state.units:
            empty = state.with_(units={p: u for p, u in state.units.items() if p != prov})
            if prov in rules.build_sites(empty, order.power):
                raise OrderError(f"cannot build in {prov}: it is occupied{where}")
        raise OrderError(f"cannot build in {prov}: it is not one of your home centres{where}")
    kind = gmap.provinces[prov].type
    if order.utype == "A":
        if kind not in (LAND, COAST):
            raise OrderError(f"cannot build an army in {prov}")
        return replace(order, loc=prov)
    if kind != COAST and kind != SEA:
        raise OrderError(f"cannot build a fleet in {prov}: it has no coast")
    locs = gmap.fleet_locations(prov)
    if "/" in order.loc:
        if order.loc not in locs:
            raise OrderError(f"{prov} has no such coast; its coasts: {', '.join(locs)}")
        return order
    if len(locs) > 1:
        raise OrderError(f"BUILD F {prov}: name the coast, {' or '.join(locs)}")
    return replace(order, loc=locs[0])
