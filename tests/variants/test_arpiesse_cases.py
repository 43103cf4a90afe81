"""Arpiesse adjudication from data: the rule text's twelve worked examples and the rulings
(tests/variants/arpiesse/*.yaml), and the whole DATC suite (tests/datc/*.yaml, read, not
copied) with every unit given one colour, which must adjudicate exactly as standard."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from gmbot.engine.map import load_map
from gmbot.engine.orders import Build, OrderError
from gmbot.engine.parse import OrderParser
from gmbot.engine.state import Phase
from gmbot.variants.cases import CaseError, run_case
from tests import test_datc

DATA = Path(__file__).parent / "arpiesse"
PARSER = OrderParser.for_map(load_map("standard"))


def _load(path: Path) -> list[Any]:
    cases = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    return [pytest.param(c, id=str(c["id"])) for c in cases]


def _colours(out: dict[str, Any]) -> dict[str, str]:
    return {
        u["unit"]: u.get("colour")
        for units in out["units_after"].values() for u in units if isinstance(u, dict)
    }


def run_steps(case: dict[str, Any], rewrite: Any = None) -> None:
    """Each step on the position the previous one left, checked like the DATC cases plus
    the colours after the phase and the public report lines."""
    position = {k: case[k] for k in test_datc.POSITION_KEYS if k in case}
    position.setdefault("centers", {})
    steps = case.get("steps") or [{"orders": case.get("orders"), "expect": case.get("expect")}]
    for n, step in enumerate(steps, 1):
        orders = step.get("orders") or {}
        if rewrite:
            orders, originals = rewrite(position, orders)
        out = run_case({**position, "orders": orders})
        if rewrite:
            for e in out["errors"]:
                e["order"] = originals(e["order"])
        expect = step.get("expect") or {}
        where = f"{case['id']} step {n}"
        test_datc.check(expect, out, where)
        for unit, colour in (expect.get("colours_after") or {}).items():
            assert _colours(out).get(unit) == colour, f"{where}: colour of {unit}: {out}"
        if "notes" in expect:
            assert out.get("public_notes", []) == expect["notes"], f"{where}: notes"
        position = dict(out["position"])
        for k in ("variant", "options"):
            if k in case:
                position[k] = case[k]


@pytest.mark.parametrize("case", _load(DATA / "examples.yaml"))
def test_rule_text_example(case: dict[str, Any]) -> None:
    run_steps(case)


@pytest.mark.parametrize("case", _load(DATA / "rulings.yaml"))
def test_ruling(case: dict[str, Any]) -> None:
    run_steps(case)


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


@pytest.mark.parametrize("case", test_datc.load_cases())
def test_datc_with_all_units_one_colour(case: dict[str, Any]) -> None:
    run_steps(_all_red(case), rewrite=_red_builds)


# -- positions without colours ------------------------------------------------------------


def test_a_unit_without_colour_is_refused() -> None:
    with pytest.raises(CaseError, match=r"units.FRANCE: A PAR has no colour"):
        run_case({"variant": "arpiesse", "units": {"FRANCE": ["A PAR"]}, "orders": {}})
    with pytest.raises(CaseError, match=r"colour 'blue'; the colours are red, purple, silver"):
        run_case({"variant": "arpiesse", "units": {"FRANCE": [{"unit": "A PAR",
                                                                "colour": "blue"}]}})
