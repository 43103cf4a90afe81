"""Orders that name another power's invisible unit: refused exactly as if the province
were empty, so the answer tells nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmbot.engine.orders import Convoy, Order, OrderError, SupportHold, SupportMove
from gmbot.engine.state import ADJUSTMENT, GameState

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser


def unseen_unit(parser: OrderParser, line: str, power: str, state: GameState) -> None:
    """REMOVE of another power's invisible unit: refused as for an empty province."""
    try:
        order = parser.parse(line, power, ADJUSTMENT)
    except OrderError:
        return
    unit = state.units.get(order.prov) if order.loc else None
    if unit is not None and unit.attrs.get("invisible") and unit.power != power:
        raise OrderError(f"no unit in {order.prov}")


def unseen_target(state: GameState, order: Order, power: str) -> None:
    """Another power's invisible unit cannot be supported or convoyed: the refusal is the
    one an empty province gets, so the answer tells nothing."""
    if isinstance(order, (SupportHold, SupportMove, Convoy)):
        unit = state.units.get(order.target)
        if unit is not None and unit.attrs.get("invisible") and unit.power != power:
            if isinstance(order, Convoy):
                raise OrderError(f"no army in {order.target} to convoy")
            raise OrderError(f"no unit in {order.target} to support")
