"""How much each province is worth to a power now: supply centres it could gain or must
keep, spread over the board by distance (DumbBot's idea, simplified)."""

from __future__ import annotations

from gmbot.engine.state import GameState

SPREAD = 0.35  # what a centre's worth keeps per move of distance
REACH = 4  # moves beyond which a centre adds nothing


def centre_worth(state: GameState, power: str) -> dict[str, float]:
    """Each supply centre's worth to `power`: one to take (neutral more than owned, a big
    owner's more), or one of its own under threat (by enemy units next to it)."""
    sizes: dict[str, int] = {}
    for holder in state.centers.values():
        sizes[holder] = sizes.get(holder, 0) + 1
    enemies = {u.prov for u in state.units.values() if u.power != power}
    adj = state.map.army_adj
    worth: dict[str, float] = {}
    for centre in state.map.supply_centres:
        owner = state.centers.get(centre)
        if owner == power:
            threat = sum(1 for p in adj.get(centre, ()) if p in enemies)
            worth[centre] = 1.5 * threat
        elif owner is None:
            worth[centre] = 3.0
        else:
            worth[centre] = 2.0 + 0.2 * sizes.get(owner, 0)
    return worth


def province_values(state: GameState, power: str) -> dict[str, float]:
    """Every province's value to `power`: the centres' worth, fading with distance."""
    worth = centre_worth(state, power)
    values = dict.fromkeys(state.map.provinces, 0.0)
    for centre, w in worth.items():
        if not w:
            continue
        for prov, dist in state.map.distances_from(frozenset((centre,)), army=True).items():
            if dist <= REACH and prov in values:
                values[prov] += w * SPREAD**dist
    return values
