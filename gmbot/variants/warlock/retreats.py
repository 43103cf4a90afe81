"""Retreats beside invisible units and ghosts. A province held by an invisible unit looks
free to everyone but its owner, so it is listed among a dislodged unit's retreats, and a
retreat ordered there is accepted like any other; it then bounces off the invisible unit
(the dislodged unit is disbanded) and, having bounced, the invisible unit is seen. A
province held only by a ghost looks occupied (it is not listed: nothing may tell a ghost
from a unit), but a ghost never impedes: a retreat ordered there is accepted, succeeds,
and the ghost fades on that contact."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gmbot.engine.map import province_of
from gmbot.engine.orders import Disband, Order, OrderError, Retreat
from gmbot.engine.state import RETREAT, Dislodged, GameState, Unit

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser
    from gmbot.engine.result import PhaseResult
    from gmbot.engine.rules import StandardRules


@dataclass(frozen=True, slots=True)
class BlockedRetreat(Disband):
    """A retreat into a province an invisible unit holds: carried out as a disband."""

    dest: str = ""

    def __str__(self) -> str:
        return f"{self.unit_text} R {self.dest}"


def hidden_places(state: GameState, rules: StandardRules, entry: Dislodged) -> list[str]:
    """Retreat places that only an invisible unit keeps from being free."""
    return _kept_by(state, rules, entry, "invisible")


def ghost_places(state: GameState, rules: StandardRules, entry: Dislodged) -> list[str]:
    """Retreat places that only a ghost keeps from being free."""
    return _kept_by(state, rules, entry, "ghost")


def _kept_by(state: GameState, rules: StandardRules, entry: Dislodged,
             attr: str) -> list[str]:
    """The places the standard rule closes to the retreat only because a unit marked
    `attr` stands there (no standoff, not the attacker's own province)."""
    out = []
    for loc in rules.neighbours(state, entry.unit):
        prov = province_of(loc)
        unit = state.units.get(prov)
        if unit is None or not unit.attrs.get(attr) or prov in state.standoffs:
            continue
        if prov == entry.attacker_from and not entry.by_convoy:
            continue
        out.append(loc)
    return out


def parse_blocked(parser: OrderParser, line: str, power: str, state: GameState,
                  rules: StandardRules) -> Order | None:
    if state.phase.kind != RETREAT:
        return None
    try:
        order = parser.parse(line, power, RETREAT)
    except OrderError:
        return None
    entry = state.dislodged.get(order.prov)
    if not isinstance(order, Retreat) or entry is None or entry.unit.power != power:
        return None
    unit = entry.unit
    ghosts = _matching(ghost_places(state, rules, entry), order.dest)
    if len(ghosts) == 1:
        return Retreat(power, unit.type, unit.loc, ghosts[0])
    hits = _matching(hidden_places(state, rules, entry), order.dest)
    if len(hits) != 1:
        return None
    return BlockedRetreat(power, unit.type, unit.loc, dest=hits[0])


def _matching(places: list[str], dest: str) -> list[str]:
    return [p for p in places if p == dest or province_of(p) == dest]


def ghosts_met(result: PhaseResult) -> list[tuple[str, Unit]]:
    """(province, ghost) of the ghosts a retreat of this phase was ordered into: each
    fades, whether the retreat succeeded or bounced."""
    out: dict[str, Unit] = {}
    for order in result.accepted:
        if isinstance(order, Retreat):
            ghost = result.before.units.get(order.dest_prov)
            if ghost is not None and ghost.attrs.get("ghost"):
                out[order.dest_prov] = ghost
    return sorted(out.items())


def list_hidden_places(result: PhaseResult, rules: StandardRules) -> None:
    """The retreats shown for each dislodged unit, as the board looks to everyone."""
    after = result.after
    for entry in after.dislodged.values():
        extra = hidden_places(after, rules, entry)
        if extra:
            name = str(entry.unit)
            result.retreats[name] = sorted({*result.retreats.get(name, []), *extra})


def blocked_retreats(result: PhaseResult) -> list[tuple[str, str]]:
    """(unit, place) of retreats that met an invisible unit this phase."""
    out = []
    for name, text in result.orders.items():
        if " R " in text and result.results.get(name) == "disbanded":
            out.append((name, province_of(text.split(" R ")[1].strip())))
    return out
