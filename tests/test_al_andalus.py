"""Al-Andalus Diplomacy outside the adjudication cases: the order grammar and its
refusals, what each player still has to order, acknowledgements, the variant's state in
the position schema, and the game file's roles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmbot.engine import (
    PositionError,
    accept_orders,
    load_map,
    state_from_dict,
    state_to_dict,
)
from gmbot.engine.pending import missing_orders
from gmbot.gamefile import GameFileError, load_game_file, parse_game_text
from gmbot.service.gm.file_check import check_spec
from gmbot.variants import VariantError, make_rules
from gmbot.variants.al_andalus.rules import AlAndalusRules
from gmbot.variants.cases import run_case

MAP = load_map("iberia")
REPO = Path(__file__).resolve().parents[1]
COURTS: dict[str, Any] = {
    "phase": "S1080M",
    "extra": {"wazirs": {"LORDELINDEL": {"court": "ZARAGOZA", "dinars": 3},
                         "ASUDEVIL": {"court": None, "dinars": 0}}},
    "powers": {"SEVILLE": {"dinars": 2}},
}


def state(**changes: Any) -> Any:
    return state_from_dict({**COURTS, **changes}, MAP)


def accept(power: str, *lines: str, rules: AlAndalusRules | None = None, **changes: Any
           ) -> tuple[list[str], dict[str, str]]:
    ok, bad = accept_orders(state(**changes), rules or AlAndalusRules(), power, list(lines))
    return [str(o) for o in ok], {r.line: r.reason for r in bad}


def test_registered_on_the_iberia_map_with_its_option() -> None:
    rules = make_rules("al-andalus", {"wazir_generals": True})
    assert isinstance(rules, AlAndalusRules) and rules.map_name == "iberia"
    assert rules.generals and not make_rules("al-andalus").generals
    assert rules.roles == ("wazir",)
    with pytest.raises(VariantError, match="unknown option 'wazir_general'"):
        make_rules("al-andalus", {"wazir_general": True})


@pytest.mark.parametrize(("power", "line", "order"), [
    ("CASTILLE", "The Prince of Castille hires Wazir asudevil.", "HIRE ASUDEVIL"),
    ("CASTILLE", "hire asudevil", "HIRE ASUDEVIL"),
    ("CASTILLE", "Hire Wazir Asudevil", "HIRE ASUDEVIL"),
    ("ASUDEVIL", "I go to the court of the Prince of Zaragoza.", "GO TO COURT ZARAGOZA"),
    ("ASUDEVIL", "go to court castile", "GO TO COURT CASTILLE"),
    ("ASUDEVIL", "Go to the court of Seville", "GO TO COURT SEVILLE"),
    ("LORDELINDEL", "plunder", "PLUNDER"),
    ("ZARAGOZA", "Arrest", "ARREST"),
    ("ZARAGOZA", "ARREST lordelindel", "ARREST"),
])
def test_court_orders_in_short_and_in_the_rule_texts_words(power: str, line: str,
                                                           order: str) -> None:
    ok, bad = accept(power, line)
    assert (ok, bad) == ([order], {})


@pytest.mark.parametrize(("power", "line", "reason"), [
    ("CASTILLE", "HIRE bob", "no Wazir called BOB (Wazirs: ASUDEVIL, LORDELINDEL)"),
    ("ZARAGOZA", "HIRE lordelindel", "LORDELINDEL already serves you"),
    ("CASTILLE", "The Prince of Zaragoza hires Wazir asudevil",
     "you are the Prince of Kingdom of Castille, not of Zaragoza"),
    ("ASUDEVIL", "HIRE lordelindel", "only a Prince hires a Wazir"),
    ("CASTILLE", "GO TO COURT ZARAGOZA", "only a Wazir goes to a court; a Prince HIREs"),
    ("LORDELINDEL", "GO TO COURT ZARAGOZA", "you already serve the court of Taifa of Zaragoza"),
    ("ASUDEVIL", "GO TO COURT NARNIA", "no Prince of Narnia (Princes: CASTILLE, ZARAGOZA, "
     "BADAJOZ, SEVILLE, GRANADA)"),
    ("ASUDEVIL", "PLUNDER", "you serve no Prince, so there is nothing to plunder"),
    ("CASTILLE", "ARREST", "no Wazir serves at your court"),
    ("ZARAGOZA", "APPOINT GENERAL A ZAR", "this game is played without Wazir-Generals"),
    ("ZARAGOZA", "EXECUTE asudevil", "ASUDEVIL is not yours to execute: only the Prince who "
     "took a Prince's last centre decides on his Wazir"),
])
def test_court_orders_refused_with_a_reason(power: str, line: str, reason: str) -> None:
    ok, bad = accept(power, line)
    assert ok == [] and bad == {line: reason}


def test_court_orders_only_in_movement_phases() -> None:
    ok, bad = accept("CASTILLE", "HIRE asudevil", phase="W1080A")
    assert bad == {"HIRE asudevil": "HIRE ASUDEVIL is a court order: give it in a spring or "
                                    "fall movement phase"}
    ok, bad = accept("LORDELINDEL", "BUILD A ZAR", phase="W1080A")
    assert bad == {"BUILD A ZAR": "a Wazir gives no orders in the winter adjustments"}


def test_later_court_orders_replace_earlier_ones() -> None:
    ok, bad = accept("CASTILLE", "HIRE asudevil", "HIRE lordelindel", "A LEO - AST")
    assert ok == ["A LEO - AST", "HIRE LORDELINDEL"]
    assert bad == {"HIRE asudevil": "replaced by the later HIRE LORDELINDEL"}


def test_a_wazir_who_is_not_in_the_game() -> None:
    ok, bad = accept("BOB", "A ZAR - MED")
    assert bad == {"A ZAR - MED": "you are not a Wazir here"}


# -- what is still to order ------------------------------------------------------------------


def missing(power: str, *lines: str, **changes: Any) -> list[str]:
    rules = AlAndalusRules()
    s = state(**changes)
    orders, _ = accept_orders(s, rules, power, list(lines))
    return missing_orders(s, rules, power, orders)


def test_a_prince_with_no_orders_has_everything_to_order() -> None:
    assert missing("CASTILLE") == ["A BUR", "F GAL", "A LEO"]


def test_a_prince_is_done_with_one_unit_left_unordered() -> None:
    assert missing("CASTILLE", "A LEO - AST") == ["A BUR", "F GAL"]
    assert missing("CASTILLE", "A LEO - AST", "A BUR - SAL") == []


def test_a_prince_with_a_wazir_may_leave_a_unit_to_him() -> None:
    assert missing("ZARAGOZA", "A ZAR - MED") == []
    assert missing("ZARAGOZA", "ARREST") == []


def test_one_unit_prince_must_still_send_something() -> None:
    assert missing("CASTILLE", units={"CASTILLE": ["A TOL"]}) == ["A TOL"]
    assert missing("CASTILLE", "A TOL - MAD", units={"CASTILLE": ["A TOL"]}) == []


def test_wazir_orders_never_hold_up_the_phase() -> None:
    assert missing("LORDELINDEL") == [] and missing("ASUDEVIL") == []
    assert missing("LORDELINDEL", "A ZAR - MED") == []


# -- acknowledgements ------------------------------------------------------------------------


def ack(power: str, *lines: str, **changes: Any) -> list[str]:
    rules = AlAndalusRules()
    s = state(**changes)
    orders, _ = accept_orders(s, rules, power, list(lines))
    return rules.ack_lines(s, power, orders)


def test_the_ack_names_the_unit_that_will_auto_hold() -> None:
    lines = ack("CASTILLE", "A TOL - MAD", "A LEO - AST", "F BOB - ATL",
                units={"CASTILLE": ["A TOL", "A LEO", "F BOB"]})
    assert lines == ["You ordered every unit: if these orders stand, A TOL will hold "
                     "(auto-hold), unless your Wazir orders one of your units differently: "
                     "that unit then holds instead."]
    assert ack("CASTILLE", "A TOL - MAD", "A LEO H", "F BOB - ATL",
               units={"CASTILLE": ["A TOL", "A LEO", "F BOB"]}) == []
    assert ack("CASTILLE", "A TOL - MAD", units={"CASTILLE": ["A TOL"]}) == []


def test_the_auto_hold_of_an_island_army_counts_through_the_seas() -> None:
    # Mallorca has no land border: civil disorder distances count an army's way by sea,
    # so the army on the island is the farthest from Castille's homes.
    units = {"CASTILLE": ["A MLL", "A TOL", "A LEO"]}
    dist = MAP.distances_from(frozenset({"BUR", "GAL", "LEO"}), army=True)
    assert dist["MLL"] > dist["TOL"] > dist["LEO"]
    out = run_case({**COURTS, "variant": "al-andalus", "units": units,
                    "orders": {"CASTILLE": ["A TOL - MAD", "A LEO - AST", "A MLL H"]}})
    assert out["orders"]["A TOL"] == "A TOL - MAD"  # a unit held: no auto-hold
    out = run_case({**COURTS, "variant": "al-andalus", "units": units,
                    "orders": {"CASTILLE": ["A TOL - MAD", "A LEO - AST",
                                            "A MLL S A TOL - MAD"]}})
    assert out["orders"]["A MLL"] == "A MLL H"


def test_the_ack_says_a_hire_fails_beside_a_take() -> None:
    extra = {"wazirs": {"ASUDEVIL": {"court": None, "dinars": 0},
                        "NANOOK": {"court": None, "dinars": 0}},
             "captives": {"ASUDEVIL": "CASTILLE"}}
    assert ack("CASTILLE", "HIRE nanook", "TAKE asudevil", extra=extra) == [
        "HIRE NANOOK: it fails, your TAKE ASUDEVIL fills your court this phase."]
    assert ack("CASTILLE", "HIRE nanook", extra=extra) == [
        "HIRE NANOOK: he joins your court only if he orders GO TO COURT CASTILLE this phase."]


def test_a_wazirs_ack_tells_his_court_and_dinars() -> None:
    assert ack("LORDELINDEL", "A ZAR - MED") == ["You serve Taifa of Zaragoza; you have "
                                                 "3 dinars."]
    assert ack("ASUDEVIL", "GO TO COURT CASTILLE")[1] == (
        "GO TO COURT CASTILLE: you move only if Kingdom of Castille HIREs you this phase; "
        "either way you give no unit orders this phase.")


# -- the position schema ----------------------------------------------------------------------


def test_courts_and_dinars_round_trip_through_the_position_schema() -> None:
    out = run_case({**COURTS, "variant": "al-andalus",
                    "orders": {"ZARAGOZA": ["A ZAR H", "A LLE - BAR"], "lordelindel": ["F TOR H"]}})
    position = out["position"]
    assert position["extra"]["wazirs"]["LORDELINDEL"] == {"court": "ZARAGOZA", "dinars": 5}
    assert position["powers"] == {"SEVILLE": {"dinars": 2}}
    assert state_to_dict(state_from_dict(position, MAP)) == position


def test_seat_roles_adds_the_files_wazirs_as_free_agents() -> None:
    rules = AlAndalusRules()
    seated = rules.seat_roles(state(), {"LORDELINDEL": "wazir", "NANOOK": "wazir"})
    assert seated.extra["wazirs"] == {
        "ASUDEVIL": {"court": None, "dinars": 0},
        "LORDELINDEL": {"court": "ZARAGOZA", "dinars": 3},
        "NANOOK": {"court": None, "dinars": 0},
    }
    assert rules.role_key(seated, "nanook") == "NANOOK"
    assert rules.role_key(seated, "bob") is None


# -- the game file ------------------------------------------------------------------------------


def test_the_example_game_loads_and_seats_its_wazirs() -> None:
    spec = load_game_file(REPO / "gmbot/variants/al_andalus/example.yaml")
    assert spec.variant == "al-andalus"
    assert [p.key for p in spec.players if p.role] == ["LORDELINDEL", "ASUDEVIL", "NANOOK"]
    assert check_spec(spec) is None  # no position: the map's start, seated on creation


def test_roles_are_checked_against_the_variant() -> None:
    text = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
    spec = parse_game_text(text.replace("role: wazir, name: nanook", "role: vizier, name: nanook"))
    with pytest.raises(GameFileError, match="players\\[7\\].role: al-andalus has no role 'vizier'"):
        check_spec(spec)


def test_a_wazir_may_not_be_named_like_a_power() -> None:
    text = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
    spec = parse_game_text(text.replace("name: nanook}", "name: Granada}"))
    with pytest.raises(GameFileError, match="players\\[7\\].name: 'Granada' is a power's name"):
        check_spec(spec)


def test_a_position_extra_must_be_a_mapping() -> None:
    text = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
    with pytest.raises(GameFileError, match="position.extra: expected a mapping"):
        parse_game_text(text + "position:\n  extra: [1, 2]\n")


@pytest.mark.parametrize(("position", "below", "message"), [
    ("  extra:\n    wazirs:\n      nanook: {court: NARNIA, dinars: 1}\n", 4,
     "position.extra.wazirs.nanook.court: no Prince 'NARNIA'"),
    ("  extra:\n    wazirs:\n      nanook: {court: null, dinars: lots}\n", 4,
     "position.extra.wazirs.nanook.dinars: dinars must be a whole number >= 0"),
    ("  powers:\n    SEVILLE: {dinars: -2}\n", 3,
     "position.powers.SEVILLE.dinars: dinars must be a whole number >= 0, not -2"),
])
def test_courts_in_the_game_file_are_checked(position: str, below: int, message: str) -> None:
    text = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
    spec = parse_game_text(text + "position:\n" + position, "game.yaml")
    with pytest.raises(GameFileError) as err:
        check_spec(spec)
    # the line of the field: `below` lines under the file's last line
    assert f"game.yaml:{text.count(chr(10)) + below}: {message}" in str(err.value)


def test_the_conqueror_is_told_privately_of_his_captive() -> None:
    rules = AlAndalusRules()
    held = state(extra={"wazirs": {"LORDELINDEL": {"court": None, "dinars": 9}},
                        "captives": {"LORDELINDEL": "SEVILLE"}})
    assert rules.private_lines(held, "SEVILLE") == [
        # The dinars his court holds (the state's) are told him beside his captive.
        "Your court holds 2 dinars: not yours to keep, they all go to the next Wazir who "
        "joins your court (by HIRE or TAKE).",
        "Wazir LORDELINDEL is yours to EXECUTE or TAKE (only without a Wazir) in the next "
        "movement phase; otherwise he goes free."]
    assert rules.private_lines(held, "CASTILLE") == []
    assert rules.private_lines(held, "LORDELINDEL") == [
        "Wazir LORDELINDEL: you are held by Taifa of Seville; 9 dinars."]


# -- a Wazir-General who serves no Prince owns his unit and centres -------------------------

FREE_GENERAL: dict[str, Any] = {
    "phase": "S1083M",
    "units": {"NANOOK": [{"unit": "A ALM", "general": "NANOOK"}], "GRANADA": ["A GRA"]},
    "centers": {"NANOOK": ["ALM"], "GRANADA": ["GRA"]},
    "extra": {"owners": ["NANOOK"],
              "wazirs": {"NANOOK": {"court": None, "dinars": 1, "centres": ["ALM"]}}},
}


def test_a_wazirs_own_unit_round_trips_through_the_position_schema() -> None:
    position = state_to_dict(state_from_dict(FREE_GENERAL, MAP))
    assert position["units"]["NANOOK"] == [{"unit": "A ALM", "general": "NANOOK"}]
    assert state_to_dict(state_from_dict(position, MAP)) == position
    # without extra.owners a Wazir's key is no owner
    with pytest.raises(PositionError, match="units.NANOOK: unknown power 'NANOOK'"):
        state_from_dict({**FREE_GENERAL, "extra": {}}, MAP)


def test_only_a_free_wazir_general_owns_units() -> None:
    rules = AlAndalusRules({"wazir_generals": True})
    wazirs = {"NANOOK": {"court": "GRANADA", "dinars": 1}}
    with pytest.raises(PositionError, match="only a Wazir-General who serves no Prince"):
        rules.seat_roles(state_from_dict(
            {**FREE_GENERAL, "extra": {"owners": ["NANOOK"], "wazirs": wazirs}}, MAP), {})
    with pytest.raises(PositionError, match="only with the option wazir_generals: true"):
        AlAndalusRules().seat_roles(state_from_dict(FREE_GENERAL, MAP), {})
    units = {"NANOOK": ["A ALM"]}
    with pytest.raises(PositionError, match="a Wazir owns only the unit he commands"):
        rules.seat_roles(state_from_dict({**FREE_GENERAL, "units": units}, MAP), {})


def test_results_list_a_free_wazir_general_after_the_princes() -> None:
    from gmbot.service.views.results import board_summary

    rules = AlAndalusRules({"wazir_generals": True})
    rows = board_summary(state_from_dict(FREE_GENERAL, MAP), rules)
    assert [(r.power, r.name, r.centres, r.units, r.adjust) for r in rows] == [
        ("GRANADA", "Taifa of Granada", ["GRA"], ["A GRA"], 0),
        ("NANOOK", "Wazir-General NANOOK", ["ALM"], ["A ALM (Wazir-General NANOOK)"], 0)]
