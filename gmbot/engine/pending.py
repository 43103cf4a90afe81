"""What a power still has to order in the current phase (for acknowledgements, reminders
and early processing)."""

from __future__ import annotations

from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.hooks import Rules
from gmbot.engine.orders import Build, Order, Remove, Waive
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState


def missing_orders(
    state: GameState, rules: Rules, power: str, orders: list[Order]
) -> list[str]:
    """Human-readable list of what is still unordered; empty when the power is done."""
    return rules.missing_orders(state, power, orders)


def standard_missing(
    state: GameState, rules: Rules, power: str, orders: list[Order]
) -> list[str]:
    """The standard rules' answer to `missing_orders`."""
    kind = state.phase.kind
    ordered = {o.prov for o in orders}
    if kind == MOVEMENT:
        return [
            str(u) for p, u in sorted(state.units.items())
            if p not in ordered and rules.may_order(state, power, u)
        ]
    if kind == ADJUSTMENT:
        delta = adjustment_counts(state, rules).get(power, 0)
        if delta > 0:
            done = sum(1 for o in orders if isinstance(o, (Build, Waive)))
            sites = rules.build_sites(state, power)
            left = min(delta, len(sites)) - done
            if left <= 0:
                return []
            if len(sites) < delta:
                # The board says "builds 2": told 1, a player asks where the other went.
                where = ", ".join(sorted(sites))
                return [f"{left} build(s) or WAIVE ({delta} owed, but you may build only in "
                        f"{where})"]
            return [f"{left} build(s) or WAIVE"]
        if delta < 0:
            left = -delta - sum(1 for o in orders if isinstance(o, Remove))
            return [f"{left} removal(s)"] if left > 0 else []
        return []
    # A unit with nowhere to go is disbanded without an order: not waited for.
    return [
        str(d.unit) for p, d in sorted(state.dislodged.items())
        if p not in ordered and rules.may_order(state, power, d.unit)
        and rules.retreat_choices(state, d)
    ]


def has_duty(state: GameState, rules: Rules, power: str) -> bool:
    """Whether the power has anything to order this phase."""
    return bool(missing_orders(state, rules, power, []))
