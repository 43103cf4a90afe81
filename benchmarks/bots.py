"""Bots: how well the heuristic bot plays (gmbot/bots/heuristic.py) and how long it takes
to choose one power's orders (goal: under 50 ms on the standard map, under 200 ms in the
largest variant position).

    .venv/bin/python benchmarks/bots.py [--games N] [--years N]

For each kind of game (its example game), seeded games in which one power, a different one
each game, is the bot and every other power either holds (never orders) or plays random
legal orders (gmbot/bots/random_player.py): the bot's supply centres after `--years`
years, against what the same power reaches when it too holds or plays at random, and its
share of solos. Then, apart (benchmarks/bot_timing.py), the time to choose one power's
orders in the largest position of the standard map and in the largest variant position;
`--timing` prints only that. Figures are printed only; nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import yaml  # noqa: E402

from benchmarks.bot_timing import timing  # noqa: E402
from gmbot.bots.heuristic import bot_orders  # noqa: E402
from gmbot.bots.match import hold, play  # noqa: E402
from gmbot.bots.random_player import random_orders  # noqa: E402
from gmbot.engine import load_map, state_from_dict  # noqa: E402
from gmbot.variants import example_text, make_rules  # noqa: E402

KINDS = ["standard", "al-andalus", "warlock", "capitalist", "arpiesse",
         "changing_home_centres"]


class Setup:
    def __init__(self, name: str) -> None:
        data = yaml.safe_load(example_text(name))
        self.rules = make_rules(str(data.get("variant") or "standard"),
                                data.get("options") or None)
        self.state = state_from_dict(data.get("position") or {},
                                     load_map(self.rules.map_name))


def example(name: str) -> Setup:
    """The example game of a variant or option, as `gmbot game example NAME` prints it."""
    return Setup(name)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=7, help="games per kind and opponent")
    ap.add_argument("--years", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=20, help="choices timed per position")
    ap.add_argument("--timing", action="store_true", help="only the largest positions timed")
    args = ap.parse_args()
    if args.timing:
        timing(example, min(args.games, 3), args.years, args.repeat)
        return
    print(f"{'game':<22} {'opponents':<8} {'bot SCs':>8} {'same seat':>10} {'solos':>6}"
          f" {'ms/choice':>10} {'worst ms':>9}")
    for name in KINDS:
        powers = example(name).state.powers
        for label, others in (("hold", hold), ("random", random_orders)):
            bot, base, solos = [], [], 0
            clock: list[float] = []
            for game in range(args.games):
                seat = powers[game % len(powers)]
                seed = f"{name}:{label}:{game}"
                setup = example(name)
                game_of = (setup.state, setup.rules, seat)
                outcome = play(*game_of, bot_orders, others, args.years, seed, clock)
                bot.append(outcome.centres)
                solos += outcome.solo
                base.append(play(*game_of, others, others, args.years, seed).centres)
            print(f"{name:<22} {label:<8} {statistics.mean(bot):>8.1f}"
                  f" {statistics.mean(base):>10.1f} {solos / args.games:>6.0%}"
                  f" {1000 * statistics.mean(clock):>10.1f} {1000 * max(clock):>9.1f}")
    print()
    timing(example, min(args.games, 3), args.years, args.repeat)


if __name__ == "__main__":
    main()
