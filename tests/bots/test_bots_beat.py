"""The bot beats holding and random players in every kind of game. Seeded games: the bot
in one seat (another seat each game) against opponents who all hold, or all give random
legal orders; its average supply centres after a few years against what the same seat
reaches when it too holds or plays at random, on the same seeds. Every line the bot gave
was accepted. Deterministic for the seeds (no clock): the benchmark, benchmarks/bots.py,
prints the longer games' figures."""

from __future__ import annotations

import statistics

import pytest

from gmbot.bots.heuristic import bot_orders
from gmbot.bots.match import Chooser, hold, play
from gmbot.bots.random_player import random_orders
from tests.variants.randomkit import example

# (years, games) per kind: years from the example's first phase (Capitalist's first two
# are the capital choice and the voted first builds: its first moves are in its third);
# fewer Warlock games, whose random players' listing of every line costs most.
PLAYED = {"standard": (3, 3), "al-andalus": (3, 3), "warlock": (2, 2), "capitalist": (5, 3),
          "arpiesse": (3, 3), "changing_home_centres": (3, 3)}
OPPONENTS: dict[str, Chooser] = {"hold": hold, "random": random_orders}
MARGIN = 1.0  # the bot's average must exceed the seat's without it by a centre at least


@pytest.mark.parametrize("opponents", sorted(OPPONENTS))
@pytest.mark.parametrize("name", sorted(PLAYED))
def test_the_bot_gains_more_centres_than_the_seat_without_it(name: str, opponents: str) -> None:
    others = OPPONENTS[opponents]
    years, games = PLAYED[name]
    powers = example(name).state.powers
    with_bot, without = [], []
    for game in range(games):
        # Seats spread over the board, so the figure is not one power's.
        seat = powers[(3 * game) % len(powers)]
        seed = f"beat:{name}:{opponents}:{game}"
        setup = example(name)
        bot = play(setup.state, setup.rules, seat, bot_orders, others, years, seed)
        assert bot.accepted, f"{seat}'s bot gave a line the judge refused ({seed})"
        with_bot.append(bot.centres)
        without.append(play(setup.state, setup.rules, seat, others, others, years,
                            seed).centres)
    assert statistics.mean(with_bot) >= statistics.mean(without) + MARGIN, (with_bot, without)
