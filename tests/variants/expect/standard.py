"""The standard expectations of a case (the DATC's, gmbot/variants/standard/cases/README.md):
results, dislodged units, positions, retreats, refused lines, centres, the phase. Other
variants' vocabularies add their own keys to these or replace them."""

from __future__ import annotations

from typing import Any

from tests.variants.expect.vocabulary import Vocabulary


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
    if "next_phase" in expect:
        assert out["next_phase"] == expect["next_phase"], f"{where}: next phase"
    check_facts(expect, out, where)
    if "removed" in expect:
        assert sorted(out.get("removed", [])) == sorted(expect["removed"] or ()), \
            f"{where}: removed"


def check_facts(expect: dict[str, Any], out: dict[str, Any], where: str) -> None:
    """`facts`: unit -> every fact's words, in order (EXPLAIN's reasoning); `reasons`: unit
    -> the reasons beside its result in the public copy (the surprises all may see)."""
    facts = out.get("facts", [])
    for unit, want in (expect.get("facts") or {}).items():
        got = [f["words"] for f in facts if f["unit"] == unit]
        assert got == want, f"{where}: facts of {unit}: {got}"
    for unit, want in (expect.get("reasons") or {}).items():
        got = [f["words"] for f in facts
               if f["unit"] == unit and f.get("surprise") and f.get("seen_by") is None]
        assert "; ".join(got) == (want or ""), f"{where}: reasons of {unit}: {got}"


FACT_KEYS = frozenset({"facts", "reasons"})
KEYS = frozenset({"results", "dislodged", "units_after", "retreats", "errors", "centers_after",
                  "phase", "next_phase", "removed", "facts", "reasons"})
VOCABULARY = Vocabulary(check, KEYS, no_centres_unless_given=True)
