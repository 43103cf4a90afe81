"""The bot plays every kind of game: each of its lines is accepted, the same seed gives
the same orders, and it beats random players on the standard map."""

from __future__ import annotations

import pytest

from gmbot.bots.heuristic import bot_orders
from gmbot.bots.random_player import random_orders
from gmbot.engine.adjudicate import adjudicate
from tests.variants.randomkit import example

KINDS = ["standard", "al-andalus", "warlock", "capitalist", "arpiesse",
         "changing_home_centres"]


@pytest.mark.parametrize("name", KINDS)
def test_bots_in_every_seat_play_on_with_every_line_accepted(name: str) -> None:
    setup = example(name)
    state, rules = setup.state, setup.rules
    kinds = set()
    for _ in range(14):
        orders = {p: bot_orders(state, rules, p, "seat") for p in state.powers}
        result = adjudicate(state, rules, orders)
        assert not result.rejected, f"{state.phase}: {result.rejected}"
        kinds.add(state.phase.kind)
        if result.winner:
            break
        state = result.after
    assert "M" in kinds and state.phase != setup.state.phase


def test_the_same_seed_gives_the_same_orders() -> None:
    setup = example("standard")
    one = bot_orders(setup.state, setup.rules, "ITALY", "s1")
    assert one == bot_orders(setup.state, setup.rules, "ITALY", "s1")
    assert one  # it orders every unit
    assert len(one) == 3


def test_the_bot_gains_centres_against_random_players() -> None:
    setup = example("standard")
    state, rules = setup.state, setup.rules
    for _ in range(5 * 3):  # five years of spring, fall and winter phases at most
        orders = {p: (bot_orders(state, rules, p, "b") if p == "FRANCE"
                      else random_orders(state, rules, p, "r")) for p in state.powers}
        state = adjudicate(state, rules, orders).after
    others = max(state.centre_count(p) for p in state.powers if p != "FRANCE")
    assert state.centre_count("FRANCE") > max(others, 5)


def test_a_capitalist_bot_votes_in_an_adjustment_and_every_vote_is_accepted() -> None:
    setup = example("capitalist")
    state, rules = setup.state, setup.rules
    voted = []
    for _ in range(12):
        orders = {p: bot_orders(state, rules, p, "vote") for p in state.powers}
        result = adjudicate(state, rules, orders)
        assert not result.rejected, f"{state.phase}: {result.rejected}"
        voted += [line for lines in orders.values() for line in lines
                  if line.startswith("VOTE ")]
        state = result.after
    assert voted, "no bot voted in six years"
