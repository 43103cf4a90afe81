"""Which refused lines of a mail a later line corrected (issue 32, engine/corrections.py):
a refused line for a unit, then an order for that unit that stands; never a spell, a
build or a line whose unit cannot be told. The pipeline's tests are
tests/loop/test_early_correction.py; these try each kind of line and variant."""

from __future__ import annotations

import pytest

from gmbot.engine import state_from_dict
from gmbot.engine.merge import merge_orders
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.variants import make_rules
from tests.engine.test_merge import MAP, SPRING, WINTER

RETREAT = state_from_dict({
    "phase": "F1901R",
    "units": {"FRANCE": ["A MUN", "A PAR"], "ENGLAND": ["A BUR"]},
    "dislodged": {"A PIC": {"power": "FRANCE", "attacker_from": "BUR"}},
    "centers": {},
}, MAP)


def corrected(lines: list[str], state: GameState = SPRING, power: str = "FRANCE",
              rules: StandardRules | None = None) -> list[tuple[str, str | None]]:
    """Each refused line of a mail of `lines`, and the unit that corrected it."""
    out = merge_orders(state, rules or StandardRules(), power, [], lines)
    return [(r.line, r.corrected) for r in out.rejected]


@pytest.mark.parametrize(("lines", "expected"), [
    # The trial's mail: an unknown province, then the unit's order.
    (["A PAR - BURG", "A PAR - BUR"], [("A PAR - BURG", "PAR")]),
    # A move the board refuses, then the unit's order.
    (["A PAR - MUN", "A PAR - BUR"], [("A PAR - MUN", "PAR")]),
    # The order a later one replaced.
    (["A PAR - BUR", "A PAR - PIC"], [("A PAR - BUR", "PAR")]),
    # The unit's order came first: the refused line was the last word on it.
    (["A PAR - BUR", "A PAR - BURG"], [("A PAR - BURG", None)]),
    # A later line orders another unit.
    (["A PAR - BURG", "A MAR - SPA"], [("A PAR - BURG", None)]),
    # No unit can be read.
    (["A PARISS - BUR", "A PAR - BUR"], [("A PARISS - BUR", None)]),
    (["PAR BUR GAS", "A PAR - BUR"], [("PAR BUR GAS", "PAR")]),
    (["RETREAT A PAR - BUR", "A PAR - BUR"], [("RETREAT A PAR - BUR", None)]),
    # Another power's unit: no later order of his for it can stand.
    (["A MUN - BURG", "A MUN - BUR"], [("A MUN - BURG", None), ("A MUN - BUR", None)]),
])
def test_spring(lines: list[str], expected: list[tuple[str, str | None]]) -> None:
    got = corrected(lines)
    assert [(line, unit) for line, unit in got if line in {x for x, _ in expected}] == expected


def test_a_retreat_is_corrected_by_the_units_retreat_or_disband() -> None:
    assert corrected(["A PIC R BELG", "A PIC R BEL"], RETREAT) == [("A PIC R BELG", "PIC")]
    assert corrected(["RETREAT A PIC BELG", "A PIC D"], RETREAT) == [
        ("RETREAT A PIC BELG", "PIC")]


def test_a_removal_is_corrected_by_the_units_removal_and_a_build_never() -> None:
    assert corrected(["REMOVE A DEN", "REMOVE F DEN", "REMOVE A KIE"], WINTER,
                     "GERMANY") == [("REMOVE A DEN", "DEN")]
    # A build is for a site, not a unit: a build there later corrects nothing.
    assert corrected(["BUILD F PAR", "BUILD A PAR"], WINTER) == [("BUILD F PAR", None)]


def test_a_warlock_spell_is_not_corrected_by_a_move_of_the_unit_it_names() -> None:
    rules = make_rules("warlock")
    assert corrected(["CAST MAKE INVISIBL A PAR - BUR", "A PAR - BUR"], rules=rules) == [
        ("CAST MAKE INVISIBL A PAR - BUR", None)]
    assert corrected(["A PAR - BURG", "A PAR - BUR"], rules=rules) == [("A PAR - BURG", "PAR")]


def test_capitalist_pays_are_corrected_and_bribes_never() -> None:
    rules = make_rules("capitalist")
    state = state_from_dict({
        "phase": "S1900M",
        "units": {"ENGLAND": ["F LON", "A LVP"], "FRANCE": ["A BRE"]},
        "centers": {"ENGLAND": ["LON"], "FRANCE": ["BRE"]},
        "homes": {"ENGLAND": ["LON"], "FRANCE": ["BRE"]},
        "powers": {"ENGLAND": {"capital": "LON", "balance": 2},
                   "FRANCE": {"capital": "BRE", "balance": 2}},
    }, MAP)
    # A pay over the balance (7 to spend), then the unit's order within it.
    assert corrected(["A LVP - YOR (9)", "A LVP - YOR (2)"], state, "ENGLAND", rules) == [
        ("A LVP - YOR (9)", "LVP")]
    # A bribe of his own unit is refused; his order for the unit does not correct it.
    got = corrected(["BRIBE A LVP - YOR (1)", "A LVP - YOR (1)"], state, "ENGLAND", rules)
    assert got == [("BRIBE A LVP - YOR (1)", None)]
