"""Capitalist Diplomacy's worked examples and rulings as data (tests/capitalist/*.yaml),
run through `gmbot.variants.cases.run_case`, the code path of `gmbot adjudicate`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from gmbot.variants.cases import run_case

DATA = Path(__file__).parent


def load_cases() -> list[Any]:
    cases = []
    for path in sorted(DATA.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            cases.append(pytest.param(case, id=f"{path.stem}:{case['id']}"))
    return cases


def _units(by_power: dict[str, list[Any]]) -> dict[str, set[str]]:
    return {p: {u["unit"] if isinstance(u, dict) else u for u in us} for p, us in by_power.items()}


@pytest.mark.parametrize("case", load_cases())
def test_case(case: dict[str, Any]) -> None:
    data = {k: v for k, v in case.items() if k not in ("id", "title", "expect")}
    data["variant"] = "capitalist"
    out = run_case(data)
    expect = case["expect"]
    position = out["position"]
    for unit, order in (expect.get("executed") or {}).items():
        assert out["orders"].get(unit) == order, (unit, out["orders"])
    for unit, code in (expect.get("results") or {}).items():
        assert out["order_results"].get(unit) == code, (unit, out["order_results"])
    if "public" in expect:
        lines = out.get("public_notes", [])
        body = [ln for ln in lines if not ln.endswith(":")]  # headings aside
        assert body == expect["public"], lines
    for power, n in (expect.get("balances") or {}).items():
        assert position["powers"][power]["balance"] == n, (power, position["powers"])
    private = out.get("private_notes", {})
    for power, lines in (expect.get("private") or {}).items():
        for line in lines:
            assert line in private.get(power, []), (power, private.get(power))
    for power, words in (expect.get("not_private") or {}).items():
        for word in words:
            assert word not in " ".join(private.get(power, [])), (power, word)
    if "errors" in expect:
        got = out["errors"]
        assert len(got) == len(expect["errors"]), got
        for want in expect["errors"]:
            assert any(
                e["power"] == want["power"] and want["reason"] in e["reason"]
                and ("order" not in want or e["order"] == want["order"])
                for e in got
            ), (want, got)
    else:
        assert out["errors"] == [], out["errors"]
    for power, homes in (expect.get("homes") or {}).items():
        assert sorted(position["homes"][power]) == homes, (power, position["homes"])
    for power, centres in (expect.get("centers_after") or {}).items():
        assert out["centers_after"].get(power) == centres, out["centers_after"]
    if "units_after" in expect:
        assert _units(out["units_after"]) == _units(expect["units_after"]), out["units_after"]
    for key in ("built", "removed"):
        if key in expect:
            assert sorted(out.get(key, [])) == sorted(expect[key]), out.get(key)
    for power, cap in (expect.get("capitals") or {}).items():
        assert position["powers"][power]["capital"] == cap, position["powers"]
    if "next_phase" in expect:
        assert out["next_phase"] == expect["next_phase"]
