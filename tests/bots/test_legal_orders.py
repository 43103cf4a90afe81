"""The legal orders (gmbot.engine.legal) against the judge, over random games: every line
listed is one the judge accepts, and every standard order the random players got accepted
is among those listed for its power."""

from __future__ import annotations

import random

import pytest

from gmbot.engine.adjudicate import adjudicate, read_orders
from gmbot.engine.legal import legal_orders
from gmbot.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from tests.variants.randomkit import Player, example, games

# The standard order kinds, the ones the enumeration makes from the board (exact types:
# a variant's own subclasses come from its legal_extra hook).
STANDARD = {Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Disband, Build, Remove,
            Waive}


def _checked(state: GameState, rules: StandardRules, power: str,
             lines: list[str]) -> list[Order]:
    kept, _, _ = read_orders(state, rules, power, lines)
    return kept


def _compare(state: GameState, rules: StandardRules, orders: dict[str, list[str]]) -> None:
    for power in state.powers:
        legal = legal_orders(state, rules, power)
        listed = _checked(state, rules, power, legal.lines())
        # Read together, the lines of one unit replace each other: each alone instead.
        listed_text = set()
        for line in legal.lines():
            kept, rejected, _ = read_orders(state, rules, power, [line])
            assert kept and not rejected, f"{state.phase} {power}: {line!r} refused {rejected}"
            listed_text.add(str(kept[0]))
        assert len(listed) <= len(legal.lines())
        for order in _checked(state, rules, power, orders.get(power, [])):
            if type(order) in STANDARD:
                assert str(order) in listed_text, f"{state.phase} {power}: {order} not listed"


@pytest.mark.parametrize("name", ["standard", "changing_home_centres"])
def test_random_players_orders_are_all_listed(name: str) -> None:
    for game in range(games(3)):
        setup = example(name)
        state, rules, player = setup.state, setup.rules, Player()
        for _ in range(12):
            orders = player.orders(random.Random(f"legal:{name}:{game}:{state.phase}"),
                                   state, rules)
            _compare(state, rules, orders)
            result = adjudicate(state, rules, orders)
            if result.winner:
                break
            state = result.after


def test_the_opening_lists_each_units_moves_and_supports() -> None:
    setup = example("standard")
    legal = legal_orders(setup.state, setup.rules, "FRANCE")
    assert set(legal.units) == {"BRE", "MAR", "PAR"}
    paris = legal.units["PAR"]
    assert {"A PAR H", "A PAR - BUR", "A PAR - PIC", "A PAR - GAS", "A PAR - BRE"} <= set(paris)
    assert "A PAR S A MAR - BUR" in paris and "A PAR S F BRE" in paris
    assert "A PAR - MUN" not in paris  # not adjacent
    # Fleets' coasts are named: Marseilles' army cannot reach Spain's south coast by sea.
    assert "F BRE - MAO" in legal.units["BRE"]


def _winter(name: str) -> tuple[GameState, StandardRules]:
    """The example game played by random players to its first winter with a build due."""
    setup = example(name)
    state, rules = setup.state, setup.rules
    seed = 0
    while state.phase.kind != "A":
        orders = Player().orders(random.Random(f"winter:{name}:{seed}"), state, rules)
        state = adjudicate(state, rules, orders).after
        seed += 1
    return state, rules


def test_arpiesse_lists_a_build_in_each_colour_and_the_exchanges() -> None:
    setup = example("arpiesse")
    legal = legal_orders(setup.state, setup.rules, "AUSTRIA")
    assert "A VIE X A BUD" in legal.other and "A BUD X A VIE" in legal.other
    state, rules = _winter("arpiesse")
    power = next(p for p in state.powers if legal_orders(state, rules, p).builds > 0)
    builds = [line for line in legal_orders(state, rules, power).other if "BUILD" in line]
    site = builds[0].split()[-1]
    assert {f"BUILD {c} A {site}" for c in ("RED", "PURPLE", "SILVER")} <= set(builds)
    assert not [line for line in builds if line.split()[1] in ("A", "F")]  # no colourless


def test_changing_home_centres_lists_assimilate_and_abandon() -> None:
    state, rules = _winter("changing_home_centres")
    for power in state.powers:
        other = legal_orders(state, rules, power).other
        foreign = [c for c, o in state.centers.items()
                   if o == power and c not in state.homes.get(power, ())]
        for centre in foreign:
            # Listed exactly when the option's own reading accepts it alone.
            accepted = not read_orders(state, rules, power, [f"ASSIMILATE {centre}"])[1]
            assert (f"ASSIMILATE {centre}" in other) == accepted
