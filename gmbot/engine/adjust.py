"""The adjustment phase: builds, removals, waives and civil disorder."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from operator import attrgetter

from gmbot.engine.hooks import Rules
from gmbot.engine.orders import Build, Order, Remove, Waive
from gmbot.engine.state import GameState, Unit


@dataclass
class AdjustmentOutcome:
    units: dict[str, Unit]
    built: list[Unit] = field(default_factory=list)
    removed: list[Unit] = field(default_factory=list)
    civil_disorder: list[Unit] = field(default_factory=list)
    waived: dict[str, int] = field(default_factory=dict)
    refused: list[tuple[Order, str]] = field(default_factory=list)
    made: list[Order] = field(default_factory=list)  # the build orders carried out


_power = attrgetter("power")


def adjustment_counts(state: GameState, rules: Rules | None = None) -> dict[str, int]:
    """Builds (positive) or removals (negative) each power must make."""
    # One pass over centres and units, not one per power; get() rather than a Counter's
    # [] (a call of __missing__ for each power without centres or units).
    centres = Counter(state.centers.values()).get
    units = Counter(map(_power, state.units.values())).get
    counts = {p: centres(p, 0) - units(p, 0) for p in state.powers}
    # A variant's extra builds or removals (the standard hook adds none: not called).
    if rules is not None and "adjustment_offset" not in rules.keeps:
        for p in counts:
            counts[p] += rules.adjustment_offset(state, p)
    return counts


def has_adjustments(state: GameState, rules: Rules) -> bool:
    for power, delta in adjustment_counts(state, rules).items():
        if delta < 0 or (delta > 0 and rules.build_sites(state, power)):
            return True
    return False


def civil_disorder_order(state: GameState, power: str) -> list[Unit]:
    """The power's units in the order civil disorder removes them: farthest from its home
    centres first (fleets counting fleet moves, armies any moves, seas included), fleets
    before armies at equal distance, then alphabetically by province name."""
    homes = frozenset(state.homes.get(power, ()))
    far = 10**6
    dist = {
        "A": state.map.distances_from(homes, army=True),
        "F": state.map.distances_from(homes, army=False),
    }
    names = state.map.provinces
    return sorted(
        state.units_of(power),
        key=lambda u: (-dist[u.type].get(u.prov, far), u.type != "F", names[u.prov].name),
    )


def resolve_adjustments(
    state: GameState, rules: Rules, orders: list[Order]
) -> AdjustmentOutcome:
    """Apply checked orders in the order given; extra builds and removals are refused,
    missing removals are made by civil disorder, missing builds are waived."""
    counts = adjustment_counts(state, rules)
    out = AdjustmentOutcome(units=dict(state.units))
    used: dict[str, int] = {}
    for order in orders:
        power = order.power
        delta = counts.get(power, 0)
        done = used.get(power, 0)
        if isinstance(order, (Build, Waive)):
            if delta <= 0:
                out.refused.append((order, "you have no builds to make"))
                continue
            if done >= delta:
                out.refused.append((order, f"you may build only {delta}"))
                continue
            if isinstance(order, Build):
                if order.prov in out.units:
                    out.refused.append((order, f"{order.prov} already has a build"))
                    continue
                built = rules.built_unit(state, order)
                out.units[order.prov] = built
                out.built.append(built)
                out.made.append(order)
            else:
                out.waived[power] = out.waived.get(power, 0) + 1
            used[power] = done + 1
        elif isinstance(order, Remove):
            unit = out.units.get(order.prov)
            if delta >= 0:
                out.refused.append((order, "you have no units to remove"))
            elif done >= -delta:
                out.refused.append((order, f"you must remove only {-delta}"))
            elif unit is None or unit.power != power or unit in out.removed:
                out.refused.append((order, f"{order.prov} has already been removed"))
            else:
                del out.units[order.prov]
                out.removed.append(unit)
                used[power] = done + 1
    for power, delta in counts.items():
        missing = -delta - used.get(power, 0)
        if delta >= 0 or missing <= 0:
            if delta > 0 and used.get(power, 0) < delta:
                out.waived[power] = out.waived.get(power, 0) + delta - used.get(power, 0)
            continue
        remaining = state.with_(units=out.units)
        for unit in rules.disband_priority(remaining, power)[:missing]:
            del out.units[unit.prov]
            out.civil_disorder.append(unit)
    return out
