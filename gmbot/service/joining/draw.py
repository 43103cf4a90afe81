"""Powers for the joiners of a sign-up game: DPjudge's way. The joiners are put in a
random order; each in turn gets the first power of his preference list still free; those
whose preferences are all taken (or who gave none) then get the powers left, drawn at
random. Everything random comes from one seed, recorded with the result in the
"game_started" event, so that the draw can be replayed: assign(...) is pure.

A game that starts with seats for the judge's bot (its sign-up closed, service/joining/
closing.py) has fewer joiners than powers: the seats left over must be ones the bots may
fill, so a joiner gets a bot's seat he prefers only while enough joiners remain for the
seats no bot may take, and those drawn at random get the latter first."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence


def assign(joiners: Sequence[tuple[str, Sequence[str]]], powers: Sequence[str],
           seed: int, fillable: Collection[str] = ()) -> tuple[list[str], dict[str, str]]:
    """(the order drawn, address -> power) for `joiners` ((address, preferences) in the
    order they signed up) and the open `powers` (in the map's order), the seats left
    over being among `fillable` (the bots')."""
    needed = [p for p in powers if p not in fillable]
    if not len(needed) <= len(joiners) <= len(powers):
        raise ValueError(f"{len(joiners)} joiners for {len(powers)} seats")
    rng = random.Random(seed)
    order = [address for address, _ in joiners]
    rng.shuffle(order)
    wants = dict(joiners)
    free = list(powers)
    got: dict[str, str] = {}
    for address in order:
        short = sum(p not in fillable for p in free)  # seats only a joiner can take
        others = len(order) - len(got) - 1  # joiners still without a seat, besides him
        choice = next((p for p in wants[address] if p in free
                       and (p not in fillable or short <= others)), None)
        if choice is not None:
            got[address] = choice
            free.remove(choice)
    left = [address for address in order if address not in got]
    rng.shuffle(free)
    if len(left) < len(free):  # the bots' seats last (a stable sort keeps the draw)
        free.sort(key=lambda p: p in fillable)
    got.update(zip(left, free[:len(left)], strict=True))
    return order, got
