"""EXPLAIN of a unit the reader orders now but could not order in the phase asked (a role
player who joined its power's side after it, as a Wazir hired that phase): the answer is
why EXPLAIN has no reasoning of his for it, not "no unit of yours". Only a unit he may see
is named, and only what his results of that phase showed: its power."""

from __future__ import annotations

from dataclasses import replace

from gmbot.engine.position import state_from_dict
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState, Phase
from gmbot.service.inbound.commands.context import Context
from gmbot.service.runtime import StoredPositionError, current_phase, state_of
from gmbot.service.views.explain import long_name, named
from gmbot.store.models import PhaseRow

MOVE = 0  # Phase's kind_index of a movement: the orders a role gives are a movement's


def ordered_later(ctx: Context, rules: StandardRules, row: PhaseRow, viewer: str,
                  prov: str) -> str | None:
    """The answer for `prov` in the phase of `row` when the unit there (at its start, else
    at its end) is of a power none of whose units `viewer` could order in that phase and
    some of which he orders now; None otherwise (the usual answer stands)."""
    if not prov or row.result is None:
        return None
    before = state_of(ctx.game, row, rules)
    after = state_from_dict(row.result["position"], before.map)
    unit, state = next(((u, s) for s in (before, after) if (u := s.units.get(prov))
                        and u.power != viewer and rules.shown_to(s, u, viewer)), (None, None))
    if unit is None or state is None:
        return None
    if _orders_of(rules, _movement(before), viewer, unit.power):
        return None  # he could order its units then: the usual answer says why not this one
    now = _now(ctx, rules)
    if now is None or not _orders_of(rules, _movement(now), viewer, unit.power):
        return None
    power = state.map.powers.get(unit.power)
    whose = power.name if power else unit.power
    phase = long_name(row.name)
    return (f"{named(rules, state, unit, viewer)} was a unit of {whose}, whose units you "
            f"could not order in {phase}: EXPLAIN tells the reasoning only of units you "
            "ordered in the phase asked. You order its units now; that phase's results "
            "(HISTORY) show what it did.")


def _orders_of(rules: StandardRules, state: GameState, viewer: str, power: str) -> bool:
    return any(u.power == power and rules.may_order(state, viewer, u)
               for u in state.units.values())


def _movement(state: GameState) -> GameState:
    """The state as a movement phase of its year (a spring's): who may order what in the
    phases where everyone orders (a Wazir orders nothing in the winter)."""
    return replace(state, phase=Phase(state.phase.year, 0, MOVE))


def _now(ctx: Context, rules: StandardRules) -> GameState | None:
    phase = current_phase(ctx.session, ctx.game)
    if phase is None:
        return None
    try:
        return state_of(ctx.game, phase, rules)
    except StoredPositionError:
        return None
