"""Where a Warlock unit whose move is no move of the phase's ended it, for EXPLAIN's "it
ended in": a ghost's and a balloon's rows are the hidden notes' (naming.py), and an army
that floated up stays where it was, in the air."""

from __future__ import annotations

from gmbot.engine.map import province_of
from gmbot.engine.report import PhaseReport, Row
from gmbot.engine.state import MOVEMENT, GameState, Unit
from gmbot.engine.steps import steps_of_line
from gmbot.variants.warlock.balloon import aloft
from gmbot.variants.warlock.naming import balloon_key


def ended_in(before: GameState, after: GameState, report: PhaseReport,
             unit: Unit) -> tuple[str, str]:
    """Where a ghost, a balloon or an army that floated up was once the phase was over,
    where its order took it: their rows are the hidden notes', not the phase's moves."""
    hidden = report.hidden_notes
    if hidden is None:
        return "", ""
    over = aloft(after)
    if unit.attrs.get("ghost"):
        row = next((r for r in hidden.ghosts.get(unit.power, []) if r.unit == str(unit)), None)
        to = _went(row, before) if row is not None and row.result == "succeeds" else ""
        return province_of(to), to
    if unit.attrs.get("aloft"):
        key = balloon_key(str(unit))
        row = next((r for r in hidden.air.get(unit.power, []) if r.key == key), None)
        to = province_of(_went(row, before)) if row is not None else ""
        if to and row is not None and row.result == "succeeds" and to in over:
            return to, f"the air over {to}"
        below = after.units.get(unit.prov)
        if unit.prov not in over and below is not None and below.power == unit.power:
            return unit.prov, f"{unit.prov}, back on the ground"
        return "", ""
    # It floated up: its own rise's row (a unit aloft at the start has a key of its own),
    # not another balloon that drifted over it (the trial of 3 December 2026: Italy's
    # army under a French balloon "ended in the air over BUR").
    rose = any(r.unit == str(unit) and not r.key for r in hidden.air.get(unit.power, []))
    if rose and unit.prov in over and unit.prov not in aloft(before):
        return unit.prov, f"the air over {unit.prov}"
    return "", ""


def _went(row: Row, before: GameState) -> str:
    steps = row.steps or steps_of_line(row.order, before.map, MOVEMENT)
    return next((s.to for s in steps if s.kind == "move" and s.to), "")
