"""Al-Andalus's expectations of a case: the executed orders, the court (Wazirs, owners,
captives, dinars held), the public notes, besides results, refused lines and positions."""

from __future__ import annotations

from typing import Any

from tests.variants.expect.standard import FACT_KEYS, check_facts
from tests.variants.expect.vocabulary import Vocabulary


def _units(by_power: dict[str, list[Any]]) -> dict[str, set[str]]:
    return {p: {str(u) if isinstance(u, str) else f"{u['unit']} {sorted(u.items())}"
                for u in units} for p, units in by_power.items() if units}


def check(expect: dict[str, Any], out: dict[str, Any], where: str) -> None:
    check_facts(expect, out, where)
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
    _check_given(expect, out, where)
    if "random" in expect:  # the coin tosses drawn, exactly
        got = out.get("random_notes", [])
        assert got == (expect["random"] or []), f"{where}: random {got}"
    if "winner" in expect:
        assert out.get("winner") == expect["winner"], f"{where}: winner"


def _check_given(expect: dict[str, Any], out: dict[str, Any], where: str) -> None:
    """unit -> the orders given, unit -> why it executed its order (both exactly)."""
    for key in ("given", "why"):
        if key in expect:
            got = out.get(key, {})
            assert got == (expect[key] or {}), f"{where}: {key} {got}"


KEYS = frozenset({"orders", "results", "errors", "error_reasons", "wazirs", "owners", "captives",
                  "held", "notes", "units_after", "centers_after", "next_phase", "winner",
                  "given", "why", "random"})
KEYS |= FACT_KEYS
VOCABULARY = Vocabulary(check, KEYS)
