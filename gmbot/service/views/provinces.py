"""PROVINCES: a map's provinces as a mail lists them (code, name, kind, supply centre and
whose home, the neighbours of armies and of fleets), and the blank map picture.

Both are the same for every game of a variant: made once per process for each variant
and kept (issue 26 asks that PROVINCES be rendered once per game, not per mail; drawing
the picture is the costly part)."""

from __future__ import annotations

from functools import lru_cache

from gmbot.engine.map import LAND, SEA, GameMap, load_map
from gmbot.engine.position import state_from_dict
from gmbot.service.views.pictures import position_picture
from gmbot.variants import make_rules

KINDS = {LAND: "inland", "coast": "coastal", SEA: "sea", "impassable": "impassable"}


@lru_cache(maxsize=16)
def province_list(variant: str) -> tuple[str, bytes | None]:
    """The text and the blank map picture of `variant`'s map."""
    rules = make_rules(variant)
    gmap = load_map(rules.map_name)
    blank = state_from_dict({"units": {}, "centers": {}}, gmap)
    return province_text(gmap), position_picture(blank, rules, None)


def province_text(gmap: GameMap) -> str:
    homes = {c: p.name for p in gmap.powers.values() for c in p.homes}
    lines = [f"The {gmap.title} map: {len(gmap.provinces)} provinces, "
             f"{sum(p.sc for p in gmap.provinces.values())} supply centres; a solo needs "
             f"{gmap.solo}. Write a province by its code or its name.",
             "One province a line: code, name, kind, supply centre, then where an army and "
             "where a fleet can move from it.", ""]
    for code in sorted(gmap.provinces):
        p = gmap.provinces[code]
        facts = [KINDS.get(p.type, p.type)]
        if p.sc:
            facts.append(f"supply centre, home of {homes[code]}" if code in homes
                         else "supply centre")
        army, fleet = _neighbours(gmap, code)
        moves = ([f"army to {' '.join(army)}"] if army else []) + \
            ([f"fleet to {'; '.join(fleet)}"] if fleet else [])
        lines.append(f"{code} {p.name}: {', '.join(facts)}"
                     + (f"; {'; '.join(moves)}" if moves else ""))
    return "\n".join(lines) + "\n"


def _neighbours(gmap: GameMap, code: str) -> tuple[list[str], list[str]]:
    """Army and fleet neighbours of a province (fleet ones by coast where it has coasts)."""
    army = sorted(gmap.army_adj.get(code, ()))
    fleet: list[str] = []
    for loc in gmap.fleet_locations(code) if gmap.provinces[code].type != LAND else ():
        targets = sorted(gmap.fleet_adj.get(loc, ()))
        if targets:
            coast = f"(from {loc.partition('/')[2]} coast) " if "/" in loc else ""
            fleet.append(coast + " ".join(targets))
    return army, fleet
