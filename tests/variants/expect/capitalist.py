"""Capitalist's expectations of a case: executed orders, public and private report lines,
balances, capitals, homes, refused lines by reason (none refused unless `errors` says)."""

from __future__ import annotations

from typing import Any

from tests.variants.expect.standard import FACT_KEYS, check_facts
from tests.variants.expect.vocabulary import Vocabulary


def _units(by_power: dict[str, list[Any]]) -> dict[str, set[str]]:
    return {p: {u["unit"] if isinstance(u, dict) else u for u in us} for p, us in by_power.items()}


def check(expect: dict[str, Any], out: dict[str, Any], where: str) -> None:  # noqa: C901 - one case file's many expectations
    check_facts(expect, out, where)
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


KEYS = frozenset({"executed", "results", "public", "balances", "private", "not_private",
                  "errors", "homes", "centers_after", "units_after", "built", "removed",
                  "capitals", "next_phase"})
KEYS |= FACT_KEYS
VOCABULARY = Vocabulary(check, KEYS)
