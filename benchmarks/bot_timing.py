"""The time the heuristic bot takes to choose one power's orders in the largest
positions (benchmarks/bots.py prints it; goals: under 50 ms on the standard map, under
200 ms in the largest variant position).

The largest position of a kind of game: among seeded games of the bot (one seat, a
different one each game) against random players, the movement phase in which the bot's
power has the most legal lines (the engine's listing, the variant's commands included).
The standard map's is taken from standard games, the variants' from all the others; each
is timed over `repeat` choices (CPU time), its median beside its goal."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Protocol

from gmbot.bots.heuristic import bot_orders
from gmbot.bots.random_player import random_orders
from gmbot.engine.adjudicate import adjudicate
from gmbot.engine.legal import legal_orders
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import MOVEMENT, GameState


class Setup(Protocol):
    """A kind of game's first position and rules (benchmarks/bots.py's example)."""

    state: GameState
    rules: StandardRules


Example = Callable[[str], Setup]
VARIANTS = ["al-andalus", "warlock", "capitalist", "arpiesse", "changing_home_centres"]
GOALS = (("standard", ["standard"], 0.050), ("largest variant", VARIANTS, 0.200))


def positions(example: Example, name: str, games: int,
              years: int) -> list[tuple[GameState, str]]:
    """The movement positions of the games, each with the bot's power."""
    setup = example(name)
    start, rules = setup.state, setup.rules
    out = []
    for game in range(games):
        state = start
        seat = state.powers[game % len(state.powers)]
        seed = f"{name}:size:{game}"
        until = state.phase.year + years
        while state.phase.year < until:
            if state.phase.kind == MOVEMENT:
                out.append((state, seat))
            orders = {p: (bot_orders if p == seat else random_orders)(state, rules, p,
                                                                        seed + p)
                      for p in state.powers}
            result = adjudicate(state, rules, orders)
            state = result.after
            if result.winner:
                break
    return out


def largest(example: Example, names: list[str], games: int,
            years: int) -> tuple[str, GameState, str, int]:
    """Among the kinds `names`, the position where the bot's power has most legal lines:
    (kind, position, power, lines)."""
    best: tuple[str, GameState, str, int] | None = None
    for name in names:
        rules = example(name).rules
        for state, power in positions(example, name, games, years):
            count = len(legal_orders(state, rules, power).lines())
            if best is None or count > best[3]:
                best = (name, state, power, count)
    assert best is not None
    return best


def timing(example: Example, games: int, years: int, repeat: int) -> None:
    print(f"{'position':<16} {'game':<22} {'phase':<8} {'power':<9} {'units':>5}"
          f" {'lines':>6} {'median ms':>10} {'worst ms':>9} {'goal ms':>8}")
    for label, names, goal in GOALS:
        name, state, power, count = largest(example, names, games, years)
        rules = example(name).rules
        clock = []
        for n in range(repeat):
            t = time.process_time()
            bot_orders(state, rules, power, f"timing:{n}")
            clock.append(time.process_time() - t)
        units = sum(1 for u in state.units.values() if u.power == power)
        median = statistics.median(clock)
        print(f"{label:<16} {name:<22} {state.phase!s:<8} {power:<9} {units:>5}"
              f" {count:>6} {1000 * median:>10.1f} {1000 * max(clock):>9.1f}"
              f" {1000 * goal:>8.0f}{'  over the goal' if median > goal else ''}")
