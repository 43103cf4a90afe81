"""One adjudication case as plain data: position + orders in, results out.

This is the contract of `gmbot adjudicate` (docs/adjudicate.md) and of the data-driven
adjudication tests. Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from gmbot.engine.adjudicate import adjudicate
from gmbot.engine.map import load_map
from gmbot.engine.position import state_from_dict
from gmbot.engine.record import report_of
from gmbot.engine.report import encode_report
from gmbot.engine.result import PhaseResult
from gmbot.engine.rules import StandardRules
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


def result_to_dict(result: PhaseResult) -> dict[str, Any]:
    """The phase's report in its stored form (plain data)."""
    return encode_report(report_of(result))
