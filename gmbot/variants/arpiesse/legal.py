"""The Arpiesse lines a power may give besides the standard forms (for the engine's legal
orders): a build in each colour, and an exchange of one of its units with any unit, its
own or another power's, that one of the two could support (the exchange's own test)."""

from __future__ import annotations

from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.map import COAST
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState
from gmbot.variants.arpiesse.colours import COLOURS
from gmbot.variants.arpiesse.orders import exchange_valid


def arpiesse_lines(state: GameState, rules: StandardRules, power: str) -> list[str]:
    kind = state.phase.kind
    if kind == ADJUSTMENT and adjustment_counts(state, rules).get(power, 0) > 0:
        units = []
        for site in sorted(rules.build_sites(state, power)):
            units.append(f"A {site}")
            if state.map.provinces[site].type == COAST:
                units += [f"F {loc}" for loc in state.map.fleet_locations(site)]
        return [f"BUILD {colour.upper()} {unit}" for unit in units for colour in COLOURS]
    if kind != MOVEMENT:
        return []
    mine = sorted(state.units_of(power), key=lambda u: u.prov)
    anyone = sorted(state.units.values(), key=lambda u: u.prov)
    return [f"{a} X {b}" for a in mine for b in anyone
            if a is not b and exchange_valid(state, rules, a, b)]
