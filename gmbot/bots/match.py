"""Seeded games between players that are programs: one seat played by one chooser, every
other power by another, from a position for a number of years. What the bot's test
(tests/bots/test_bots_beat.py) and its benchmark (benchmarks/bots.py) play. Pure and
deterministic for the seed: the players draw from it, the adjudication from the rules'."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from gmbot.engine.adjudicate import adjudicate
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState

Chooser = Callable[[GameState, StandardRules, str, str], list[str]]


def hold(state: GameState, rules: StandardRules, power: str, seed: str) -> list[str]:
    """A player who never orders: his units hold, he builds nothing."""
    return []


@dataclass
class Outcome:
    centres: int  # the seat's supply centres at the end
    solo: bool  # the seat won outright
    accepted: bool  # every line the seat gave was accepted


def play(state: GameState, rules: StandardRules, seat: str, me: Chooser, others: Chooser,
         years: int, seed: str, clock: list[float] | None = None) -> Outcome:
    """The seat's centres after `years` years (or at a solo), `me` playing it and `others`
    the rest. `clock`, when given, gets the CPU seconds of each of `me`'s choices."""
    until = state.phase.year + years
    accepted = True
    while state.phase.year < until:
        orders = {}
        for power in state.powers:
            if power == seat:
                started = time.process_time()
                orders[power] = me(state, rules, power, seed)
                if clock is not None:
                    clock.append(time.process_time() - started)
            else:
                orders[power] = others(state, rules, power, seed + power)
        result = adjudicate(state, rules, orders)
        accepted = accepted and not any(r.power == seat for r in result.rejected)
        state = result.after
        if result.winner:
            return Outcome(state.centre_count(seat), result.winner == seat, accepted)
    return Outcome(state.centre_count(seat), False, accepted)
