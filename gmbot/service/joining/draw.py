"""Powers for the joiners of a full sign-up game: DPjudge's way. The joiners are put in a
random order; each in turn gets the first power of his preference list still free; those
whose preferences are all taken (or who gave none) then get the powers left, drawn at
random. Everything random comes from one seed, recorded with the result in the
"game_started" event, so that the draw can be replayed: assign(...) is pure."""

from __future__ import annotations

import random
from collections.abc import Sequence


def assign(joiners: Sequence[tuple[str, Sequence[str]]], powers: Sequence[str],
           seed: int) -> tuple[list[str], dict[str, str]]:
    """(the order drawn, address -> power) for `joiners` ((address, preferences) in the
    order they signed up) and the open `powers` (in the map's order)."""
    if len(joiners) != len(powers):
        raise ValueError(f"{len(joiners)} joiners for {len(powers)} seats")
    rng = random.Random(seed)
    order = [address for address, _ in joiners]
    rng.shuffle(order)
    wants = dict(joiners)
    free = list(powers)
    got: dict[str, str] = {}
    for address in order:
        choice = next((p for p in wants[address] if p in free), None)
        if choice is not None:
            got[address] = choice
            free.remove(choice)
    left = [address for address in order if address not in got]
    rng.shuffle(free)
    got.update(zip(left, free, strict=True))
    return order, got
