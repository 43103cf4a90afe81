"""The phase report (engine/report.py) made from an adjudicated phase: what is stored,
what `gmbot adjudicate` prints and the cases check, what the results and EXPLAIN read."""

from __future__ import annotations

import msgspec

from gmbot.engine.position import state_to_dict
from gmbot.engine.report import REPORT_VERSION, Hidden, PhaseReport, Refusal, Retreat
from gmbot.engine.result import PhaseResult
from gmbot.engine.state import MOVEMENT, RETREAT


def _unordered(result: PhaseResult) -> list[str]:
    """Units that held in a movement phase because nobody ordered them (an NMR hold), and
    those disbanded in a retreat phase for want of a retreat."""
    before = result.before
    if before.phase.kind == MOVEMENT:
        units = before.units
    elif before.phase.kind == RETREAT:
        units = {p: d.unit for p, d in before.dislodged.items()}
    else:
        return []
    ordered = {o.prov for o in result.accepted}
    if units.keys() <= ordered:
        return []  # mostly
    return sorted(u.name for prov, u in units.items()
                  if prov not in ordered and u.name in result.orders)


def _sorted_like(table: dict[str, str], keyed: dict[str, str], keys: list[str]) -> dict[str, str]:
    """`table` sorted by key, given `keys`: the sorted keys of `keyed`. One sort serves
    the tables with the same keys (each unit's order and result); sorting the pairs
    instead would compare tuples."""
    if table.keys() != keyed.keys():
        return dict(sorted(table.items()))
    return {k: table[k] for k in keys}


def report_of(result: PhaseResult) -> PhaseReport:
    after = result.after
    position = state_to_dict(after)
    units = sorted(result.orders)  # the units' names
    notes = result.notes
    report = PhaseReport(
        phase=str(result.before.phase),
        next_phase=str(after.phase),
        # The same lists as in `position`, copied rather than built twice.
        units_after={p: [*units] for p, units in position["units"].items()},
        dislodged={
            str(d.unit): Retreat(d.unit.power, d.attacker_from,
                                 result.retreats.get(str(d.unit), []))
            for _, d in sorted(result.dislodged.items())
        },
        moves=dict(sorted(result.moves.items())),
        order_results=_sorted_like(result.results, result.orders, units),
        orders={k: result.orders[k] for k in units},
        errors=[Refusal(r.power, r.line, r.reason, r.prov) for r in result.rejected],
        centers_after={p: [*centers] for p, centers in position["centers"].items()},
        position=position,
        unordered=_unordered(result),
        public_notes=list(notes.get("public") or ()),
        private_notes=dict(notes.get("private") or {}),
        random_notes=list(notes.get("random") or ()),
        hidden_notes=(msgspec.convert(notes["hidden"], Hidden) if notes.get("hidden")
                      else None),
        events=list(result.marks),
        facts=list(result.facts),
        winner=result.winner,
        eliminated=list(result.eliminated),
        named=True,  # every fact lists the units it names (engine/facts.py, the variants)
        version=REPORT_VERSION,
    )
    if result.why:
        report.given = {k: result.given[k] for k in sorted(result.given)}
        report.why = {k: result.why[k] for k in sorted(result.why)}
    if result.steps:
        report.steps = {k: list(result.steps[k]) for k in sorted(result.steps)}
    if result.built or result.removed:
        report.built, report.removed = list(result.built), list(result.removed)
    return report
