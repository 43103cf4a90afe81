"""A player that gives a random legal line for each unit (and random builds): the
benchmark's weakest opponent, and a check that any legal choice plays on."""

from __future__ import annotations

import random

from gmbot.bots.heuristic import build_site
from gmbot.engine.legal import legal_orders
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import MOVEMENT, GameState


def random_orders(state: GameState, rules: StandardRules, power: str, seed: str) -> list[str]:
    rng = random.Random(f"{seed}:{state.phase}:{power}")
    # Like the bot, no variant command in a movement phase: their listing costs most.
    legal = legal_orders(state, rules, power, commands=state.phase.kind != MOVEMENT)
    lines = [rng.choice(options) for options in legal.units.values() if options]
    if legal.builds < 0:
        return lines[: -legal.builds]
    builds = [line for line in legal.other if line.startswith("BUILD")]
    rng.shuffle(builds)
    chosen: list[str] = []
    sites: set[str] = set()
    for line in builds:
        site = build_site(line)
        if site not in sites and len(chosen) < legal.builds:
            chosen.append(line)
            sites.add(site)
    return lines + chosen
