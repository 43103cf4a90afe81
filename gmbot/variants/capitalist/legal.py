"""The Capitalist lines a power may give besides the standard forms (for the engine's
legal orders), each listed without its figure (`money_figure` gives the highest one a
line may carry; the rules' set check keeps their sum within the balance or the votes):

- the capital phase: a list of ten capitals for each supply centre as first choice, the
  other nine the centres nearest it (every ordered list of ten is legal: these stand for
  each first choice, the one that matters most);
- a movement phase: a bribe of every order another power's unit could be given, in the
  years that allow bribes and while the balance pays one (the pays ride on the power's
  own unit lines, which the board gives);
- an adjustment: a vote for each build (army, fleet on each coast, no build from 1900)
  on a site of a power that builds, and for each removal of a unit of one that removes.
"""

from __future__ import annotations

from gmbot.engine.legal import Board, movement_lines
from gmbot.engine.map import COAST
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState
from gmbot.variants.capitalist import economy as eco
from gmbot.variants.capitalist.orders import PREFERENCES
from gmbot.variants.capitalist.votes import adjusting

FAR = 99  # the distance of a centre an army cannot walk to (an island's)


def capitalist_lines(state: GameState, rules: StandardRules, power: str) -> list[str]:
    kind = state.phase.kind
    if kind == MOVEMENT:
        return _bribes(state, rules, power)
    if kind != ADJUSTMENT:
        return []
    if eco.is_capital_phase(state):
        return [] if eco.capital(state, power) else _capital_lists(state)
    return _votes(state, rules)


def money_figure(state: GameState, power: str) -> int:
    """The highest pay or bribe (movement) or count of votes (adjustment) of one line."""
    kind = state.phase.kind
    if kind == MOVEMENT:
        return eco.available(state, power)
    if kind != ADJUSTMENT or eco.is_capital_phase(state):
        return 0
    budget = eco.vote_budget(state, power)
    return min(budget, 3) if eco.is_initial_adjustment(state) else budget  # 2.2


def _capital_lists(state: GameState) -> list[str]:
    centres = sorted(state.map.supply_centres)
    lines = []
    for first in centres:
        near = state.map.distances_from(frozenset((first,)), army=True)
        rest = sorted((c for c in centres if c != first),
                      key=lambda c: (near.get(c, FAR), c))
        lines.append("CAPITALS " + " ".join([first, *rest[: PREFERENCES - 1]]))
    return lines


def _bribes(state: GameState, rules: StandardRules, power: str) -> list[str]:
    if eco.bribe_limit(state.phase) == 0 or eco.available(state, power) < 1:
        return []
    board = Board(state, rules)  # every unit's moves worked out once for all the bribes
    return [f"BRIBE {line}" for unit in board.units if unit.power != power
            for line in movement_lines(state, rules, unit, board)]


def _votes(state: GameState, rules: StandardRules) -> list[str]:
    lines = []
    for power, delta in sorted(adjusting(state, rules).items()):
        if delta < 0:
            lines += [f"VOTE REMOVE {u}" for u in
                      sorted(state.units_of(power), key=lambda u: u.prov)]
            continue
        for site in sorted(rules.build_sites(state, power)):
            lines.append(f"VOTE A {site}")
            if state.map.provinces[site].type == COAST:
                lines += [f"VOTE F {loc}" for loc in state.map.fleet_locations(site)]
            if eco.no_build_allowed(state.phase):
                lines.append(f"VOTE NO BUILD {site}")
    return lines
