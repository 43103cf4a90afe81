"""Example orders for HELP, written with the game's own map and the reader's own units:
a move, a support, a convoy, a retreat, builds and removals, an exchange, another power's
unit to bribe, centres to assimilate or abandon. Each example is an order the map allows
(a neighbour of the unit, a sea between two coasts...); a reader without units (the GM, a
Wazir) gets examples with the first power's units that have any."""

from __future__ import annotations

from dataclasses import dataclass

from gmbot.engine.map import SEA, GameMap
from gmbot.engine.state import GameState, Unit


@dataclass(frozen=True)
class Examples:
    own: bool  # whether the units are the reader's own (else the first power's with any)
    units: list[str]  # the units, as orders name them ("A PAR")
    hold: str  # "A PAR H"
    move: str  # "A PAR - BUR"
    support: str  # "A MAR S A PAR - BUR" (or a support to hold)
    convoy: str  # "F NTH C A LON - BEL": his own fleet and army, else ""
    convoyed: str  # "A LON - BEL VIA CONVOY"
    retreat: str  # "A PAR R BUR"
    disband: str  # "A PAR D"
    build: str  # "BUILD A PAR": a free home centre of his where there is one
    remove: str  # "REMOVE A PAR"
    exchange: str  # "A PAR X A BUR": two of his units side by side, else ""
    other: str  # another power's unit and a move of it ("A MUN - BUR")
    home: str  # one of the reader's home centres
    owned: str  # a centre he owns that is no home centre (else a home centre)
    centre: str  # ... else a centre next to his units that is none of his homes


def examples(state: GameState, viewer: str | None,
             ordered: list[Unit] | None = None) -> Examples:
    """`ordered`: the units the viewer gives orders to, when they are not (all) his own (a
    Wazir's Prince's units, a Wazir-General's unit); his own units otherwise."""
    gmap = state.map
    mine = sorted(ordered, key=str) if ordered else _units(state, viewer)
    own = bool(mine)
    owner = viewer
    if not mine:  # the GM, a Wazir, a power before its first units: another's units
        owner = next((p for p in sorted({u.power for u in state.units.values()})), None)
        mine = _units(state, owner)
    if not mine:  # a board without units (Capitalist's capital phase): the map's start
        owner = viewer if viewer in gmap.powers else next(iter(sorted(gmap.powers)), None)
        mine = _start_units(gmap, owner)
    unit = mine[0] if mine else None
    dest = _neighbour(gmap, unit) if unit else ""
    first = str(unit) if unit else ""
    homes = sorted(state.homes.get(owner or "", ()) or
                   (gmap.powers[owner].homes if owner in gmap.powers else ()))
    owned = sorted(c for c, p in state.centers.items() if p == owner)
    home = homes[0] if homes else (owned[0] if owned else dest)
    # The build is where he may build now if he can: a home centre he owns with no unit
    # (in a winter after BRE was lost, "BUILD F BRE" was refused; the trial of 3 December).
    free = [h for h in homes if state.centers.get(h) == owner and h not in state.units]
    site = next(iter(free), next((h for h in homes if state.centers.get(h) == owner), home))
    near = sorted(c for u in mine for c in gmap.army_adj.get(u.prov, ())
                  if gmap.provinces[c].sc and c not in homes)
    convoy = _convoy(gmap, mine)
    return Examples(
        own=own,
        units=[str(u) for u in mine],
        hold=f"{first} H",
        move=f"{first} - {dest}" if dest else f"{first} H",
        support=_support(gmap, mine, unit, dest),
        convoy=convoy,
        convoyed=convoy.split(" C ", 1)[1] + " VIA CONVOY" if convoy else "",
        retreat=f"{first} R {dest}" if dest else f"{first} D",
        disband=f"{first} D",
        build=_build(gmap, site),
        remove=f"REMOVE {first}",
        exchange=_exchange(gmap, mine, sorted((u for u in state.units.values()
                                               if u.power != owner), key=str)),
        other=_other(state, owner, mine),
        home=home,
        owned=next((c for c in owned if c not in homes), home),
        centre=next((c for c in [*owned, *near] if c not in homes), home),
    )


def _units(state: GameState, power: str | None) -> list[Unit]:
    return sorted((u for u in state.units.values() if u.power == power), key=str)


def _start_units(gmap: GameMap, power: str | None) -> list[Unit]:
    if power not in gmap.powers:
        return []
    return sorted((Unit(power, text.split()[0], text.split()[1])
                   for text in gmap.powers[power].units), key=str)


def _neighbour(gmap: GameMap, unit: Unit) -> str:
    """A province the unit may move to."""
    if unit.type == "F":
        targets = sorted(gmap.fleet_adj.get(unit.loc, ()))
        return targets[0].split("/")[0] if targets else ""
    targets = sorted(gmap.army_adj.get(unit.prov, ()))
    return targets[0] if targets else ""


def _reaches(gmap: GameMap, unit: Unit, prov: str) -> bool:
    if unit.type == "F":
        return any(t.split("/")[0] == prov for t in gmap.fleet_adj.get(unit.loc, ()))
    return prov in gmap.army_adj.get(unit.prov, ())


def _support(gmap: GameMap, mine: list[Unit], unit: Unit | None, dest: str) -> str:
    """A support the map allows among the reader's units: of the first unit's move if
    another reaches its destination, else of any move or hold two of them make possible;
    a support in words when no two of his units touch (never a hold labelled support)."""
    if unit is None:
        return ""
    helper = next((u for u in mine[1:] if dest and _reaches(gmap, u, dest)), None)
    if helper is not None:
        return f"{helper} S {unit} - {dest}"
    for moving in mine:
        targets = sorted(gmap.army_adj.get(moving.prov, ()) if moving.type == "A" else
                         {t.split("/")[0] for t in gmap.fleet_adj.get(moving.loc, ())})
        for target in targets:
            helper = next((u for u in mine if u is not moving and _reaches(gmap, u, target)),
                          None)
            if helper is not None:
                return f"{helper} S {moving} - {target}"
    near = next((u for u in mine[1:] if _reaches(gmap, u, unit.prov)), None)
    return f"{near} S {unit}" if near is not None else f"{unit} S (unit) - (province)"


def _convoy(gmap: GameMap, mine: list[Unit]) -> str:
    """One of the reader's fleets in a sea carrying one of his armies from the coast it
    stands on to another coast the sea touches; "" when his units allow none (the
    templates then give the convoy's form in words, naming no unit he does not have)."""
    fleets = [u for u in mine if u.type == "F"]
    armies = [u for u in mine if u.type == "A" and gmap.provinces[u.prov].type != SEA]
    for fleet in fleets:
        if gmap.provinces[fleet.prov].type == SEA:
            found = _carried(gmap, fleet.prov, armies)
            if found:
                return f"{fleet} C {found}"
    return ""


def _carried(gmap: GameMap, sea: str, armies: list[Unit]) -> str:
    """An army's convoyed move through `sea`: from a coast the sea touches to another."""
    coasts = sorted({t.split("/")[0] for t in gmap.fleet_adj.get(sea, ())
                     if gmap.provinces[t.split("/")[0]].type != SEA})
    for army in armies:
        if army.prov in coasts:
            dest = next((c for c in coasts if c != army.prov
                         and c not in gmap.army_adj.get(army.prov, ())), None)
            dest = dest or next((c for c in coasts if c != army.prov), None)
            if dest:
                return f"{army} - {dest}"
    return ""


def _exchange(gmap: GameMap, mine: list[Unit], others: list[Unit]) -> str:
    """Two units side by side, one able to reach the other's province (as it must to
    support it to hold): two of his own, else one of his and another power's (an exchange
    may be with another power's unit)."""
    for pool in (mine, others):
        for a in mine:
            for b in pool:
                if a is not b and (_reaches(gmap, a, b.prov) or _reaches(gmap, b, a.prov)):
                    return f"{a} X {b}"
    return ""  # no partner on the board: no example, never an empty neighbour


def _other(state: GameState, owner: str | None, mine: list[Unit]) -> str:
    others = sorted((u for u in state.units.values() if u.power != owner), key=str) or [
        u for p in sorted(state.map.powers) if p != owner for u in _start_units(state.map, p)]
    for u in others:
        dest = _neighbour(state.map, u)
        if dest:
            return f"{u} - {dest}"
    return ""


def _build(gmap: GameMap, home: str) -> str:
    """A build on the home centre: a fleet names its coast where there are two (the trial
    of 3 December 2026, third: `VOTE F STP (3)`, the example, was refused for want of it)."""
    if not _coastal(gmap, home):
        return f"BUILD A {home}"
    return f"BUILD F {gmap.fleet_locations(home)[0]}"


def _coastal(gmap: GameMap, prov: str) -> bool:
    return prov in gmap.provinces and gmap.provinces[prov].type == "coast"
