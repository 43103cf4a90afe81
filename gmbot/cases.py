"""One adjudication case as plain data: position + orders in, results out.

This is the contract of `gmbot adjudicate` (docs/adjudicate.md) and of the data-driven
adjudication tests. Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from gmbot.engine.adjudicate import PhaseResult, adjudicate
from gmbot.engine.map import load_map
from gmbot.engine.position import centers_by_power, state_from_dict, state_to_dict, units_by_power
from gmbot.variants import make_rules


class CaseError(ValueError):
    pass


def run_case(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise CaseError("a case is a JSON object with phase, units, centers and orders")
    rules = make_rules(str(data.get("variant") or "standard"), data.get("options"))
    gmap = load_map(rules.map_name)
    state = state_from_dict(data, gmap)
    orders: dict[str, list[str]] = {}
    for key, lines in (data.get("orders") or {}).items():
        power = gmap.power(str(key))
        if power is None:
            raise CaseError(f"orders.{key}: unknown power")
        if isinstance(lines, str):
            lines = lines.splitlines()
        orders.setdefault(power, []).extend(str(x) for x in lines)
    return result_to_dict(adjudicate(state, rules, orders))


def result_to_dict(result: PhaseResult) -> dict[str, Any]:
    after = result.after
    powers = after.powers
    out: dict[str, Any] = {
        "phase": str(result.before.phase),
        "next_phase": str(after.phase),
        "units_after": units_by_power(
            {p: u for p, u in after.units.items()}, powers
        ),
        "dislodged": {
            str(d.unit): {
                "power": d.unit.power,
                "attacker_from": d.attacker_from,
                "retreats": result.retreats.get(str(d.unit), []),
            }
            for _, d in sorted(result.dislodged.items())
        },
        "moves": dict(sorted(result.moves.items())),
        "order_results": dict(sorted(result.results.items())),
        "orders": dict(sorted(result.orders.items())),
        "errors": [
            {"power": r.power, "order": r.line, "reason": r.reason, "province": r.prov}
            for r in result.rejected
        ],
        "centers_after": centers_by_power(after.centers, powers),
        "position": state_to_dict(after),
    }
    if result.built or result.removed:
        out["built"] = result.built
        out["removed"] = result.removed
    if result.winner:
        out["winner"] = result.winner
    if result.eliminated:
        out["eliminated"] = result.eliminated
    return out
