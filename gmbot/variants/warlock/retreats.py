"""Retreats beside invisible units. A province held by an invisible unit looks free to
everyone but its owner, so it is listed among a dislodged unit's retreats, and a retreat
ordered there is accepted like any other; it then bounces off the invisible unit (the
dislodged unit is disbanded) and, having bounced, the invisible unit is seen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gmbot.engine.map import province_of
from gmbot.engine.orders import Disband, Order, OrderError, Retreat
from gmbot.engine.state import RETREAT, Dislodged, GameState

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
    out = []
    for loc in rules.neighbours(state, entry.unit):
        prov = province_of(loc)
        unit = state.units.get(prov)
        if unit is None or not unit.attrs.get("invisible") or prov in state.standoffs:
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
    places = hidden_places(state, rules, entry)
    hits = [p for p in places if p == order.dest or province_of(p) == order.dest]
    if len(hits) != 1:
        return None
    unit = entry.unit
    return BlockedRetreat(power, unit.type, unit.loc, dest=hits[0])


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
