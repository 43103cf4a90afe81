"""The opening vote (Winter 1897, rule 2): each player's 10 votes place the first units,
from 1 to 3 on every capital, his own included (2.2, 2.3). What his votes still lack and
how to fix it, for his acknowledgement, READY and the list of who is still to order: a
player who spent his 10 votes on a few capitals is told which ones to lower (issue 32)."""

from __future__ import annotations

from dataclasses import replace

import gmbot.variants.capitalist.economy as eco
from gmbot.engine.orders import Order
from gmbot.engine.state import GameState
from gmbot.variants.capitalist.orders import Vote

RULE = "every capital needs 1 to 3 of your 10 votes, your own included"


def opening_gap(state: GameState, power: str, orders: list[Order]) -> str | None:
    """The capitals the power's votes leave out in the opening vote, with the fix (the
    lines to send); None if none is left out."""
    votes = [o for o in orders if isinstance(o, Vote)]
    given: dict[str, int] = {}
    for vote in votes:
        given[vote.prov] = given.get(vote.prov, 0) + vote.count
    left = sorted(set(eco.capitals(state).values()) - given.keys())
    if not left:
        return None
    spare = eco.vote_budget(state, power) - sum(given.values())
    add = ", ".join(f"VOTE A {c} (1)" for c in left)
    what = f"votes for {', '.join(left)} (at least 1 for every capital; "
    if spare >= len(left):
        return f"{what}send {add})"
    short = len(left) - spare
    # The votes that may give some up, most first: lowered, each keeps at least 1.
    lowered = []
    for vote in sorted((v for v in votes if v.count > 1), key=lambda v: (-v.count, str(v))):
        if short <= 0:
            break
        cut = min(vote.count - 1, short)
        short -= cut
        lowered.append(str(replace(vote, count=vote.count - cut)))
    freed = len(left) - spare
    return (f"{what}your votes are spent: send {', '.join(lowered)} to free {freed}, "
            f"then {add})")


def phases_ahead(state: GameState) -> dict[str, bool]:
    """For HELP and the welcome: whether the capital phase and the opening vote are still
    to come. A game started past them (created at a later phase, loaded mid-game) has
    no use for their lines."""
    return {"capitals_ahead": eco.is_capital_phase(state),
            "opening_ahead": state.phase.year <= eco.INITIAL_YEAR}
