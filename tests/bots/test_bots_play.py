"""The bot plays every kind of game: each of its lines is accepted, the same seed gives
the same orders, and it beats random players on the standard map."""

from __future__ import annotations

import pytest

from gmbot.bots.heuristic import bot_orders
from gmbot.bots.random_player import random_orders
from gmbot.engine.adjudicate import adjudicate
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
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


def _bot_lines(state: GameState, rules: StandardRules, phases: int,
               words: tuple[str, ...]) -> list[str]:
    """The lines starting with `words` that bots in every seat give in `phases` phases,
    each of every line accepted by the judge."""
    out = []
    for _ in range(phases):
        orders = {p: bot_orders(state, rules, p, "own") for p in state.powers}
        result = adjudicate(state, rules, orders)
        assert not result.rejected, f"{state.phase}: {result.rejected}"
        out += [line for lines in orders.values() for line in lines if line.startswith(words)]
        state = result.after
    return out


def test_a_capitalist_bot_votes_in_an_adjustment_and_every_vote_is_accepted() -> None:
    setup = example("capitalist")
    assert _bot_lines(setup.state, setup.rules, 12, ("VOTE ",)), "no vote in six years"


def test_an_al_andalus_prince_bot_hires_a_wazir_and_every_court_line_is_accepted() -> None:
    setup = example("al-andalus")
    # Two Wazirs at a court, one free: the Princes without one may hire him.
    courts = {"LORDELINDEL": "CASTILLE", "ASUDEVIL": "ZARAGOZA", "NANOOK": None}
    extra = {"wazirs": {w: {"court": c, "dinars": 3} for w, c in courts.items()}}
    rules = setup.rules
    state = rules.seat_roles(setup.state.with_(extra=extra), dict.fromkeys(courts, "wazir"))
    court = _bot_lines(state, rules, 6, ("HIRE ", "TAKE ", "GO TO COURT "))
    assert any(line.startswith("HIRE ") for line in court), court


def test_a_bot_changes_its_home_centres_and_every_such_order_is_accepted() -> None:
    setup = example("changing_home_centres")
    changes = _bot_lines(setup.state, setup.rules, 9, ("ASSIMILATE ", "ABANDON "))
    assert any(line.startswith("ASSIMILATE ") for line in changes), changes
