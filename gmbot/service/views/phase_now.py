"""What the phase is and whether the reader has anything to order in it, as a typed mark
for the how-to (the welcome) and HELP: a variant's templates choose their examples from it
(the orders of this phase first, no line of a phase the game has left behind), never from
the phase's rendered name."""

from __future__ import annotations

import msgspec

from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, GameState, Unit

KINDS = {MOVEMENT: "movement", RETREAT: "retreat", ADJUSTMENT: "adjustment"}
SEASONS = {"S": "spring", "F": "fall", "W": "winter"}


class PhaseNow(msgspec.Struct, frozen=True):
    kind: str  # "movement", "retreat" or "adjustment"
    season: str  # "spring", "fall" or "winter"
    year: int
    orders: bool  # whether the reader has anything to order in this phase


def phase_now(state: GameState, rules: StandardRules, viewer: str | None,
              ordered: list[Unit], retreating: bool) -> PhaseNow:
    """`ordered`: the units the reader may order now; `retreating`: whether he has a
    dislodged unit to retreat. In a winter, what he has to order is what the rules list as
    missing before he writes anything (a build owed, a removal, a vote)."""
    kind = state.phase.kind
    if viewer is None:
        orders = False
    elif kind == MOVEMENT:
        orders = bool(ordered)
    elif kind == RETREAT:
        orders = retreating
    else:
        orders = bool(rules.missing_orders(state, viewer, []))
    return PhaseNow(KINDS[kind], SEASONS[state.phase.season], state.phase.year, orders)
