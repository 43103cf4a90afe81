"""A line tried as an order and then read as one is parsed once (OrderParser.try_parse
keeps the order for the parse to come), and its words are split once (tokens are kept by
text): yet every parse still gives an order object of its own, and every tokens call a
list of its own, so no caller can tell (merge_orders tells a mail's orders from the
earlier ones by identity)."""

from __future__ import annotations

from gmbot.engine import load_map, state_from_dict
from gmbot.engine.merge import merge_orders
from gmbot.engine.parse import OrderParser
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT

MAP = load_map("standard")
WINTER = state_from_dict({
    "phase": "W1901A",
    "units": {"FRANCE": ["A BUR"]},
    "centers": {"FRANCE": ["PAR", "MAR", "BRE", "BEL"]},
}, MAP)


def test_a_tried_line_reads_as_parse_reads_it_and_each_parse_is_its_own_order() -> None:
    parser = OrderParser.for_map(MAP)
    assert parser.try_parse("a par - bur", "FRANCE", MOVEMENT)
    first = parser.parse("a par - bur", "FRANCE", MOVEMENT)
    second = parser.parse("a par - bur", "FRANCE", MOVEMENT)
    assert str(first) == str(second) == "A PAR - BUR"
    assert first is not second


def test_a_line_that_is_no_order_is_refused_by_a_try_as_by_a_parse() -> None:
    parser = OrderParser.for_map(MAP)
    assert not parser.try_parse("a par - xyz", "FRANCE", MOVEMENT)
    assert not parser.try_parse("", "FRANCE", MOVEMENT)


def test_a_line_tried_for_one_power_or_phase_is_read_anew_for_another() -> None:
    parser = OrderParser.for_map(MAP)
    assert parser.try_parse("build a par", "FRANCE", ADJUSTMENT)
    assert str(parser.parse("build a par", "GERMANY", ADJUSTMENT)) == "BUILD A PAR"
    assert parser.parse("build a par", "GERMANY", ADJUSTMENT).power == "GERMANY"


def test_tokens_are_a_new_list_each_time() -> None:
    parser = OrderParser.for_map(MAP)
    words = parser.tokens("A Par - Bur")
    words.append("JUNK")
    assert parser.tokens("A Par - Bur") == ["A", "PAR", "-", "BUR"]


def test_the_same_build_twice_after_a_try_counts_as_two_builds() -> None:
    parser = OrderParser.for_map(MAP)
    for line in ("build a par", "build a par"):
        parser.try_parse(line, "FRANCE", ADJUSTMENT)
    tried = merge_orders(WINTER, StandardRules(), "FRANCE", [], ["build a par", "build a par"])
    fresh = merge_orders(WINTER, StandardRules(), "FRANCE", [], ["BUILD A PAR", "BUILD A PAR"])
    assert [str(o) for o in tried.orders] == [str(o) for o in fresh.orders]
    assert [r.reason for r in tried.rejected] == [r.reason for r in fresh.rejected]
