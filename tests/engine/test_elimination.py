"""A power is eliminated when it is left with neither a centre nor a unit; losing its last
centre while a unit survives is not elimination."""

from __future__ import annotations

from gmbot.variants.cases import run_case


def _case(italy_units: list[str]) -> dict:
    return {
        "phase": "F1901M",
        "units": {"FRANCE": ["A TUS"], "ITALY": italy_units},
        "centers": {"FRANCE": ["PAR"], "ITALY": ["ROM"]},
        "orders": {"FRANCE": ["A TUS - ROM"]},
    }


def test_losing_the_last_centre_with_no_unit_left_eliminates() -> None:
    out = run_case(_case([]))
    assert out["centers_after"].get("ITALY") is None
    assert out["eliminated"] == ["ITALY"]


def test_a_surviving_unit_keeps_the_power_in_the_game() -> None:
    out = run_case(_case(["A APU"]))
    assert out["centers_after"].get("ITALY") is None
    assert "eliminated" not in out
