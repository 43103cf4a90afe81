"""Arpiesse order grammar: the spellings of the exchange and of coloured builds, and how
they are kept like any other order for their unit."""

from __future__ import annotations

import pytest

from gmbot.engine import load_map, state_from_dict
from gmbot.engine.adjudicate import accept_orders
from gmbot.variants import make_rules

MAP = load_map("standard")
RULES = make_rules("arpiesse")
MOVEMENT = state_from_dict({
    "phase": "S1901M",
    "units": {
        "ITALY": [{"unit": "F ADR", "colour": "purple"}, {"unit": "A VEN", "colour": "red"}],
        "AUSTRIA": [{"unit": "A TRI", "colour": "silver"}],
        "RUSSIA": [{"unit": "F STP/SC", "colour": "red"}],
        "ENGLAND": [{"unit": "F NWY", "colour": "purple"}],
    },
}, MAP)
WINTER = state_from_dict({
    "phase": "W1901A",
    "units": {"FRANCE": [{"unit": "A SPA", "colour": "red"}]},
    "centers": {"FRANCE": ["PAR", "BRE", "MAR", "SPA"]},
}, MAP)


@pytest.mark.parametrize(("power", "line", "shown"), [
    ("ITALY", "F ADR X A TRI", "F ADR X A TRI"),
    ("ITALY", "f adr exchange with a tri", "F ADR X A TRI"),
    ("ITALY", "Italy: F Adriatic Sea exch army Trieste", "F ADR X A TRI"),
    ("ITALY", "ADR WITH TRI", "F ADR X A TRI"),
    ("AUSTRIA", "A TRI exchange F ADR", "A TRI X F ADR"),
    ("RUSSIA", "F StP(SC) X F Nwy", "F STP/SC X F NWY"),
    ("ENGLAND", "F NWY X F STP", "F NWY X F STP"),
])
def test_exchange_spellings(power: str, line: str, shown: str) -> None:
    orders, rejected = accept_orders(MOVEMENT, RULES, power, [line])
    assert rejected == []
    assert [str(o) for o in orders] == [shown]


def test_the_acknowledgement_says_what_the_exchange_needs() -> None:
    orders, _ = accept_orders(MOVEMENT, RULES, "ITALY", ["F ADR X A TRI"])
    assert RULES.ack_lines(MOVEMENT, "ITALY", orders) == [
        "F ADR X A TRI: the colours are exchanged only if A TRI is ordered A TRI X F ADR "
        "and neither unit is dislodged."
    ]


def test_an_exchange_is_the_units_order_and_a_later_line_replaces_it() -> None:
    orders, rejected = accept_orders(MOVEMENT, RULES, "ITALY",
                                     ["F ADR X A TRI", "F ADR - ION", "A VEN - TRI"])
    assert [str(o) for o in orders] == ["F ADR - ION", "A VEN - TRI"]
    assert [(r.line, r.prov) for r in rejected] == [("F ADR X A TRI", "ADR")]


def test_an_exchange_needs_a_unit_to_exchange_with() -> None:
    _, rejected = accept_orders(MOVEMENT, RULES, "ITALY", ["F ADR X", "F ADR X A TRI A VEN"])
    assert [r.reason for r in rejected] == [
        "expected the unit to exchange colours with at the end of the order",
        "did not understand 'A VEN' at the end",
    ]


@pytest.mark.parametrize(("line", "shown"), [
    ("BUILD SILVER F BRE", "BUILD SILVER F BRE"),
    ("F BRE B SILVER", "BUILD SILVER F BRE"),
    ("BUILD PURPLE A PAR", "BUILD PURPLE A PAR"),
    ("build a paris red", "BUILD RED A PAR"),
    ("Purple army Marseilles builds", "BUILD PURPLE A MAR"),
])
def test_coloured_build_spellings(line: str, shown: str) -> None:
    orders, rejected = accept_orders(WINTER, RULES, "FRANCE", [line])
    assert rejected == []
    assert [str(o) for o in orders] == [shown]


def test_a_coloured_build_is_still_checked_like_a_build() -> None:
    _, rejected = accept_orders(WINTER, RULES, "FRANCE", ["BUILD RED A SPA", "BUILD RED A MUN"])
    assert [r.reason for r in rejected] == [
        "cannot build in SPA: it is not one of your home centres (you may build in BRE MAR PAR)",
        "cannot build in MUN: you do not own it (you may build in BRE MAR PAR)"]


def test_removals_and_waives_need_no_colour() -> None:
    orders, rejected = accept_orders(WINTER, RULES, "FRANCE", ["WAIVE"])
    assert rejected == [] and [str(o) for o in orders] == ["WAIVE"]


def test_unit_label_shows_the_colour() -> None:
    unit = MOVEMENT.units["STP"]
    assert RULES.unit_label(unit) == "F STP/SC (red)"
