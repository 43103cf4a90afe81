"""The illusion spell: two provinces of one of the text's groups swapped for a turn; a
unit moving into one arrives in the other."""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gmbot.engine.orders import Convoy, Move, Order, SupportMove
from gmbot.engine.report import RULE, SWAP, Fact, Mark
from gmbot.engine.state import GameState
from gmbot.variants.warlock.spells import Cast

if TYPE_CHECKING:
    from gmbot.engine.hooks import Rules


def illusion(state: GameState, turn: dict[str, Any], casts: list[Cast]) -> None:
    used: dict[str, list[Cast]] = {}
    for cast in casts:
        for prov in cast.places:
            used.setdefault(prov, []).append(cast)
    for cast in casts:
        a, b = cast.places
        if len(used[a]) > 1 or len(used[b]) > 1:
            turn["public"].append(f"Two illusions name {a if len(used[a]) > 1 else b}: "
                                  "the truth is seen by all and the illusion fails")
            continue
        turn["swap"][a], turn["swap"][b] = b, a
        turn.setdefault("marks", []).append(Mark(SWAP, a, "illusion", to=b, power=cast.power))
        turn.setdefault("illusionists", {})[a] = cast.power
        turn["illusionists"][b] = cast.power


def apply_swap(rules: Rules, state: GameState, orders: dict[str, Order],
                turn: dict[str, Any]) -> dict[str, Order]:
    """Illusion: a unit moving into either swapped province arrives in the other; supports
    and convoys of such moves follow them."""
    swap = turn["swap"]
    if not swap:
        return orders
    out = dict(orders)
    for prov, order in orders.items():
        if isinstance(order, Move) and order.dest_prov in swap:
            other = swap[order.dest_prov]
            dest = other
            if order.utype == "F":
                dest = _closest_coast(rules, state, turn, order.loc, other)
            out[prov] = replace(order, dest=dest)
            name = f"{order.utype} {order.loc}"
            turn.setdefault("shown", {})[name] = str(order)
            # The swap is seen by all (its mark is public): so is where the unit arrived.
            turn.setdefault("facts", []).append(Fact(
                name, RULE, f"an illusion swapped {order.dest_prov} and {other}: it arrived "
                            f"in {dest}", "illusion", surprise=True))
        elif isinstance(order, SupportMove) and order.dest_prov in swap:
            out[prov] = replace(order, dest=swap[order.dest_prov])
        elif isinstance(order, Convoy) and order.dest in swap:
            out[prov] = replace(order, dest=swap[order.dest])
    return out


def _closest_coast(rules: Rules, state: GameState, turn: dict[str, Any], loc: str,
                   prov: str) -> str:
    """Where a fleet lands in a swapped province: the coast fewest fleet moves away; at
    equal distance a seeded random pick ("the GM will make a random selection")."""
    locs = state.map.fleet_locations(prov) or (prov,)
    if len(locs) == 1:
        return locs[0]
    dist = {loc: 0}
    todo = deque([loc])
    while todo:
        here = todo.popleft()
        for nxt in state.map.fleet_adj.get(here, ()):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                todo.append(nxt)
    best = min(dist.get(x, 10**6) for x in locs)
    nearest = sorted(x for x in locs if dist.get(x, 10**6) == best)
    if len(nearest) == 1:
        return nearest[0]
    pick = rules.rng(state, f"illusion coast:{loc}:{prov}").choice(nearest)
    turn["random"].append({"purpose": "illusion coast", "fleet": loc, "drawn": pick})
    return pick
