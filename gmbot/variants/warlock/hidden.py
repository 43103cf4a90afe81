"""What each recipient may see of a phase's results: invisible units' rows (and, dislodged,
their retreats) only by their owner, ghosts' rows by everyone exactly like a real unit's
(only the owner is told). The game master reads every row, each hidden one marked with
who may see it, so that he can check the judge."""

from __future__ import annotations

from msgspec.structs import replace

from gmbot.engine.report import GM, Bulletin, Row
from gmbot.engine.state import Unit
from gmbot.variants.warlock.naming import ghost_key


def invisible(power: str) -> str:
    return f"invisible: only {power} sees it"


def ghostly(power: str) -> str:
    return f"ghost: only {power} knows it is no real unit"


def hidden_note(unit: Unit) -> str:
    """The game master's words beside a unit the players do not all see as it is."""
    if unit.attrs.get("invisible"):
        return invisible(unit.power)
    return ghostly(unit.power) if unit.attrs.get("ghost") else ""


def redact_report(report: Bulletin, viewer: str | None) -> Bulletin:
    hidden = report.hidden
    if hidden is None:
        return report
    gm = viewer == GM
    unseen = set(hidden.dislodged)
    # A dislodged invisible unit: its retreats are its owner's to read (and the GM's).
    dislodged = {u: replace(d, label=f"{d.label or u} ({invisible(d.power)})")
                 if gm and u in unseen else d
                 for u, d in report.dislodged.items()
                 if u not in unseen or d.power == viewer or gm}
    out: dict[str, list[Row]] = {}
    for power in sorted({*report.orders, *hidden.ghosts, *hidden.air}):
        mine = power == viewer
        own_hidden = hidden.rows.get(power, ())
        kept = []
        for row in report.orders.get(power, []):
            if row.unit in own_hidden:
                if mine or gm:
                    kept.append(replace(row, order=f"{row.order} "
                                        f"({invisible(power) if gm else 'invisible'})"))
                continue
            kept.append(row)
        # A ghost's row and a balloon's have every field a real unit's row has: nothing
        # in its shape tells one from the other (issue 31).
        kept.extend(Row(r.unit, r.order, r.result, steps=r.steps, key=r.key)
                    for r in hidden.air.get(power, []))
        for r in hidden.ghosts.get(power, []):
            mark = f" ({ghostly(power)})" if gm else " (ghost)" if mine else ""
            kept.append(Row(r.unit, r.order + mark, r.result, steps=r.steps,
                            key=ghost_key(r.unit)))
        if hidden.ghosts.get(power):
            # In order text order: where a ghost's row stands must not tell it apart.
            kept.sort(key=lambda r: (r.order, r.result))
        if kept:
            out[power] = kept
    return replace(report, orders=out, dislodged=dislodged, hidden=None)
