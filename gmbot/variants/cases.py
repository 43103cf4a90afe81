"""One adjudication case as plain data: position + orders in, results out.

This is the contract of `gmbot adjudicate` (docs/adjudicate.md) and of the data-driven
adjudication tests. Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from gmbot.engine.adjudicate import adjudicate
from gmbot.engine.map import load_map
from gmbot.engine.position import state_from_dict, state_to_dict
from gmbot.engine.report import encode_marks
from gmbot.engine.result import PhaseResult
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import MOVEMENT
from gmbot.variants import make_rules
from gmbot.variants.case_schema import case_problem


class CaseError(ValueError):
    pass


def run_case(data: Any) -> dict[str, Any]:
    return result_to_dict(case_outcome(data)[1])


def case_outcome(data: Any) -> tuple[StandardRules, PhaseResult]:
    """The rules of a case and its adjudicated phase."""
    if not isinstance(data, dict):
        raise CaseError("a case is a JSON object with phase, units, centers and orders")
    # Every field of the right type before the engine reads any (it trusts the shapes).
    problem = case_problem(data)
    if problem:
        raise CaseError(problem)
    rules = make_rules(str(data.get("variant") or "standard"), data.get("options"))
    gmap = load_map(rules.map_name)
    state = state_from_dict(data, gmap)
    # The standard hook finds no problem: not called.
    problems = (rules.position_problems(state)
                if "position_problems" not in rules.keeps
                else None)
    if problems:
        raise CaseError("; ".join(f"{path}: {reason}" for path, reason in problems))
    orders: dict[str, list[str]] = {}
    power_names = gmap.power_names
    for key, lines in (data.get("orders") or {}).items():
        # Most cases name powers by their keys; only other spellings need normalising.
        power = power_names.get(key) if type(key) is str else None
        if power is None:
            power = gmap.power(str(key)) or rules.role_key(state, str(key))
        if power is None:
            raise CaseError(f"orders.{key}: unknown power")
        if isinstance(lines, str):
            lines = lines.splitlines()
        orders.setdefault(power, []).extend(map(str, lines))
    return rules, adjudicate(state, rules, orders)


def _unordered(result: PhaseResult) -> list[str]:
    """Units that held in a movement phase because nobody ordered them (an NMR hold)."""
    if result.before.phase.kind != MOVEMENT:
        return []
    ordered = {o.prov for o in result.accepted}
    if result.before.units.keys() <= ordered:
        return []  # mostly
    return sorted(u.name for prov, u in result.before.units.items()
                  if prov not in ordered and u.name in result.orders)


def _sorted_like(table: dict[str, str], keyed: dict[str, str], keys: list[str]) -> dict[str, str]:
    """`table` sorted by key, given `keys`: the sorted keys of `keyed`. One sort serves
    the tables with the same keys (each unit's order and result); sorting the pairs
    instead would compare tuples."""
    if table.keys() != keyed.keys():
        return dict(sorted(table.items()))
    return {k: table[k] for k in keys}


def result_to_dict(result: PhaseResult) -> dict[str, Any]:
    after = result.after
    position = state_to_dict(after)
    units = sorted(result.orders)  # the units' names
    out: dict[str, Any] = {
        "phase": str(result.before.phase),
        "next_phase": str(after.phase),
        # The same lists as in `position`, copied rather than built twice.
        "units_after": {p: [*units] for p, units in position["units"].items()},
        "dislodged": {
            str(d.unit): {
                "power": d.unit.power,
                "attacker_from": d.attacker_from,
                "retreats": result.retreats.get(str(d.unit), []),
            }
            for _, d in sorted(result.dislodged.items())
        },
        "moves": dict(sorted(result.moves.items())),
        "order_results": _sorted_like(result.results, result.orders, units),
        "orders": {k: result.orders[k] for k in units},
        "errors": [
            {"power": r.power, "order": r.line, "reason": r.reason, "province": r.prov}
            for r in result.rejected
        ],
        "centers_after": {p: [*centers] for p, centers in position["centers"].items()},
        "position": position,
    }
    if result.why:
        out["given"] = {k: result.given[k] for k in sorted(result.given)}
        out["why"] = {k: result.why[k] for k in sorted(result.why)}
    unordered = _unordered(result)
    if unordered:
        out["unordered"] = unordered
    if result.built or result.removed:
        out["built"] = result.built
        out["removed"] = result.removed
    for key in ("public", "private", "random", "hidden"):
        if result.notes.get(key):
            out[f"{key}_notes"] = result.notes[key]
    if result.marks:
        out["events"] = encode_marks(result.marks)
    if result.winner:
        out["winner"] = result.winner
    if result.eliminated:
        out["eliminated"] = result.eliminated
    return out
