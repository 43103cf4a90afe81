"""HELP's spell examples on the reader's own units and the map around them (issue 32: a
player's examples are his own game's): an English warlock reads CAST GHOST A LVP - CLY,
not France's Paris. A spell whose example the reader's units cannot give keeps the
guide's usage. And what an acknowledgement adds where a spell and a unit's own order
meet (carried_notes)."""

from __future__ import annotations

from gmbot.engine.map import LAND, SEA, GameMap
from gmbot.engine.orders import Move, Order
from gmbot.engine.state import GameState, Unit
from gmbot.variants.warlock.spells import Cast, Spell

ON_A_MOVE = ("invisible", "support1", "support2", "ghost")  # CAST <spell> <unit> - <place>
ON_A_UNIT = ("impervious", "balloon")  # CAST <spell> <unit>


def spell_example(spell: Spell, state: GameState, viewer: str | None) -> str:
    gmap = state.map
    mine = sorted((u for u in state.units.values() if u.power == viewer
                   and not u.attrs.get("ghost")), key=str)
    found = ""
    if not mine:
        return spell.usage
    taken = {u.prov for u in mine}

    def targets(unit: Unit) -> list[str]:  # moves into his own units' places last
        return sorted(_targets(gmap, unit), key=lambda t: _prov(t) in taken)

    if spell.key in ON_A_UNIT:
        found = str(mine[0])
    elif spell.key in ON_A_MOVE:
        found = next((f"{u} - {_prov(d)}" for u in mine for d in targets(u)), "")
    elif spell.key == "double":
        found = next((f"{u} - {_prov(d)} - {_prov(e)}" for u in mine
                      for d in targets(u)
                      for e in targets(Unit(u.power, u.type, d)) if _prov(e) != u.prov),
                     "")
    elif spell.key == "walk_water":
        found = next((f"{u} - {p}" for u in mine if u.type == "A"
                      for p in sorted(gmap.fleet_prov_adj.get(u.prov, ()))
                      if gmap.provinces[p].type == SEA), "")
    elif spell.key == "swim_land":
        # Inland, else a coast the fleet could not reach by sea (Edinburgh to Liverpool).
        found = next((f"{u} - {p}" for inland in (True, False) for u in mine if u.type == "F"
                      for p in sorted(gmap.army_adj.get(u.prov, ()))
                      if (gmap.provinces[p].type == LAND) == inland
                      and p not in {_prov(t) for t in _targets(gmap, u)}), "")
    elif spell.key == "move_home":
        homes = sorted(state.homes.get(viewer or "", ()) or gmap.powers[viewer].homes
                       if viewer in gmap.powers else ())
        found = next((f"{h} - {p}" for h in homes for p in sorted(gmap.army_adj.get(h, ()))
                      if not gmap.provinces[p].sc), "")
    elif spell.key == "vaporize":
        found = next((str(u) for u in sorted(state.units.values(), key=str)
                      if u.power != viewer and not u.attrs.get("invisible")), "")
    return f"CAST {spell.word} {found}" if found else spell.usage


def _targets(gmap: GameMap, unit: Unit) -> list[str]:
    """Where the unit may move (a fleet's destinations with their coasts)."""
    if unit.type == "F":
        return sorted(gmap.fleet_adj.get(unit.loc, ()))
    return sorted(gmap.army_adj.get(unit.prov, ()))


def _prov(loc: str) -> str:
    return loc.split("/")[0]


CARRYING = ("double", "invisible", "walk_water", "swim_land")  # the cast's move is the order
ADDING = ("support1", "support2")  # supports for the unit's own order, if it is the one named


def carried_notes(orders: list[Order]) -> list[str]:
    """Where a spell and the unit's own order in the same orders disagree: a spell that
    carries a move replaces the order (`F LON H` beside `CAST DOUBLE ORDERS F LON - NTH -
    NWY` is not carried out); added supports count only for the order they name."""
    own = {o.prov: o for o in orders if not isinstance(o, Cast) and o.loc}
    notes = []
    for cast in (o for o in orders if isinstance(o, Cast)):
        staying = _stays(cast, own.get(_prov(cast.target.split()[-1])) if cast.target else None)
        if staying:
            notes.append(staying)
            continue
        carried = cast.order
        order = own.get(carried.prov) if carried is not None else None
        if carried is None or order is None or order.power != cast.power \
                or str(order) == str(carried):
            continue
        if cast.spell in CARRYING:
            notes.append(f"Note: {cast} is {carried.unit_text}'s order this turn: "
                         f"{order} is not carried out")
        elif cast.spell in ADDING:
            notes.append(f"Note: {cast} adds supports only to {carried}, and "
                         f"{carried.unit_text} is ordered {order}")
    return notes


def _stays(cast: Cast, order: Order | None) -> str:
    """A unit's own order that a spell on the spot sets aside (the trial of 3 December 2026:
    `A PAR - BUR` beside `CAST BALLOON A PAR` was acknowledged, then refused in the results;
    a move beside `CAST POWER IMPERVIOUS` was not carried out, unsaid)."""
    if order is None or order.power != cast.power:
        return ""
    if cast.spell == "balloon":
        return (f"Note: {cast}: floating up is {order.unit_text}'s move this turn, so "
                f"{order} is refused")
    if cast.spell == "impervious" and isinstance(order, Move):
        return (f"Note: {cast}: an impervious unit stands, so {order} is not carried out "
                "(it may hold or support)")
    return ""
