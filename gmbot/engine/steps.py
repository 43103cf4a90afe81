"""The strokes of an executed order (engine/report.py's Step): from the typed order, or
from a stored order line read with the judge's own grammar (rows stored before the steps,
and rows the variants did not give steps). A line of another shape (a variant's spell,
bribe, vote) has none."""

from __future__ import annotations

from gmbot.engine.map import GameMap
from gmbot.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    OrderError,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
)
from gmbot.engine.parse import OrderParser
from gmbot.engine.report import Step


def steps_of(order: Order) -> tuple[Step, ...]:
    kind = order.utype or "A"
    if isinstance(order, Hold):
        return (Step("hold", order.loc, type=kind),)
    if isinstance(order, Move):
        return (Step("move", order.loc, order.dest, type=kind),)
    if isinstance(order, Retreat):
        return (Step("retreat", order.loc, order.dest, type=kind),)
    if isinstance(order, SupportMove):
        return (Step("support", order.loc, order.dest, order.target, type=kind),)
    if isinstance(order, SupportHold):
        return (Step("support", order.loc, via=order.target, type=kind),)
    if isinstance(order, Convoy):
        return (Step("convoy", order.loc, order.dest, order.target, type=kind),)
    if isinstance(order, Disband):
        return (Step("disband", order.loc, type=kind),)
    if isinstance(order, Build):
        return (Step("build", order.loc, type=kind),)
    if isinstance(order, Remove):
        return (Step("remove", order.loc, type=kind),)
    return ()


def steps_of_line(line: str, game_map: GameMap, kind: str) -> tuple[Step, ...]:
    """The strokes of a stored order line of a phase of `kind`; none for a line the
    judge's grammar does not read."""
    try:
        order = OrderParser.for_map(game_map).parse_shared(line, "", kind)
    except (OrderError, ValueError, KeyError):
        return ()
    return steps_of(order)
