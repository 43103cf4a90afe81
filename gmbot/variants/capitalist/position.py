"""What a Capitalist position given in a game file (or a case) must keep: no changing home
centres beside the economy, a capital distance the allocation can meet, and capitals a GM
wrote kept apart as allocated ones are (1.3) with room left for the others'."""

from __future__ import annotations

from typing import Any

import gmbot.variants.capitalist.economy as eco
from gmbot.engine.state import GameState
from gmbot.variants.capitalist.capitals import room_for, too_near

# Capital sets already checked: (map's id, distance, capitals) -> (the map, kept so its
# id stays its own; the problems).
_checked: dict[tuple[Any, ...], tuple[Any, list[tuple[str, str]]]] = {}

# Capitals this many moves apart can always be allocated on the standard map.
MAX_CAPITAL_DISTANCE = 3


def capitalist_problems(state: GameState, options: dict[str, Any]) -> list[tuple[str, str]]:
    """Capitals a GM wrote must keep the distance of 1.3, like allocated ones."""
    problems = []
    if options.get("changing_home_centres"):
        # A ruling: the capitals and their year-1899 home centres are the game's
        # economy; home centres that players move would undo it.
        problems.append(("options.changing_home_centres",
                         "Capitalist does not combine with changing home centres (its "
                         "home centres are the capitals and the centres held at the end "
                         "of Fall 1899)"))
    near = int(options.get("capital_min_distance", 2))
    if near > MAX_CAPITAL_DISTANCE:
        # Found by fuzzing game files: 4 or more left a power without a capital at the
        # allocation of W1896A, and the game could not go on.
        problems.append(("options.capital_min_distance",
                         f"{near}: at most {MAX_CAPITAL_DISTANCE} (with more, the "
                         f"allocation of the capitals leaves some power without one)"))
    # The capitals are the same phase after phase: checked once per set of them.
    key = (id(state.map), near, tuple(eco.capital(state, p) for p in state.powers))
    known = _checked.get(key)
    if known is None or known[0] is not state.map:
        known = (state.map, _capital_problems(state, near))
        if len(_checked) >= 1000:
            _checked.clear()
        _checked[key] = known
    return problems + known[1]


def _capital_problems(state: GameState, near: int) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    placed: list[tuple[str, str]] = []
    for power in state.powers:
        cap = eco.capital(state, power)
        if cap is None:
            continue
        if cap not in state.map.supply_centres:
            problems.append((f"powers.{power}.capital", f"{cap} is not a supply centre"))
            continue
        for other, there in placed:
            if too_near(state.map, cap, there, near):
                problems.append((f"powers.{power}.capital",
                                 f"{cap} is fewer than {near} moves from {other}'s capital "
                                 f"{there} (1.3)"))
        placed.append((power, cap))
    waiting = [p for p in state.powers if eco.capital(state, p) is None]
    if (placed and waiting and eco.is_capital_phase(state)
            and not room_for(state.map, [c for _, c in placed], len(waiting), near)):
        # The capital phase would find no capital for some of them (1.3, 1.4).
        problems.append(("powers", f"the capitals set leave no room for a capital for "
                                   f"each of {', '.join(waiting)}, {near} or more moves "
                                   "from every other (1.3)"))
    return problems
