"""Changing home centres: the rule text's conditions as data (home-centres.yaml), run
through the same code path as `gmbot adjudicate`, plus the order grammar, the position's
`extra_centres`, and what the option tells players."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from gmbot.engine import load_map, state_from_dict
from gmbot.engine.adjudicate import accept_orders
from gmbot.engine.parse import OrderParser
from gmbot.engine.position import PositionError, state_to_dict
from gmbot.variants import make_rules
from gmbot.variants.cases import run_case
from gmbot.variants.homecentres import (
    Abandon,
    Assimilate,
    ChangingHomeCentres,
    parse_home_order,
)
from gmbot.variants.options import BuildAnywhere, CivilDisorder2023

DATA = Path(__file__).parent / "home-centres.yaml"
POSITION_KEYS = ("variant", "phase", "units", "centers", "homes", "dislodged", "standoffs",
                 "powers", "extra_centres")
OPTION = {"changing_home_centres": True}
MAP = load_map("standard")


def load_cases() -> list[Any]:
    cases = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    return [pytest.param(c, id=str(c["id"])) for c in cases]


def _squash(text: str) -> str:
    return " ".join(text.split())


def check(expect: dict[str, Any], out: dict[str, Any], where: str) -> None:
    if "phase" in expect:
        assert out["phase"] == expect["phase"], f"{where}: phase"
    if "errors" in expect:
        got = {e["order"]: e["reason"] for e in out["errors"]}
        assert set(got) == set(expect["errors"]), f"{where}: errors {out['errors']}"
        for line, part in expect["errors"].items():
            assert part in got[line], f"{where}: {line}: {got[line]!r} lacks {part!r}"
    homes = out["position"]["homes"]
    for power, want in (expect.get("homes_after") or {}).items():
        assert sorted(homes[power]) == sorted(want), f"{where}: homes of {power}"
    attrs = out["position"].get("powers", {})
    for power, want in (expect.get("powers_after") or {}).items():
        got_attrs = {k: attrs.get(power, {}).get(k) for k in want}
        assert got_attrs == want, f"{where}: powers.{power}"
    notes = [_squash(n) for n in out.get("public_notes", [])]
    for line in expect.get("notes") or ():
        assert _squash(line) in notes, f"{where}: note {line!r} not in {notes}"
    if "built" in expect:
        assert out.get("built", []) == expect["built"], f"{where}: built"
    for unit, want in (expect.get("results") or {}).items():
        assert out["order_results"].get(unit) == want, f"{where}: result of {unit}"
    if "units_after" in expect:
        got_units = {p: set(u) for p, u in out["units_after"].items()}
        assert got_units == {p: set(u) for p, u in expect["units_after"].items()}, where
    if "centers_after" in expect:
        got_c = {p: set(c) for p, c in out["centers_after"].items()}
        want_c = {p: set(c) for p, c in expect["centers_after"].items()}
        assert {p: got_c.get(p) for p in want_c} == want_c, f"{where}: centres"


@pytest.mark.parametrize("case", load_cases())
def test_case(case: dict[str, Any]) -> None:
    options = case.get("options", OPTION)
    position = {k: case[k] for k in POSITION_KEYS if k in case}
    steps = case.get("steps") or [{"orders": case.get("orders"), "expect": case.get("expect")}]
    for n, step in enumerate(steps, 1):
        out = run_case({**position, "options": options, "orders": step.get("orders") or {}})
        check(step.get("expect") or {}, out, f"{case['id']} step {n}")
        position = dict(out["position"])
        if "variant" in case:  # the position written back does not name the variant
            position["variant"] = case["variant"]


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
        "Your home centres: BER KIE MUN (3; N = 3, at most 4).",
        "You may assimilate: HOL.",
    ]
    two = state_from_dict({**state_to_dict(GERMAN_WINTER), "powers": {
        "GERMANY": {"owned_last_winter": ["BER", "DEN", "HOL", "KIE", "MUN"]}}}, MAP)
    orders, rejected = accept_orders(two, rules, "GERMANY", ["ASSIMILATE HOL", "ASSIMILATE DEN"])
    assert rejected == []  # each alone is legal
    lines = rules.ack_lines(two, "GERMANY", orders)
    assert lines[0] == ("ASSIMILATE DEN will be void: you have 4 home centres counting your "
                        "earlier orders this winter: at N + 1 = 4 (your N = 3 initial ones plus "
                        "one) they can no longer change")


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
    assert all(row["homes"] is None for row in board_summary(plain, standard))
    with_option = board_summary(plain, make_rules("standard", OPTION))
    assert {r["power"]: r["homes"] for r in with_option}["AUSTRIA"] == ["BUD", "TRI", "VIE"]
    extra = state_from_dict({"phase": "S1901M", "extra_centres": {"AUSTRIA": ["TRI"]}}, MAP)
    rows = {r["power"]: r["homes"] for r in board_summary(extra, standard)}
    assert rows["AUSTRIA"] == ["BUD", "VIE"] and rows["ITALY"] == ["NAP", "ROM", "VEN"]
