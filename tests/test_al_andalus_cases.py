"""Al-Andalus Diplomacy, rule by rule: the YAML cases in tests/andalus run through
`gmbot.variants.cases.run_case`, the code path of `gmbot adjudicate`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from gmbot.variants.cases import run_case

DATA = Path(__file__).parent / "andalus"
POSITION_KEYS = ("options", "phase", "units", "centers", "homes", "dislodged", "standoffs",
                 "powers", "extra")


def load_cases() -> list[Any]:
    cases = []
    for path in sorted(DATA.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            cases.append(pytest.param(case, id=str(case["id"])))
    return cases


def _units(by_power: dict[str, list[Any]]) -> dict[str, set[str]]:
    return {p: {str(u) if isinstance(u, str) else f"{u['unit']} {sorted(u.items())}"
                for u in units} for p, units in by_power.items() if units}


def check(expect: dict[str, Any], out: dict[str, Any], where: str) -> None:
    position = out["position"]
    for unit, order in (expect.get("orders") or {}).items():
        assert out["orders"].get(unit) == order, f"{where}: {unit}: {out['orders']}"
    for unit, code in (expect.get("results") or {}).items():
        assert out["order_results"].get(unit) == code, f"{where}: {unit}"
    if "errors" in expect:
        got = sorted(e["order"] for e in out["errors"])
        assert got == sorted(expect["errors"] or ()), f"{where}: errors {out['errors']}"
    reasons = {e["order"]: e["reason"] for e in out["errors"]}
    for line, reason in (expect.get("error_reasons") or {}).items():
        assert reasons.get(line) == reason, f"{where}: {line}: {reasons}"
    wazirs = (position.get("extra") or {}).get("wazirs") or {}
    for key, want in (expect.get("wazirs") or {}).items():
        got = wazirs.get(key, {})
        assert {k: got.get(k) for k in want} == want, f"{where}: Wazir {key}: {got}"
    if "owners" in expect:
        got = (position.get("extra") or {}).get("owners")
        assert got == expect["owners"], f"{where}: owners {got}"
    if "captives" in expect:
        got = (position.get("extra") or {}).get("captives") or {}
        assert got == (expect["captives"] or {}), f"{where}: captives"
    for prince, dinars in (expect.get("held") or {}).items():
        got = (position.get("powers") or {}).get(prince, {}).get("dinars", 0)
        assert got == dinars, f"{where}: {prince} holds {got} dinars"
    notes = "\n".join(out.get("public_notes", []))
    for text in expect.get("notes") or ():
        assert " ".join(text.split()) in notes, f"{where}: {text!r} not in\n{notes}"
    if "units_after" in expect:
        assert _units(out["units_after"]) == _units(expect["units_after"]), f"{where}: units"
    if "centers_after" in expect:
        got = {p: set(c) for p, c in out["centers_after"].items()}
        assert got == {p: set(c) for p, c in expect["centers_after"].items()}, where
    if "next_phase" in expect:
        assert out["next_phase"] == expect["next_phase"], f"{where}: next phase"
    if "winner" in expect:
        assert out.get("winner") == expect["winner"], f"{where}: winner"


@pytest.mark.parametrize("case", load_cases())
def test_case(case: dict[str, Any]) -> None:
    position = {k: case[k] for k in POSITION_KEYS if k in case}
    steps = case.get("steps") or [{"orders": case.get("orders"), "expect": case.get("expect")}]
    for n, step in enumerate(steps, 1):
        out = run_case({"variant": "al-andalus", **position, "orders": step.get("orders") or {}})
        check(step.get("expect") or {}, out, f"{case['id']} step {n}")
        position = {**out["position"], **({"options": case["options"]} if "options" in case
                                           else {})}
