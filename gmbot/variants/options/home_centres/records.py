"""What the option keeps, per power in `state.power_attrs` (shown and settable under the
position's `powers:`), and the home centres it counts:
  initial_homes      N, recorded the first time the option sees the power (from its home
                     centres then: the starting ones, without the extra centres and
                     without those the game's rules keep outside, `Rules.fixed_homes`)
  owned_last_winter  the centres the power owned at the end of the previous winter (the
                     previous build phase), refreshed every spring and after every winter;
                     centres change hands only after the Fall, so this and the current
                     owners tell who has held a centre since then. Without a record (a game
                     whose position starts in a winter) the current owners stand for it.
"""

from __future__ import annotations

from collections.abc import Collection

from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState

LIMIT = "initial_homes"
OWNED = "owned_last_winter"


def initial_homes(state: GameState, power: str, fixed: Collection[str] = ()) -> int:
    """N: the recorded number of initial home centres, or the power's home centres now
    but the `fixed` ones (a Warlock undead home is never part of N)."""
    n = state.power_attrs.get(power, {}).get(LIMIT)
    if n is not None:
        return int(n)
    return sum(1 for h in state.homes.get(power, ()) if h not in fixed)


def owned(state: GameState, power: str) -> set[str]:
    return {c for c, o in state.centers.items() if o == power}


def owned_last_winter(state: GameState, power: str) -> set[str]:
    """The centres `power` owned at the end of the previous winter (see the module doc)."""
    attrs = state.power_attrs.get(power, {})
    if OWNED in attrs:
        return set(attrs[OWNED])
    return owned(state, power)


def record(rules: StandardRules, state: GameState, refresh: bool,
           limits: dict[str, int] | None = None) -> GameState:
    """The state with N recorded for every power that lacks it (from `limits`, else its
    counted home centres now) and, if `refresh` or missing, today's owners as last
    winter's."""
    attrs = {p: dict(a) for p, a in state.power_attrs.items()}
    for power in state.powers:
        mine = attrs.setdefault(power, {})
        if LIMIT not in mine:
            mine[LIMIT] = (limits or {}).get(power, len(counted_homes(rules, state, power)))
        if refresh or OWNED not in mine:
            mine[OWNED] = sorted(owned(state, power))
    return state.with_(power_attrs=attrs)


def counted_homes(rules: StandardRules, state: GameState, power: str) -> list[str]:
    """The power's home centres that the rules 2 to 5 count and reach: all but those the
    game's rules keep outside (`Rules.fixed_homes`)."""
    fixed = rules.fixed_homes(state, power)
    return [h for h in state.homes.get(power, ()) if h not in fixed]
