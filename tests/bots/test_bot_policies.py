"""The variants' bot policies (variants/<v>/bot.py) play their variant's own part: a
warlock casts when a spell wins or saves a centre and not otherwise, an Arpiesse bot
builds in the colour that beats its rivals, makes no attack its colour dooms and
exchanges colours when both units gain, a capitalist keeps a third of its money and
bribes and pays where it matters, a Prince pays his Wazir. Every line the bots give is
accepted by the judge."""

from __future__ import annotations

from typing import Any

from gmbot.bots.heuristic import bot_orders
from gmbot.engine import state_from_dict, state_to_dict
from gmbot.engine.adjudicate import adjudicate
from gmbot.engine.result import PhaseResult
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import MOVEMENT, GameState
from gmbot.variants.al_andalus.court import Court
from gmbot.variants.arpiesse.colours import colour_of
from gmbot.variants.capitalist import economy as eco
from gmbot.variants.capitalist.orders import split_figure
from tests.variants.randomkit import Setup, example


def _position(setup: Setup, **changes: Any) -> GameState:
    """The example's position with some of its parts (units, phase...) replaced."""
    data = {**state_to_dict(setup.state), **changes}
    return state_from_dict(data, setup.state.map)


def _accepted(state: GameState, rules: StandardRules,
              orders: dict[str, list[str]]) -> PhaseResult:
    result = adjudicate(state, rules, orders)
    assert not result.rejected, f"{state.phase}: {result.rejected}"
    return result


def test_a_warlock_casts_a_support_that_turns_a_bounce_into_a_capture() -> None:
    setup = example("warlock")
    state = _position(setup, units={"AUSTRIA": ["A BOH"], "GERMANY": ["A MUN"]})
    orders = bot_orders(state, setup.rules, "AUSTRIA", "w")
    casts = [line for line in orders if line.startswith("CAST ")]
    assert "A BOH - MUN" in orders and len(casts) == 1, orders
    after = _accepted(state, setup.rules, {"AUSTRIA": orders, "GERMANY": ["A MUN H"]}).after
    assert after.units["MUN"].power == "AUSTRIA"


def test_a_warlock_vaporizes_the_unit_that_would_take_an_empty_home_centre() -> None:
    setup = example("warlock")
    # Budapest and Vienna stand empty beside the Russian army in Galicia.
    state = _position(setup, units={"AUSTRIA": ["A TYR"], "RUSSIA": ["A GAL"]})
    orders = bot_orders(state, setup.rules, "AUSTRIA", "w")
    assert "CAST VAPORIZE A GAL" in orders, orders
    after = _accepted(state, setup.rules, {"AUSTRIA": orders, "RUSSIA": ["A GAL - BUD"]}).after
    assert not after.units_of("RUSSIA")


def test_a_warlock_casts_nothing_where_no_spell_wins_or_saves_a_centre() -> None:
    setup = example("warlock")
    state = _position(setup, units={"AUSTRIA": ["A BOH"], "GERMANY": ["A BER"]})
    orders = bot_orders(state, setup.rules, "AUSTRIA", "w")
    assert orders == ["A BOH - MUN"]  # Munich is empty: the move takes it unhelped


def test_an_arpiesse_bot_builds_in_the_colour_that_beats_the_rivals_near() -> None:
    setup = example("arpiesse")
    red = [{"unit": u, "colour": "red"} for u in ("A BUR", "A PIC", "A GAS")]
    state = _position(setup, phase="W1901A", units={"GERMANY": red})
    orders = bot_orders(state, setup.rules, "FRANCE", "a")
    # Purple beats red: every French build is purple.
    assert sorted(orders) == ["BUILD PURPLE A BRE", "BUILD PURPLE A MAR", "BUILD PURPLE A PAR"]
    _accepted(state, setup.rules, {"FRANCE": orders})


def test_an_arpiesse_bot_makes_no_attack_the_defender_s_colour_beats() -> None:
    setup = example("arpiesse")

    def board(munich: str) -> GameState:
        return _position(setup, units={
            "FRANCE": [{"unit": "A BUR", "colour": "red"}, {"unit": "A RUH", "colour": "silver"}],
            "GERMANY": [{"unit": "A MUN", "colour": munich}]})

    # Red beats silver: the attack goes in; purple beats red: it would fail, Burgundy holds.
    assert "A BUR - MUN" in bot_orders(board("silver"), setup.rules, "FRANCE", "a")
    orders = bot_orders(board("purple"), setup.rules, "FRANCE", "a")
    assert "A BUR H" in orders, orders
    _accepted(board("purple"), setup.rules, {"FRANCE": orders})


def test_an_arpiesse_bot_exchanges_colours_when_both_units_gain() -> None:
    setup = example("arpiesse")

    def unit(name: str, colour: str) -> dict[str, str]:
        return {"unit": name, "colour": colour}

    # Silver Paris faces red Burgundy (red beats silver); red Brest faces purple fleets
    # (purple beats red): exchanged, Paris is red beside a red, Brest silver before purples.
    state = _position(setup, units={
        "FRANCE": [unit("A PAR", "silver"), unit("F BRE", "red")],
        "GERMANY": [unit("A BUR", "red"), unit("A RUH", "red")],
        "ENGLAND": [unit("F MAO", "purple"), unit("F IRI", "purple")]})
    orders = bot_orders(state, setup.rules, "FRANCE", "a")
    assert sorted(orders) == ["A PAR X F BRE", "F BRE X A PAR"]
    after = _accepted(state, setup.rules, {"FRANCE": orders}).after
    assert (colour_of(after.units["PAR"]), colour_of(after.units["BRE"])) == ("red", "silver")


def test_a_capitalist_bot_keeps_a_third_of_its_money_and_bribes_and_pays_where_it_matters(
) -> None:
    setup = example("capitalist")
    state, rules = setup.state, setup.rules
    bribes = pays = 0
    for _ in range(14):
        orders = {p: bot_orders(state, rules, p, "c") for p in state.powers}
        if state.phase.kind == MOVEMENT:
            for power, lines in orders.items():
                money = eco.available(state, power)
                figures = [split_figure(line)[1] or 1 for line in lines]
                if money - len(lines) - money // 3 > 0:
                    assert sum(figures) <= money - money // 3, (power, money, lines)
                bribes += sum(line.startswith("BRIBE ") for line in lines)
                pays += sum(f > 1 for line, f in zip(lines, figures, strict=True)
                            if not line.startswith("BRIBE "))
        state = _accepted(state, rules, orders).after
    assert bribes and pays, (bribes, pays)


def test_a_prince_bot_keeps_a_unit_holding_to_pay_his_wazir() -> None:
    setup = example("al-andalus")
    extra = {"wazirs": {"LORDELINDEL": {"court": "CASTILLE", "dinars": 3}}}
    rules = setup.rules
    state = rules.seat_roles(setup.state.with_(extra=extra), {"LORDELINDEL": "wazir"})
    for _ in range(3):  # spring, fall, winter
        orders = {p: bot_orders(state, rules, p, "p") for p in state.powers}
        if state.phase.kind == MOVEMENT:
            assert any(line.endswith(" H") for line in orders["CASTILLE"]), orders["CASTILLE"]
        state = _accepted(state, rules, orders).after
    assert Court.of(state).wazirs["LORDELINDEL"].dinars >= 3 + 2
