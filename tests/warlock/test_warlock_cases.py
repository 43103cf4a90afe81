"""Warlock Diplomacy: the text's worked examples and each spell, from the YAML data in
tests/warlock, through the same code path as `gmbot adjudicate` (gmbot.variants.cases.run_case)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from gmbot.variants.cases import run_case
from gmbot.variants.warlock.spells import spells_left
from tests.test_datc import check

DATA = Path(__file__).parent
POSITION_KEYS = ("options", "phase", "units", "centers", "homes", "dislodged", "standoffs",
                 "powers", "extra")


def load_cases() -> list[Any]:
    cases = []
    for path in sorted(DATA.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            cases.append(pytest.param(case, id=str(case["id"])))
    return cases


def check_warlock(expect: dict[str, Any], out: dict[str, Any], where: str) -> None:
    """The variant's own expectations: public notes, spells left."""
    notes = "\n".join(out.get("public_notes", []))
    for text in expect.get("notes") or ():
        assert text in notes, f"{where}: {text!r} not in the public notes:\n{notes}"
    for text in expect.get("no_notes") or ():
        assert text not in notes, f"{where}: {text!r} in the public notes:\n{notes}"
    if "aloft" in expect:
        got = {p: e["unit"] for p, e in out["position"].get("extra", {}).get("aloft", {}).items()}
        assert got == (expect["aloft"] or {}), f"{where}: aloft"
    if "winner" in expect:
        assert out.get("winner") == expect["winner"], f"{where}: winner"
    hidden = out.get("hidden_notes", {})
    if "hidden" in expect:
        assert hidden.get("rows", {}) == (expect["hidden"] or {}), f"{where}: hidden rows"
    if "ghosts" in expect:
        got = {p: sorted(f"{r['order']}: {r['result']}" for r in rows)
               for p, rows in hidden.get("ghosts", {}).items()}
        assert got == (expect["ghosts"] or {}), f"{where}: ghost rows"
    powers = out["position"].get("powers", {})
    for power, want in (expect.get("spells") or {}).items():
        left = spells_left(powers.get(power, {}))
        for spell, n in want.items():
            assert left[spell] == n, f"{where}: {power} {spell} left {left[spell]}, not {n}"


@pytest.mark.parametrize("case", load_cases())
def test_case(case: dict[str, Any]) -> None:
    position: dict[str, Any] = {k: case[k] for k in POSITION_KEYS if k in case}
    position.setdefault("centers", {})
    steps = case.get("steps") or [{"orders": case.get("orders"), "expect": case.get("expect")}]
    for n, step in enumerate(steps, 1):
        out = run_case({"variant": "warlock", **position, "orders": step.get("orders") or {}})
        where = f"{case['id']} step {n}"
        expect = step.get("expect") or {}
        check(expect, out, where)
        check_warlock(expect, out, where)
        position = dict(out["position"])
        if "options" in case:
            position["options"] = case["options"]
