"""Arpiesse's expectations of a case: the standard ones, plus each unit's colour after the
phase and the public report lines, exactly."""

from __future__ import annotations

from typing import Any

from tests.variants.expect import standard
from tests.variants.expect.vocabulary import Vocabulary


def _colours(out: dict[str, Any]) -> dict[str, str]:
    return {
        u["unit"]: u.get("colour")
        for units in out["units_after"].values() for u in units if isinstance(u, dict)
    }


def check(expect: dict[str, Any], out: dict[str, Any], where: str) -> None:
    standard.check(expect, out, where)
    for unit, colour in (expect.get("colours_after") or {}).items():
        assert _colours(out).get(unit) == colour, f"{where}: colour of {unit}: {out}"
    if "notes" in expect:
        assert out.get("public_notes", []) == expect["notes"], f"{where}: notes"


KEYS = standard.KEYS | {"colours_after", "notes"}
VOCABULARY = Vocabulary(check, KEYS, no_centres_unless_given=True)
