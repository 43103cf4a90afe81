"""A player's orders after one more mail (the ruling "All games"): each order of the mail
replaces the earlier order with the same key, the others stand; for the standard rules
and for the variants' own order kinds."""

from __future__ import annotations

from gmbot.engine import load_map, state_from_dict
from gmbot.engine.merge import merge_orders
from gmbot.engine.orders import Build
from gmbot.engine.rules import StandardRules
from gmbot.variants import make_rules
from gmbot.variants.options.home_centres.grammar import Abandon, Assimilate

MAP = load_map("standard")
SPRING = state_from_dict({
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A MUN"]},
    "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN"]},
}, MAP)
WINTER = state_from_dict({
    "phase": "W1901A",
    "units": {"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A BER", "A KIE", "F DEN"]},
    "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER"]},
}, MAP)


def merged(rules: StandardRules, state: object, power: str, earlier: list[str],
           new: list[str]) -> list[str]:
    return [str(o) for o in merge_orders(state, rules, power, earlier, new).orders]


def test_a_unit_order_replaces_only_that_units_order() -> None:
    assert merged(StandardRules(), SPRING, "FRANCE", ["A PAR - BUR", "A MAR - SPA"],
                  ["A PAR - PIC"]) == ["A MAR - SPA", "A PAR - PIC"]


def test_refused_lines_change_nothing() -> None:
    out = merge_orders(SPRING, StandardRules(), "FRANCE", ["A PAR - BUR"], ["A PAR - MUN"])
    assert [str(o) for o in out.orders] == ["A PAR - BUR"]
    assert [r.reason.split(",")[0] for r in out.rejected] == ["A PAR - MUN: not adjacent"]


def test_builds_are_keyed_by_site_and_the_mails_come_first_within_the_allowance() -> None:
    rules = StandardRules()  # France: 3 centres, 1 unit, 2 builds
    assert merged(rules, WINTER, "FRANCE", ["BUILD A PAR"], ["BUILD F BRE"]) == \
        ["BUILD A PAR", "BUILD F BRE"]
    out = merge_orders(WINTER, rules, "FRANCE", ["BUILD A PAR", "BUILD F BRE"],
                       ["BUILD A MAR"])
    assert [str(o) for o in out.orders] == ["BUILD F BRE", "BUILD A MAR"]
    assert [str(o) for o, _ in out.dropped] == ["BUILD A PAR"]
    # A mail's WAIVEs replace the earlier WAIVEs.
    assert merged(rules, WINTER, "FRANCE", ["BUILD A PAR", "WAIVE"], ["WAIVE"]) == \
        ["BUILD A PAR", "WAIVE"]


def test_a_later_removal_replaces_the_earlier_when_one_is_due() -> None:
    out = merge_orders(WINTER, StandardRules(), "GERMANY", ["REMOVE A KIE"], ["REMOVE F DEN"])
    assert [str(o) for o in out.orders] == ["REMOVE A KIE", "REMOVE F DEN"]  # two are due
    out = merge_orders(WINTER, StandardRules(), "GERMANY", ["REMOVE A KIE", "REMOVE F DEN"],
                       ["REMOVE A BER"])
    assert [str(o) for o in out.orders] == ["REMOVE F DEN", "REMOVE A BER"]


def test_warlock_casts_are_keyed_by_spell() -> None:
    rules = make_rules("warlock")
    earlier = ["CAST VAPORIZE A MUN", "CAST EXTRA BUILD", "A PAR - BUR"]
    assert sorted(merged(rules, SPRING, "FRANCE", earlier, ["A PAR - PIC"])) == \
        ["A PAR - PIC", "CAST EXTRA BUILD", "CAST VAPORIZE A MUN"]
    assert sorted(merged(rules, SPRING, "FRANCE", earlier, ["CAST VAPORIZE A MAR"])) == \
        ["A PAR - BUR", "CAST EXTRA BUILD", "CAST VAPORIZE A MAR"]


def test_assimilate_and_abandon_are_keyed_by_centre() -> None:
    rules = make_rules("standard", {"changing_home_centres": True})
    assert rules.order_key(WINTER, Assimilate("FRANCE", None, "SPA")) == ("assimilate", "SPA")
    assert rules.order_key(WINTER, Abandon("FRANCE", None, "MAR")) == ("abandon", "MAR")
    assert rules.order_key(WINTER, Build("FRANCE", "A", "PAR")) == ("build", "PAR")


def test_a_new_order_the_set_refuses_leaves_the_earlier_one_standing() -> None:
    """Capitalist: a pay over the balance (with the other units' pays) replaces nothing."""
    rules = make_rules("capitalist")
    state = state_from_dict({
        "phase": "S1900M",
        "units": {"ENGLAND": ["F LON", "A LVP"]},
        "centers": {"ENGLAND": ["LON"]},
        "homes": {"ENGLAND": ["LON"]},
        "powers": {"ENGLAND": {"capital": "LON", "balance": 2}},
    }, MAP)
    # 7 to spend (balance 2 and income 5): 6 on London, so 1 left for Liverpool.
    out = merge_orders(state, rules, "ENGLAND", ["F LON H (6)", "A LVP H (1)"],
                       ["A LVP - YOR (2)"])
    assert sorted(str(o) for o in out.orders) == ["A LVP H (1)", "F LON H (6)"]
    assert [r.line for r in out.rejected] == ["A LVP - YOR (2)"]
    assert out.replaced == []
