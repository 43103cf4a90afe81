"""EXPLAIN <unit>: the judge's reasoning for one of the sender's units in the last processed
phase, read from the stored report (its facts, engine/report.py) and redacted for him as
his results mail was: a unit he may not see is never named, and asking about it gets the
answer an empty province gets."""

from __future__ import annotations

from gmbot.engine.report import Bulletin, PhaseReport, unhidden
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState, Phase, Unit
from gmbot.service.views.results import hidden_units, told


def units_in(rules: StandardRules, state: GameState) -> list[Unit]:
    """The units a phase was about: on the board, dislodged in a retreat phase, and off
    the board (a Warlock balloon), the board's first where two share a province."""
    return [*state.units.values(), *(d.unit for d in state.dislodged.values()),
            *(u for u, _ in rules.off_board(state))]


def _mine(rules: StandardRules, state: GameState, viewer: str | None, unit: Unit) -> bool:
    return viewer is None or unit.power == viewer or rules.may_order(state, viewer, unit)


def asked(rules: StandardRules, before: GameState, report: PhaseReport,
          viewer: str | None, prov: str, word: str = "") -> list[Unit]:
    """The units a line names for `viewer`: those in `prov` at the start of the phase and
    those the phase made that went there, his own alone (another's was nowhere at the
    start, as a unit that moved there); with a word of the rules' (`BALLOON`), only the
    units it names for him, also by where they were made."""
    made = [(u, at) for u, at in rules.units_made(before, report)
            if viewer is not None and _mine(rules, before, viewer, u)]
    return [u for u, at in [*((u, u.prov) for u in units_in(rules, before)), *made]
            if (at == prov or (word and u.prov == prov))
            and (not word or rules.unit_word(before, u, viewer) == word)]


def named(rules: StandardRules, state: GameState, unit: Unit, viewer: str | None) -> str:
    """The unit as the viewer names it: with the rules' word where it has one."""
    word = rules.unit_word(state, unit, viewer)
    return f"{word} {rules.unit_label(unit)}" if word else rules.unit_label(unit)


def explain(rules: StandardRules, before: GameState, after: GameState, report: PhaseReport,
            viewer: str | None, prov: str, word: str = "") -> str:
    """The reasoning for the units `prov` (and `word`) name, as `viewer` (a player's key;
    None: the GM, who reads the public copy) may read it: each of his there, when two of
    his share the name (a balloon over his army)."""
    phase = f"{Phase.parse(report.phase).long()} ({report.phase})"
    units = [u for u in asked(rules, before, report, viewer, prov, word)
             if rules.shown_to(before, u, viewer if _mine(rules, before, viewer, u) else None)]
    if not units:
        # An invisible unit of another power is answered as no unit: nothing told.
        whose = "" if viewer is None else " of yours"
        return f"There was no {word.lower() or 'unit'}{whose} in {prov} in {phase}."
    mine = [u for u in units if _mine(rules, before, viewer, u)]
    if not mine:
        return (f"{named(rules, before, units[0], viewer)} was not one of your units in "
                f"{phase}: EXPLAIN tells the reasoning for your own units.")
    shown = told(rules, before, after, report, viewer)
    return "\n\n".join(_reasoning(rules, before, report, shown, viewer, u, phase)
                       for u in mine)


def _reasoning(rules: StandardRules, before: GameState, report: PhaseReport, shown: Bulletin,
               viewer: str | None, unit: Unit, phase: str) -> str:
    name = named(rules, before, unit, viewer)
    key = rules.fact_key(unit)
    row = next((r for rows in shown.orders.values() for r in rows if r.fact_key() == key),
               None)
    if row is None:
        return f"The results of {phase} have no order of {name}."
    lines = [f"{name} in {phase}:", f"  ordered: {row.given or row.order}"]
    if row.given:
        lines.append(f"  carried out: {row.order} ({row.why})")
    lines.append(f"  result: {row.result.replace('_', ' ')}")
    # Moves go by the unit's name: one keyed otherwise (a balloon over an army of the same
    # name) is not the unit that moved.
    if key == unit.name and unit.name in report.moves:
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
