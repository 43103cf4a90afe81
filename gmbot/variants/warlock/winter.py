"""A Warlock winter's own steps: EXTRA BUILD cast in the winter itself, the builds where a
home centre moved, the removals of units in the air (before the adjustments); the extra
build used up and an undead warlock's new home centre shut down (after them)."""

from __future__ import annotations

from gmbot.engine.orders import Order
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.variants.warlock import reasons
from gmbot.variants.warlock.casting import moved_centres
from gmbot.variants.warlock.log import with_turn
from gmbot.variants.warlock.removal import remove_aloft
from gmbot.variants.warlock.spells import Cast
from gmbot.variants.warlock.turn import spend


def before_winter(rules: StandardRules, state: GameState,
                  orders: list[Order]) -> tuple[GameState, list[Order]]:
    """EXTRA BUILD cast in the winter itself ("(Winter)"): spent, and one more build this
    winter; the builds of the same orders count it. Then the removals of units in the
    air."""
    state, turn = with_turn(state)
    casts = [o for o in orders if isinstance(o, Cast)]
    state, done = spend(state, casts, turn)
    attrs = {p: dict(a) for p, a in state.power_attrs.items()}
    for cast in done:
        attrs.setdefault(cast.power, {})["extra_build"] = {"year": state.phase.year}
        # Public, as a movement phase's casts are: the builds beyond the centres add up.
        turn["public"].append(f"{state.map.powers[cast.power].name}: {cast}: one build "
                              "more this winter")
    state = state.with_(power_attrs=attrs)
    reasons.built_where_moved(turn, moved_centres(state), orders)
    # Units in the air are removed here: the standard removals see only the board.
    return remove_aloft(rules, state, [o for o in orders if not isinstance(o, Cast)], turn)


def after_winter(state: GameState) -> GameState:
    """An extra build is used up in its winter. An undead warlock's new home centre serves
    for one more winter's builds once he owns an original home centre again, then is shut
    down forever."""
    attrs = {p: {k: v for k, v in a.items() if k != "extra_build"}
             for p, a in state.power_attrs.items()}
    homes = dict(state.homes)
    for power, a in attrs.items():
        home = a.get("undead_home")
        originals = state.map.powers[power].homes
        if home and any(state.centers.get(c) == power for c in originals):
            homes[power] = tuple(h for h in homes.get(power, ()) if h != home)
            del a["undead_home"]
    return state.with_(power_attrs={p: a for p, a in attrs.items() if a}, homes=homes)
