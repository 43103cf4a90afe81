"""EXPLAIN <unit>: the judge's reasoning for one of the sender's units in the last processed
phase, read from the stored report (its facts, engine/report.py) and redacted for him as
his results mail was: a unit he may not see is never named, and asking about it gets the
answer an empty province gets."""

from __future__ import annotations

from gmbot.engine.report import PhaseReport, unhidden
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState, Phase, Unit
from gmbot.service.views.results import hidden_units, told


def units_in(rules: StandardRules, state: GameState) -> list[Unit]:
    """The units a phase was about: on the board, dislodged in a retreat phase, and off
    the board (a Warlock balloon), the board's first where two share a province."""
    return [*state.units.values(), *(d.unit for d in state.dislodged.values()),
            *(u for u, _ in rules.off_board(state))]


def explain(rules: StandardRules, before: GameState, after: GameState, report: PhaseReport,
            viewer: str | None, prov: str) -> str:
    """The reasoning for the unit in `prov` at the start of the phase, as `viewer` (a
    player's key; None: the GM, who reads the public copy) may read it."""
    phase = f"{Phase.parse(report.phase).long()} ({report.phase})"
    unit = next((u for u in units_in(rules, before) if u.prov == prov), None)
    mine = unit is not None and (viewer is None or unit.power == viewer
                                 or rules.may_order(before, viewer, unit))
    if unit is None or not rules.shown_to(before, unit, viewer if mine else None):
        # An invisible unit of another power is answered as no unit: nothing told.
        whose = "" if viewer is None else " of yours"
        return f"There was no unit{whose} in {prov} in {phase}."
    if not mine:
        return (f"{rules.unit_label(unit)} was not one of your units in {phase}: EXPLAIN "
                "tells the reasoning for your own units.")
    shown = told(rules, before, after, report, viewer)
    key = rules.fact_key(unit)
    row = next((r for rows in shown.orders.values() for r in rows if r.fact_key() == key),
               None)
    if row is None:
        return f"The results of {phase} have no order of {rules.unit_label(unit)}."
    lines = [f"{rules.unit_label(unit)} in {phase}:", f"  ordered: {row.given or row.order}"]
    if row.given:
        lines.append(f"  carried out: {row.order} ({row.why})")
    lines.append(f"  result: {row.result.replace('_', ' ')}")
    if unit.name in report.moves:
        lines.append(f"  it ended in {report.moves[unit.name]}")
    if not report.reasoned:
        lines.append("  (This phase was processed before the judge kept its reasoning: "
                     "only its result is known.)")
        return "\n".join(lines)
    facts = unhidden(report.facts_of(key, viewer), hidden_units(report, shown),
                     report.named)
    lines += [f"  - {f.words}" for f in facts]
    if not facts and not row.given:
        lines.append("  Nothing opposed it and no rule changed it: it went as ordered.")
    return "\n".join(lines)
