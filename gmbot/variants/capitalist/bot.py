"""How a bot plays Capitalist's own lines. In the capital phase it lists its capitals
from a centre it holds. In an adjustment it puts all its votes on one line: a build on
one of its own sites when it builds, else the removal of a unit of the power with most
centres; no line when there is none to vote on. Bribes are not played yet (a movement
phase's legal orders carry none for the bot)."""

from __future__ import annotations

import random

from gmbot.engine.legal import LegalOrders
from gmbot.engine.state import ADJUSTMENT, GameState


def capitalist_bot_lines(state: GameState, power: str, legal: LegalOrders,
                         own_sites: set[str], rng: random.Random) -> list[str]:
    if state.phase.kind != ADJUSTMENT:
        return []
    capitals = [line for line in legal.other if line.startswith("CAPITALS ")]
    if capitals:
        held = [line for line in capitals if state.centers.get(line.split()[1]) == power]
        return [rng.choice(held or capitals)]
    votes = [line for line in legal.other if line.startswith("VOTE ")]
    if not votes or legal.figure < 1:
        return []
    # "VOTE A PAR", "VOTE F STP/NC": the site is the last word's province.
    builds = [line for line in votes if not line.startswith(("VOTE REMOVE ", "VOTE NO "))
              and line.split()[-1].partition("/")[0] in own_sites]
    pick = rng.choice(builds) if builds else _removal_of_leader(state, power, votes)
    return [f"{pick} ({legal.figure})"] if pick else []


def _removal_of_leader(state: GameState, power: str, votes: list[str]) -> str | None:
    rivals = []
    for line in votes:
        unit = state.units.get(line.split()[-1].partition("/")[0])
        if line.startswith("VOTE REMOVE ") and unit and unit.power != power:
            rivals.append((state.centre_count(unit.power), line))
    return max(rivals)[1] if rivals else None
