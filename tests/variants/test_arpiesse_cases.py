"""Arpiesse adjudication from data: the whole DATC suite (the standard variant's cases and
civil_disorder_2023's, read, not copied) with every unit given one colour, which must
adjudicate exactly as standard. The rule text's worked examples and the rulings
(gmbot/variants/arpiesse/cases) run in tests/variants/test_cases.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gmbot.engine.map import load_map
from gmbot.engine.orders import Build, OrderError
from gmbot.engine.parse import OrderParser
from gmbot.engine.state import Phase
from gmbot.variants import DECLARED_OPTIONS, DECLARED_VARIANTS
from gmbot.variants.cases import CaseError, run_case
from gmbot.variants.declaration import Variant
from tests.variants.casekit import load_cases, run_steps
from tests.variants.expect import arpiesse

PARSER = OrderParser.for_map(load_map("standard"))
# The DATC and the standard rule set's own cases, and those of the option whose rule the
# DATC's 6.J prefers: all on the standard map, all expecting the standard keys.
DATC = [*load_cases(DECLARED_VARIANTS["standard"]),
        *load_cases(DECLARED_OPTIONS["civil_disorder_2023"])]


# -- the DATC with every unit red ---------------------------------------------------------


def _coloured(entries: Any) -> Any:
    return [
        {**e, "colour": "red"} if isinstance(e, dict) else {"unit": str(e), "colour": "red"}
        for e in entries or ()
    ]


def _all_red(case: dict[str, Any]) -> dict[str, Any]:
    out = {**case, "variant": "arpiesse"}
    if "units" in case:
        out["units"] = {p: _coloured(units) for p, units in (case["units"] or {}).items()}
    if case.get("dislodged"):
        out["dislodged"] = {u: {**(d or {}), "colour": "red"} for u, d in case["dislodged"].items()}
    return out


def _without_red(line: str) -> str:
    """An error's order line as the DATC case wrote it (refused builds are shown as
    `BUILD RED A MUN`, lines as given `BUILD A MUN RED`)."""
    return " ".join(w for w in line.split() if w != "RED")


def _red_builds(
    position: dict[str, Any], orders: dict[str, Any]
) -> tuple[dict[str, list[str]], Callable[[str], str]]:
    """Builds name their colour in Arpiesse: `BUILD A PAR` becomes `BUILD A PAR RED`.
    Returns the orders and how to read an error's line back as the case wrote it."""
    kind = Phase.parse(str(position.get("phase") or "S1901M")).kind
    out: dict[str, list[str]] = {}
    for power, lines in orders.items():
        if isinstance(lines, str):
            lines = lines.splitlines()
        new = []
        for line in lines:
            try:
                is_build = isinstance(PARSER.parse(line, power, kind), Build)
            except OrderError:
                is_build = False
            if is_build:
                line = f"{line} RED"
            new.append(line)
        out[power] = new
    return out, _without_red


@pytest.mark.parametrize(("datc", "case"), DATC)
def test_datc_with_all_units_one_colour(datc: Variant, case: dict[str, Any]) -> None:
    run_steps(datc, _all_red(case), rewrite=_red_builds, words=arpiesse.VOCABULARY)


# -- positions without colours ------------------------------------------------------------


def test_a_unit_without_colour_is_refused() -> None:
    with pytest.raises(CaseError, match=r"units.FRANCE: A PAR has no colour"):
        run_case({"variant": "arpiesse", "units": {"FRANCE": ["A PAR"]}, "orders": {}})
    with pytest.raises(CaseError, match=r"colour 'blue'; the colours are red, purple, silver"):
        run_case({"variant": "arpiesse", "units": {"FRANCE": [{"unit": "A PAR",
                                                                "colour": "blue"}]}})
