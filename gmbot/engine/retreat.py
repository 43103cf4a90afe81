"""The retreat phase: where a dislodged unit may go, and what happens to it."""

from __future__ import annotations

from gmbot.engine.hooks import Rules
from gmbot.engine.map import province_of
from gmbot.engine.orders import Order, Retreat
from gmbot.engine.state import Dislodged, GameState, Unit, plain_unit


def retreat_options(state: GameState, rules: Rules, entry: Dislodged) -> list[str]:
    """Sorted legal retreat locations: adjacent, empty, not where the attacker came from
    (unless it came by convoy), not left empty by a standoff."""
    unit = entry.unit
    out = []
    for loc in rules.neighbours(state, unit):
        prov = province_of(loc)
        if prov in state.units or prov in state.standoffs:
            continue
        if prov == entry.attacker_from and not entry.by_convoy:
            continue
        out.append(loc)
    return sorted(out)


def resolve_retreats(
    state: GameState, orders: dict[str, Order]
) -> tuple[dict[str, Unit], dict[str, str]]:
    """New units and per-unit results. Retreats to one place all fail; a unit without a
    valid retreat order is disbanded."""
    wanted: dict[str, list[str]] = {}
    for prov, wish in orders.items():
        if isinstance(wish, Retreat) and prov in state.dislodged:
            wanted.setdefault(wish.dest_prov, []).append(prov)
    units = dict(state.units)
    results: dict[str, str] = {}
    for prov, entry in sorted(state.dislodged.items()):
        order = orders.get(prov)
        name = str(entry.unit)
        if isinstance(order, Retreat):
            if len(wanted[order.dest_prov]) == 1:
                unit = entry.unit
                units[order.dest_prov] = (
                    Unit(unit.power, unit.type, order.dest, unit.attrs) if unit.attrs
                    else plain_unit(unit.power, unit.type, order.dest)
                )
                results[name] = "succeeds"
            else:
                results[name] = "bounced"
        else:
            results[name] = "disbanded"
    return units, results
