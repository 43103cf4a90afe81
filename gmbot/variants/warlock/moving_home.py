"""Move Home SC under the normal adjudication: the centre moves like an army, to a
neighbour or carried by fleets at sea, when the turn's spells have left it a route."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from gmbot.engine.check import convoy_possible
from gmbot.variants.warlock import reasons
from gmbot.variants.warlock.casting import centre_location, moved_centres
from gmbot.variants.warlock.spells import Cast

if TYPE_CHECKING:
    from gmbot.engine.hooks import Rules
    from gmbot.engine.state import GameState


def move_homes(rules: Rules, state: GameState, turn: dict[str, Any],
               casts: list[Cast]) -> GameState:
    """Each centre moved to the province named, kept under its own name (ownership and
    home lists do not change), if the caster still owns it and a route stands now: the
    fleets carry it with no order, but a fleet vaporized or destroyed before the battle
    carries nothing, and a convoy route through a catastrophe or the bottle's ruin is
    closed (`rules.convoy_adjacent`). Two centres moved into one province: neither moves
    (the spells are spent all the same)."""
    if not casts:
        return state
    moved = moved_centres(state)
    into = Counter(cast.places[1] for cast in casts)
    for cast in casts:
        centre, dest = cast.places
        where = centre_location(state, centre)
        why = None
        if state.centers.get(centre) != cast.power:
            why = f"{state.map.powers[cast.power].name} no longer owns it"
        elif into[dest] > 1:
            why = f"another home centre is moved into {dest} this turn"
        elif dest not in state.map.army_adj.get(where, ()) and not convoy_possible(
                state, rules, where, dest):
            why = f"no fleets stand at sea to carry it from {where} to {dest}"
        if why:
            turn["public"].append(f"The home centre {centre} does not move: {why}")
            continue
        moved[centre] = dest
        turn["public"].append(f"The home centre {centre} moves to {dest}")
        for prov in dict.fromkeys((where.split("/")[0], dest)):
            if (unit := state.units.get(prov)) is not None:
                reasons.home_moved(turn, unit, centre, where, dest)
    return state.with_(extra={**state.extra, "moved_centres": moved}) if moved else state
