"""A line the judge has read before reads the same: adjudication keeps each standard order
line it has parsed (OrderParser.parse_shared), and nothing a player or a GM sees depends on
whether a line was met before, in this phase or in another game."""

from __future__ import annotations

from gmbot.engine import load_map
from gmbot.engine.parse import OrderParser
from gmbot.variants.cases import run_case

PARSER = OrderParser.for_map(load_map("standard"))

CASE = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "A MAR", "F BRE"], "GERMANY": ["A MUN", "A BER"]},
    "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER"]},
}


def test_a_line_read_again_gives_the_same_order() -> None:
    first = PARSER.parse_shared("A PAR - BUR", "FRANCE")
    assert PARSER.parse_shared("A PAR - BUR", "FRANCE") == first
    assert PARSER.parse("A PAR - BUR", "FRANCE") == first
    # Another power's line, or the same words in another phase kind, are other orders.
    assert PARSER.parse_shared("A PAR - BUR", "GERMANY").power == "GERMANY"


def test_a_line_repeated_in_one_mail_is_one_order_and_no_refused_line() -> None:
    # The same order twice replaces nothing (issue 32's trial: a refused line held up
    # early processing); a different order for the unit still replaces the first.
    twice = run_case({**CASE, "orders": {"FRANCE": ["A PAR - BUR", "A PAR - BUR"]}})
    once = run_case({**CASE, "orders": {"FRANCE": ["A PAR - BUR"]}})
    assert twice == once
    other = run_case({**CASE, "orders": {"FRANCE": ["A PAR H", "A PAR - BUR"]}})
    assert other["errors"] == [{"power": "FRANCE", "order": "A PAR H", "province": "PAR",
                                "reason": "replaced by a later order for the unit in PAR"}]


def test_the_same_orders_in_two_cases_are_judged_alike() -> None:
    orders = {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"],
              "GERMANY": ["A MUN - BUR", "A BER - MUN"]}
    first = run_case({**CASE, "orders": orders})
    assert run_case({**CASE, "orders": orders}) == first
    assert first["order_results"]["A PAR"] == "succeeds"
    assert first["order_results"]["A MUN"] == "bounced"
    # A position where the same lines mean something else: no unit in MAR to support.
    other = run_case({**CASE, "units": {"FRANCE": ["A PAR", "F BRE"],
                                        "GERMANY": ["A MUN", "A BER"]}, "orders": orders})
    assert other["order_results"]["A PAR"] == "bounced"
    assert [e["reason"] for e in other["errors"]] == ["no unit in MAR"]
