"""The expectations of the changing home centres cases: home centres and the option's
records after the phase, refused lines with a part of their reason, notes, builds."""

from __future__ import annotations

from typing import Any

from tests.variants.expect.vocabulary import Vocabulary


def _squash(text: str) -> str:
    return " ".join(text.split())


def check(expect: dict[str, Any], out: dict[str, Any], where: str) -> None:
    if "phase" in expect:
        assert out["phase"] == expect["phase"], f"{where}: phase"
    if "errors" in expect:
        got = {e["order"]: e["reason"] for e in out["errors"]}
        assert set(got) == set(expect["errors"]), f"{where}: errors {out['errors']}"
        for line, part in expect["errors"].items():
            assert part in got[line], f"{where}: {line}: {got[line]!r} lacks {part!r}"
    homes = out["position"]["homes"]
    for power, want in (expect.get("homes_after") or {}).items():
        assert sorted(homes[power]) == sorted(want), f"{where}: homes of {power}"
    attrs = out["position"].get("powers", {})
    for power, want in (expect.get("powers_after") or {}).items():
        got_attrs = {k: attrs.get(power, {}).get(k) for k in want}
        assert got_attrs == want, f"{where}: powers.{power}"
    notes = [_squash(n) for n in out.get("public_notes", [])]
    for line in expect.get("notes") or ():
        assert _squash(line) in notes, f"{where}: note {line!r} not in {notes}"
    if "built" in expect:
        assert out.get("built", []) == expect["built"], f"{where}: built"
    for unit, want in (expect.get("results") or {}).items():
        assert out["order_results"].get(unit) == want, f"{where}: result of {unit}"
    if "units_after" in expect:
        got_units = {p: set(u) for p, u in out["units_after"].items()}
        assert got_units == {p: set(u) for p, u in expect["units_after"].items()}, where
    if "centers_after" in expect:
        got_c = {p: set(c) for p, c in out["centers_after"].items()}
        want_c = {p: set(c) for p, c in expect["centers_after"].items()}
        assert {p: got_c.get(p) for p in want_c} == want_c, f"{where}: centres"


KEYS = frozenset({"phase", "errors", "homes_after", "powers_after", "notes", "built", "results",
                  "units_after", "centers_after"})
VOCABULARY = Vocabulary(check, KEYS)
