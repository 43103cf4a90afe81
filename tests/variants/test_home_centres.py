"""Changing home centres: the order grammar, the position's `extra_centres`, and what the
option tells players. The rule text's conditions as data (the option's cases,
gmbot/variants/options/home_centres/cases) run in tests/variants/test_cases.py."""

from __future__ import annotations

import pytest

from gmbot.engine import load_map, state_from_dict
from gmbot.engine.adjudicate import accept_orders
from gmbot.engine.parse import OrderParser
from gmbot.engine.position import PositionError, state_to_dict
from gmbot.variants import make_rules
from gmbot.variants.options.build_anywhere.rules import BuildAnywhere
from gmbot.variants.options.civil_disorder_2023.rules import CivilDisorder2023
from gmbot.variants.options.home_centres.grammar import Abandon, Assimilate, parse_home_order
from gmbot.variants.options.home_centres.rules import ChangingHomeCentres

OPTION = {"changing_home_centres": True}
MAP = load_map("standard")


# -- the grammar -------------------------------------------------------------------------------

WINTER = state_from_dict({"phase": "W1901A", "units": {"RUSSIA": ["A MOS"]}}, MAP)


@pytest.mark.parametrize(
    ("line", "kind", "prov"),
    [
        ("ASSIMILATE WAR", Assimilate, "WAR"),
        ("war assimilated", Assimilate, "WAR"),
        ("Warsaw assimilated.", Assimilate, "WAR"),
        ("Russia: assimilate Warsaw", Assimilate, "WAR"),
        ("ABANDON STP", Abandon, "STP"),
        ("St Petersburg abandoned", Abandon, "STP"),
        ("abandon stp/nc", Abandon, "STP"),
    ],
)
def test_order_spellings(line: str, kind: type, prov: str) -> None:
    order = parse_home_order(_parser(), line, "RUSSIA")
    assert isinstance(order, kind) and order.loc == prov and order.power == "RUSSIA"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("ASSIMILATE", "name the centre: ASSIMILATE WAR or WAR ASSIMILATED"),
        ("ASSIMILATE XYZ", "unknown province 'XYZ'"),
        ("ASSIMILATE WAR NOW", "did not understand 'NOW'"),
    ],
)
def test_bad_lines_get_a_reason(line: str, reason: str) -> None:
    rules = make_rules("standard", OPTION)
    _, rejected = accept_orders(WINTER, rules, "RUSSIA", [line])
    assert len(rejected) == 1 and reason in rejected[0].reason


def test_without_the_option_the_orders_are_not_understood() -> None:
    _, rejected = accept_orders(WINTER, make_rules("standard"), "RUSSIA", ["ASSIMILATE WAR"])
    assert [r.reason for r in rejected] == [
        "unknown province 'ASSIMILATE'"]


def _parser() -> OrderParser:
    return OrderParser.for_map(MAP)


# -- positions: extra centres ------------------------------------------------------------------


def test_extra_centre_is_owned_and_not_home() -> None:
    state = state_from_dict({"phase": "S1901M", "extra_centres": {"austria": ["Trieste"]}}, MAP)
    assert state.centers["TRI"] == "AUSTRIA"
    assert state.homes["AUSTRIA"] == ("BUD", "VIE")
    assert state.homes["ITALY"] == ("NAP", "ROM", "VEN")
    data = state_to_dict(state)
    assert "extra_centres" not in data and data["homes"]["AUSTRIA"] == ["BUD", "VIE"]
    assert state_from_dict(data, MAP) == state  # written back through centers and homes


def test_extra_centre_may_be_one_no_one_owns() -> None:
    state = state_from_dict({"centers": {"RUSSIA": ["MOS"]}, "extra_centres": {"RUSSIA": ["RUM"]}},
                            MAP)
    assert state.centers == {"MOS": "RUSSIA", "RUM": "RUSSIA"}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"AUSTRIA": ["VEN"]}, "extra_centres.AUSTRIA[0]: VEN is owned by ITALY"),
        ({"AUSTRIA": ["TYR"]}, "extra_centres.AUSTRIA[0]: TYR is not a supply centre"),
        ({"AUSTRIA": ["XYZ"]}, "extra_centres.AUSTRIA[0]: unknown province 'XYZ'"),
        ({"ATLANTIS": ["TRI"]}, "extra_centres.ATLANTIS: unknown power 'ATLANTIS' (powers: "
                                "AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY)"),
    ],
)
def test_extra_centre_errors_name_the_field(extra: dict[str, list[str]], message: str) -> None:
    with pytest.raises(PositionError) as info:
        state_from_dict({"extra_centres": extra}, MAP)
    assert str(info.value) == message


# -- what players are told -------------------------------------------------------------------


GERMAN_WINTER = state_from_dict({
    "phase": "W1901A",
    "units": {"GERMANY": ["A BER", "A KIE", "A MUN", "A HOL"]},
    "centers": {"GERMANY": ["BER", "KIE", "MUN", "HOL", "DEN"]},
    "powers": {"GERMANY": {"owned_last_winter": ["BER", "HOL", "KIE", "MUN"]}},
}, MAP)


def test_assimilation_is_optional_and_never_demanded() -> None:
    rules = make_rules("standard", OPTION)
    assert rules.missing_orders(GERMAN_WINTER, "GERMANY", []) == []  # no builds: the DEN
    # centre is free but not a home centre; HOL could be assimilated, nobody must.
    austria = state_from_dict({"phase": "W1901A", "units": {"AUSTRIA": ["A VIE"]},
                               "centers": {"AUSTRIA": ["VIE", "BUD"]}}, MAP)
    assert rules.missing_orders(austria, "AUSTRIA", []) == ["1 build(s) or WAIVE"]


def test_ack_lists_home_centres_and_clashes() -> None:
    rules = make_rules("standard", OPTION)
    orders, rejected = accept_orders(GERMAN_WINTER, rules, "GERMANY",
                                     ["ASSIMILATE HOL", "ASSIMILATE DEN"])
    assert [r.line for r in rejected] == ["ASSIMILATE DEN"]  # DEN: taken this Fall
    orders, _ = accept_orders(GERMAN_WINTER, rules, "GERMANY", ["ASSIMILATE HOL"])
    assert rules.ack_lines(GERMAN_WINTER, "GERMANY", orders) == [
        "ASSIMILATE HOL: HOL is a home centre after this winter; you may build there from "
        "the next winter on.",
        "Your home centres: BER KIE MUN (3; you may have at most 4).",
        "You build only in a free home centre: none now; DEN HOL are yours but not home "
        "centres.",
        "You may assimilate: HOL.",
    ]
    two = state_from_dict({**state_to_dict(GERMAN_WINTER), "powers": {
        "GERMANY": {"owned_last_winter": ["BER", "DEN", "HOL", "KIE", "MUN"]}}}, MAP)
    orders, rejected = accept_orders(two, rules, "GERMANY", ["ASSIMILATE HOL", "ASSIMILATE DEN"])
    assert rejected == []  # each alone is legal
    lines = rules.ack_lines(two, "GERMANY", orders)
    assert lines[0] == ("ASSIMILATE DEN will be void: you have 4 home centres counting your "
                        "earlier orders this winter: at 4, one more than the 3 you started with, "
                        "they can no longer change")


def test_ack_warns_of_a_build_the_assimilation_voids() -> None:
    rules = make_rules("standard", {**OPTION, "build_anywhere": True})
    state = state_from_dict({**state_to_dict(GERMAN_WINTER),
                             "units": {"GERMANY": ["A BER", "A KIE", "A MUN"]}}, MAP)
    orders, rejected = accept_orders(state, rules, "GERMANY", ["BUILD F HOL", "ASSIMILATE HOL"])
    assert rejected == []
    assert rules.ack_lines(state, "GERMANY", orders)[0] == (
        "BUILD F HOL will be void: HOL is assimilated this winter, and a build there at the "
        "same time is void")


def test_option_composes_with_other_options() -> None:
    rules = make_rules("standard", {**OPTION, "build_anywhere": True,
                                    "civil_disorder_2023": True})
    assert isinstance(rules, ChangingHomeCentres)
    assert isinstance(rules, BuildAnywhere) and isinstance(rules, CivilDisorder2023)
    assert rules.build_sites(GERMAN_WINTER, "GERMANY") == {"DEN"}
    assert rules.shows_homes() and not make_rules("standard").shows_homes()


def test_results_board_lists_home_centres_when_they_can_differ() -> None:
    from gmbot.service.views.results import board_summary

    standard = make_rules("standard")
    plain = state_from_dict({"phase": "S1901M"}, MAP)
    assert all(row.homes is None for row in board_summary(plain, standard))
    with_option = board_summary(plain, make_rules("standard", OPTION))
    assert {r.power: r.homes for r in with_option}["AUSTRIA"] == ["BUD", "TRI", "VIE"]
    extra = state_from_dict({"phase": "S1901M", "extra_centres": {"AUSTRIA": ["TRI"]}}, MAP)
    rows = {r.power: r.homes for r in board_summary(extra, standard)}
    assert rows["AUSTRIA"] == ["BUD", "VIE"] and rows["ITALY"] == ["NAP", "ROM", "VEN"]


# -- a winter played for its choices waits for an answer ---------------------------------------


def test_a_power_with_only_a_home_centre_choice_is_waited_for() -> None:
    """The winter opened for a choice (RULINGS: played when any power has a legal
    ASSIMILATE or ABANDON) waits for that power's answer; WAIVE answers it."""
    from gmbot.engine.pending import missing_orders

    rules = make_rules("standard", OPTION)
    state = state_from_dict({
        "phase": "W1901A",
        "units": {"GERMANY": ["A BER", "A KIE", "A MUN", "A HOL"]},
        "centers": {"GERMANY": ["BER", "KIE", "MUN", "HOL"]},
        "powers": {"GERMANY": {"owned_last_winter": ["BER", "HOL", "KIE", "MUN"]}},
    }, MAP)
    assert rules.winter_choices(state)
    assert missing_orders(state, rules, "GERMANY", []) == [
        "ASSIMILATE or ABANDON a home centre, or WAIVE to keep them"]
    waive, rejected = accept_orders(state, rules, "GERMANY", ["WAIVE"])
    assert not rejected and missing_orders(state, rules, "GERMANY", waive) == []
    # France, out of the game, has no choice to make.
    assert missing_orders(state, rules, "FRANCE", []) == []
