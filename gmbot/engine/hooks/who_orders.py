"""The hooks of who orders what: which unit a power may order, the order each unit
executes, what is left to order, role players and the acknowledgement's extra lines."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from gmbot.engine.orders import Hold, Order
from gmbot.engine.state import MOVEMENT, RETREAT, GameState, Unit


class WhoOrdersHooks(ABC):
    """Who gives the orders a phase executes (standard: each unit's owner)."""

    keeps: ClassVar[frozenset[str]]  # set on each rule set (see Rules.keeps)

    def may_order(self, state: GameState, power: str, unit: Unit) -> bool:
        return unit.power == power

    def reconcile(self, state: GameState, orders: list[Order]) -> dict[str, Order]:
        """The order each unit executes, keyed by province, from all accepted orders.
        Standard: the unit's owner's (last) order; a unit without one holds."""
        chosen: dict[str, Order] = {}
        kind = state.phase.kind
        units, may_order = state.units, self.may_order  # bound once: a loop per phase
        # The standard may_order (the owner orders) inline: a call per order otherwise.
        standard_owner = "may_order" in self.keeps
        # The units orders are for: in a retreat phase, the dislodged ones.
        ordered = ({p: d.unit for p, d in state.dislodged.items()} if kind == RETREAT
                   else units)
        for order in orders:
            prov = order.prov
            unit = ordered.get(prov)
            if unit is not None and (unit.power == order.power if standard_owner
                                     else may_order(state, order.power, unit)):
                chosen[prov] = order
        if kind == MOVEMENT and len(chosen) < len(units):
            for prov, unit in units.items():
                if prov not in chosen:
                    chosen[prov] = Hold(unit.power, unit.type, unit.loc)
        return chosen

    @abstractmethod
    def missing_orders(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        """What `power` (or role) still has to order this phase, readable; empty when done.
        Orders that are optional for a role are not listed (they do not block early
        processing)."""

    def optional_orders(self, state: GameState, power: str) -> list[str]:
        """What `power` may order in this phase though it does not wait for him, readable
        (STATUS says it when nothing waits: "nothing to order" hid them). Standard: the
        units he may order in a movement phase."""
        if state.phase.kind != MOVEMENT:
            return []
        return sorted(str(u) for u in state.units.values() if self.may_order(state, power, u))

    def without_orders(self, state: GameState, power: str,
                       orders: Sequence[Order] = ()) -> str:
        """What becomes of `power`'s part of the phase of `state` if his orders do not
        come in time, `orders` those of his accepted so far (none: a missed phase), in a
        player's words (the late notice says it). Standard: his units hold, his dislodged
        units are disbanded, his builds waived."""
        kind = state.phase.kind
        if kind == MOVEMENT:
            return "Without them the units you have not ordered hold."
        if kind == RETREAT:
            return "Without them your dislodged units are disbanded."
        return ("Without them your builds are waived, and a unit you must remove is "
                "chosen for you as the rules say.")

    def role_key(self, state: GameState, text: str) -> str | None:
        """The key of a player who plays a role rather than a power, named `text`, if the
        rules know one in this state (for cases that give such a player's orders)."""
        return None

    def seat_roles(self, state: GameState, roles: dict[str, str]) -> GameState:
        """The state with the variant's record of its role players (key -> role) added;
        called when a game file's position is loaded. Standard games have no roles."""
        return state

    def ack_lines(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        """Extra lines for the acknowledgement of `power`'s accepted orders (what will
        happen if they stand: an auto-hold, spells left, the balance after pays...)."""
        return []

    def help_data(self, state: GameState, viewer: str | None) -> dict[str, Any]:
        """Plain data for the variant's help text (its folder's help.txt.j2) as `viewer` (a
        power or role key; None: the GM) may see it, e.g. Warlock's spells with his uses
        left. An option's hook adds its keys to the variant's. Standard: none."""
        return {}
