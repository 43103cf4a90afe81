"""The winter count told to its warlock: the public board gives the builds a power is owed
(centres, units on the board and in the air, an extra build); his private section says
how that number is made and, when he has fewer home centres to build on, why the rest
cannot be built."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.orders import Build, OrderError
from gmbot.engine.state import ADJUSTMENT, GameState, Phase
from gmbot.variants.warlock.balloon import aloft
from gmbot.variants.warlock.casting import centre_location, moved_centres
from gmbot.variants.warlock.turn import blocked

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser
    from gmbot.engine.rules import StandardRules


def build_lines(rules: StandardRules, state: GameState, viewer: str) -> list[str]:
    if state.phase.kind != ADJUSTMENT:
        return []
    owed = adjustment_counts(state, rules).get(viewer, 0)
    if owed <= 0:
        return []
    centres = state.centre_count(viewer)
    on_board = len(state.units_of(viewer))
    up = sum(1 for u in aloft(state).values() if u.power == viewer)
    extra = owed - (centres - on_board - up)
    parts = [f"{centres} centres", f"{on_board} units on the board"]
    if up:
        parts.append(f"{up} in the air")
    if extra:
        parts.append("an extra build")
    lines = [f"Builds: {owed} ({', '.join(parts)})."]
    sites = rules.build_sites(state, viewer)
    if len(sites) < owed:
        free = ", ".join(sorted(sites)) or "none"
        lines.append(f"Builds are made on your free home centres only ({free})"
                     + "".join(f"; {why}" for why in _why_not(rules, state, viewer))
                     + f": {owed - len(sites)} build(s) cannot be made and are waived.")
    return lines


def _why_not(rules: StandardRules, state: GameState, power: str) -> list[str]:
    """Each home centre that takes no build now, with the reason."""
    ruined = state.extra.get("bottle") or {}
    out = []
    for home in sorted(state.homes.get(power, ())):
        where = centre_location(state, home)
        if state.centers.get(home) != power:
            out.append(f"{home} is not yours")
        elif where in ruined and where not in rules.build_sites(state, power):
            out.append(f"{home} was destroyed by the bottle")
        elif where in state.units:
            out.append(f"{home} is occupied")
    return out


def ruined_build(parser: OrderParser, line: str, power: str, state: GameState) -> None:
    """A build on a home centre the bottle destroyed, or on the province a home centre was
    moved away from: refused with that reason (the standard check would call it no home
    centre)."""
    try:
        order = parser.parse(line, power, ADJUSTMENT)
    except OrderError:
        return
    if not isinstance(order, Build) or not order.loc:
        return
    moved = moved_centres(state)
    where = moved.get(order.prov, order.prov)
    if where != order.prov and order.prov not in moved.values() \
            and order.prov in state.homes.get(power, ()):
        # The centres list SMY, yet the centre lies in ARM now: say so, not "no home centre".
        utype = "F" if order.utype == "F" and state.map.fleet_locations(where) else "A"
        raise OrderError(f"cannot build in {order.prov}: your home centre {order.prov} was "
                         f"moved to {where} by CAST MOVE HOME SC, so it is built on there "
                         f"(BUILD {utype} {where})")
    until = (state.extra.get("bottle") or {}).get(order.prov)
    if until is not None and order.prov in blocked(state, {}):
        raise OrderError(f"cannot build in {order.prov}: the bottle destroyed it and it is "
                         f"impassable until after {Phase.parse(until).long()}")
