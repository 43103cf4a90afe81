"""DATC v3.0 sections 6.A-6.J and rulebook examples, run from the YAML data in tests/datc
through the same code path as `gmbot adjudicate`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from gmbot.variants.cases import run_case

DATA = Path(__file__).parent / "datc"
POSITION_KEYS = ("variant", "options", "phase", "units", "centers", "homes", "dislodged",
                 "standoffs")


def load_cases() -> list[Any]:
    cases = []
    for path in sorted(DATA.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            cases.append(pytest.param(case, id=str(case["id"])))
    return cases


def _sets(by_power: dict[str, list[Any]] | None) -> dict[str, set[str]]:
    out = {}
    for power, items in (by_power or {}).items():
        names = {i["unit"] if isinstance(i, dict) else str(i) for i in items or ()}
        if names:
            out[power.upper()] = names
    return out


def check(expect: dict[str, Any], out: dict[str, Any], where: str) -> None:
    results = out["order_results"]
    refused = {e["province"] for e in out["errors"]}
    for unit, want in (expect.get("results") or {}).items():
        # A unit whose line was refused and that has no other result counts as void.
        got = results.get(unit) or ("void" if unit.split()[-1][:3] in refused else None)
        assert got is not None, f"{where}: no result for {unit}; results: {results}"
        if want == "fails":
            assert got != "succeeds", f"{where}: {unit} should fail, got {got}"
        else:
            assert got == want, f"{where}: {unit} should be {want}, got {got}"
    if "dislodged" in expect:
        assert set(out["dislodged"]) == set(expect["dislodged"] or ()), f"{where}: dislodged"
    if "units_after" in expect:
        assert _sets(out["units_after"]) == _sets(expect["units_after"]), f"{where}: units"
    for unit, options in (expect.get("retreats") or {}).items():
        assert out["dislodged"][unit]["retreats"] == sorted(options), f"{where}: retreats {unit}"
    if "errors" in expect:
        got_errors = {e["order"] for e in out["errors"]}
        assert got_errors == set(expect["errors"] or ()), f"{where}: errors {out['errors']}"
    if "centers_after" in expect:
        assert _sets(out["centers_after"]) == _sets(expect["centers_after"]), f"{where}: centers"
    if "phase" in expect:
        assert out["phase"] == expect["phase"], f"{where}: phase"


@pytest.mark.parametrize("case", load_cases())
def test_case(case: dict[str, Any]) -> None:
    position = {k: case[k] for k in POSITION_KEYS if k in case}
    position.setdefault("centers", {})
    steps = case.get("steps") or [{"orders": case.get("orders"), "expect": case.get("expect")}]
    for n, step in enumerate(steps, 1):
        out = run_case({**position, "orders": step.get("orders") or {}})
        assert "error" not in out
        check(step.get("expect") or {}, out, f"{case['id']} step {n}")
        position = {k: v for k, v in out["position"].items()}
        for k in ("variant", "options"):
            if k in case:
                position[k] = case[k]
