"""Warlock's expectations of a case: the standard ones, plus the public notes, units aloft,
the hidden rows and ghosts, the winner and the spells left."""

from __future__ import annotations

from typing import Any

from gmbot.variants.warlock.spells import spells_left
from tests.variants.expect import standard
from tests.variants.expect.vocabulary import Vocabulary


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
    if "hidden_dislodged" in expect:
        got_dislodged = hidden.get("dislodged", [])
        assert got_dislodged == (expect["hidden_dislodged"] or []), f"{where}: hidden dislodged"
    if "invisible_after" in expect:
        units = out["position"].get("units", {})
        got_invisible = sorted(e["unit"] for rows in units.values() for e in rows
                               if isinstance(e, dict) and e.get("invisible"))
        assert got_invisible == sorted(expect["invisible_after"] or []), f"{where}: invisible"
    if "ghosts" in expect:
        got = {p: sorted(f"{r['order']}: {r['result']}" for r in rows)
               for p, rows in hidden.get("ghosts", {}).items()}
        assert got == (expect["ghosts"] or {}), f"{where}: ghost rows"
    if "moved_centres" in expect:
        got_moved = out["position"].get("extra", {}).get("moved_centres") or {}
        assert got_moved == (expect["moved_centres"] or {}), f"{where}: moved centres"
    powers = out["position"].get("powers", {})
    for power, want in (expect.get("spells") or {}).items():
        left = spells_left(powers.get(power, {}))
        for spell, n in want.items():
            assert left[spell] == n, f"{where}: {power} {spell} left {left[spell]}, not {n}"


def check(expect: dict[str, Any], out: dict[str, Any], where: str) -> None:
    standard.check(expect, out, where)
    check_warlock(expect, out, where)


KEYS = standard.KEYS | {"notes", "no_notes", "aloft", "winner", "hidden", "ghosts", "spells",
                        "hidden_dislodged", "invisible_after", "moved_centres"}
VOCABULARY = Vocabulary(check, KEYS, no_centres_unless_given=True)
