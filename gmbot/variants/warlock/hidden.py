"""What each recipient may see of a phase report: invisible units' rows (and, dislodged,
their retreats) only by their owner, ghosts' rows by everyone exactly like a real unit's
(only the owner is told)."""

from __future__ import annotations

from typing import Any

from gmbot.engine.report import row_of


def redact_report(report: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    report = dict(report)
    hidden = report.pop("hidden", None) or {}
    rows: dict[str, list[str]] = hidden.get("rows", {})
    ghosts: dict[str, list[dict[str, str]]] = hidden.get("ghosts", {})
    air: dict[str, list[dict[str, str]]] = hidden.get("air", {})
    unseen = set(hidden.get("dislodged", ()))
    if unseen:  # a dislodged invisible unit: its retreats are its owner's to read
        report["dislodged"] = {u: d for u, d in (report.get("dislodged") or {}).items()
                               if u not in unseen or d.get("power") == viewer}
    out: dict[str, list[dict[str, str]]] = {}
    for power in sorted({*report.get("orders", {}), *ghosts, *air}):
        mine = power == viewer
        kept = []
        for row in report.get("orders", {}).get(power, []):
            if row["unit"] in rows.get(power, ()):
                if mine:
                    kept.append({**row, "order": f"{row['order']} (invisible)"})
                continue
            kept.append(row)
        # A ghost's row and a balloon's have every field a real unit's row has: nothing
        # in its shape tells one from the other (issue 31).
        kept.extend(row_of(r["unit"], r["order"], r["result"]) for r in air.get(power, []))
        for row in ghosts.get(power, []):
            kept.append(row_of(row["unit"], row["order"] + (" (ghost)" if mine else ""),
                               row["result"]))
        if ghosts.get(power):
            # In order text order: where a ghost's row stands must not tell it apart.
            kept.sort(key=lambda r: (r["order"], r["result"]))
        if kept:
            out[power] = kept
    report["orders"] = out
    return report
