"""What each recipient may see of a phase's results: invisible units' rows (and, dislodged,
their retreats) only by their owner, ghosts' rows by everyone exactly like a real unit's
(only the owner is told)."""

from __future__ import annotations

from msgspec.structs import replace

from gmbot.engine.report import Bulletin, Row
from gmbot.variants.warlock.naming import ghost_key


def redact_report(report: Bulletin, viewer: str | None) -> Bulletin:
    hidden = report.hidden
    if hidden is None:
        return report
    unseen = set(hidden.dislodged)
    # A dislodged invisible unit: its retreats are its owner's to read.
    dislodged = {u: d for u, d in report.dislodged.items()
                 if u not in unseen or d.power == viewer}
    out: dict[str, list[Row]] = {}
    for power in sorted({*report.orders, *hidden.ghosts, *hidden.air}):
        mine = power == viewer
        own_hidden = hidden.rows.get(power, ())
        kept = []
        for row in report.orders.get(power, []):
            if row.unit in own_hidden:
                if mine:
                    kept.append(replace(row, order=f"{row.order} (invisible)"))
                continue
            kept.append(row)
        # A ghost's row and a balloon's have every field a real unit's row has: nothing
        # in its shape tells one from the other (issue 31).
        kept.extend(Row(r.unit, r.order, r.result, steps=r.steps, key=r.key)
                    for r in hidden.air.get(power, []))
        for r in hidden.ghosts.get(power, []):
            kept.append(Row(r.unit, r.order + (" (ghost)" if mine else ""), r.result,
                            steps=r.steps, key=ghost_key(r.unit)))
        if hidden.ghosts.get(power):
            # In order text order: where a ghost's row stands must not tell it apart.
            kept.sort(key=lambda r: (r.order, r.result))
        if kept:
            out[power] = kept
    return replace(report, orders=out, dislodged=dislodged, hidden=None)
