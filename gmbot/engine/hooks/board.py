"""The board hooks: where units may move, retreat and convoy, where powers build and how
many, which homes are fixed, who is disbanded first, and what a position must hold."""

from __future__ import annotations

from abc import ABC, abstractmethod

from gmbot.engine.orders import Order
from gmbot.engine.state import Dislodged, GameState, Unit


class BoardHooks(ABC):
    """The map as the rules read it (standard: the map's adjacencies and home centres)."""

    def army_adjacent(self, state: GameState, src: str, dest: str) -> bool:
        return dest in state.map.army_adj.get(src, ())

    def fleet_targets(self, state: GameState, loc: str, dest_prov: str) -> list[str]:
        """Locations in `dest_prov` a fleet at `loc` may move to."""
        return state.map.fleet_targets(loc, dest_prov)

    def neighbours(self, state: GameState, unit: Unit) -> list[str]:
        """Every location the unit could move to (for retreats)."""
        if unit.type == "A":
            near = state.map.army_adj.get(unit.prov, ())
            return [p for p in near if self.army_adjacent(state, unit.prov, p)]
        return list(state.map.fleet_adj.get(unit.loc, ()))

    @abstractmethod
    def retreat_choices(self, state: GameState, entry: Dislodged) -> list[str]:
        """Where a dislodged unit's owner may order it to retreat, as he sees the board.
        A unit with none is disbanded without an order: nobody waits for it."""

    def can_convoy(self, state: GameState, prov: str) -> bool:
        """Whether a fleet in `prov` may convoy: in seas only."""
        return state.map.is_sea(prov)

    def convoy_adjacent(self, state: GameState, a: str, b: str) -> bool:
        """Whether a convoy chain passes from province a to province b."""
        return b in state.map.fleet_prov_adj.get(a, ())

    def build_sites(self, state: GameState, power: str) -> set[str]:
        """Provinces where `power` may build now: its own unoccupied home centres."""
        return {
            h
            for h in state.homes.get(power, ())
            if state.centers.get(h) == power and h not in state.units
        }

    def built_unit(self, state: GameState, order: Order) -> Unit:
        """The unit a checked build order puts on the board (a variant adds attributes)."""
        return Unit(order.power, order.utype or "A", order.loc)

    def adjustment_offset(self, state: GameState, power: str) -> int:
        """Builds (+) or removals (-) a variant adds to centres minus units this winter."""
        return 0

    def fixed_homes(self, state: GameState, power: str) -> dict[str, str]:
        """Home centres of `power` that no change of home centres counts or reaches (a
        Warlock undead home: it ends by its own rule), each with the reason a player reads.
        Standard: none."""
        return {}

    @abstractmethod
    def disband_priority(self, state: GameState, power: str) -> list[Unit]:
        """The power's units in the order civil disorder removes them."""
    # -- the position --------------------------------------------------------------------

    def position_problems(self, state: GameState) -> list[tuple[str, str]]:
        """What a position lacks for this variant, as (field path, reason) pairs, e.g. a
        unit without its variant attribute. Checked when a game or case is loaded."""
        return []
