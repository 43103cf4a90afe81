"""The tables a movement phase's resolution reads, made once from its orders before any
decision: each move's destination and the moves into each province, which armies go by
convoy and the fleets convoying each, each support's destination, whether it is valid,
and the supports each unit receives. Units are indexed as the resolver indexes them (in
province order); the tables are lists by that index."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from gmbot.engine.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from gmbot.engine.state import GameState, Unit


class SetupRules(Protocol):
    """What the set-up asks of the rules (`gmbot.engine.hooks.Rules` documents each)."""

    def army_adjacent(self, state: GameState, src: str, dest: str) -> bool: ...
    def can_convoy(self, state: GameState, prov: str) -> bool: ...


class OrderTables(NamedTuple):
    dest: list[str | None]  # a move's destination province; None: the unit does not move
    convoyed: list[bool]  # the army's move goes by convoy
    support_dest: list[str | None]  # where a support to move supports the move to
    supports: list[Sequence[int]]  # the units whose valid supports the unit receives
    valid_support: list[bool]  # the support matches the order of the unit it supports
    moves_into: dict[str, list[int]]  # province -> the units moving there
    convoyers: list[Sequence[int]]  # the fleets that convoy the army's move


def order_tables(  # noqa: C901 - hot loop, kept inline
    state: GameState, rules: SetupRules, index: dict[str | None, int], units: list[Unit],
    orders: list[Order], src: list[str],
) -> OrderTables:
    """The tables of the orders `orders` of the units `units` (in `src`, `index` their
    places by province)."""
    n = len(units)
    dest: list[str | None] = [None] * n
    convoyed = [False] * n
    support_dest: list[str | None] = [None] * n
    # Supports and convoying fleets per unit: most units have none, and share the
    # empty tuple until one is added (a list is made then).
    supports: list[Sequence[int]] = [()] * n
    valid_support = [False] * n
    moves_into: dict[str, list[int]] = {}
    convoyers: list[Sequence[int]] = [()] * n
    # One pass sorts the orders by kind; the later passes need every move's destination.
    # Exact types first: the four common orders without an isinstance() chain each.
    army_moves: list[tuple[int, Move]] = []
    convoys: list[tuple[int, Convoy]] = []
    support_orders: list[tuple[int, SupportHold | SupportMove]] = []
    for i, o in enumerate(orders):
        cls = type(o)
        if cls is Hold:
            continue
        if cls is Move or isinstance(o, Move):
            to = dest[i] = o.dest_prov  # type: ignore[attr-defined]
            movers = moves_into.get(to)
            if movers is None:
                moves_into[to] = [i]
            else:
                movers.append(i)
            if units[i].type == "A":
                army_moves.append((i, o))  # type: ignore[arg-type]
        elif cls is SupportHold or cls is SupportMove or isinstance(
            o, (SupportHold, SupportMove)
        ):
            support_orders.append((i, o))  # type: ignore[arg-type]
        elif isinstance(o, Convoy):
            convoys.append((i, o))
    for i, c in convoys:
        j = index.get(c.target)
        if (
            j is not None
            and dest[j] == c.dest
            and units[j].type == "A"
            and rules.can_convoy(state, src[i])
        ):
            convoyers[j] = [*convoyers[j], i]
    for i, m in army_moves:
        adjacent = rules.army_adjacent(state, src[i], m.dest_prov)
        fleets = convoyers[i]
        power = units[i].power
        own_convoy = bool(fleets) and any(units[f].power == power for f in fleets)
        # DATC 4.A.3, 1982 rule with the 2000 clarification: an army to an adjacent
        # place goes by convoy when told so or when its own power convoys it.
        convoyed[i] = not adjacent or m.via_convoy or own_convoy
    for i, o in support_orders:
        j = index.get(o.target)
        if j is None:
            if type(o) is not SupportHold:
                support_dest[i] = o.dest_prov  # type: ignore[union-attr]
            continue
        if type(o) is SupportHold or isinstance(o, SupportHold):
            if dest[j] is None:
                valid_support[i] = True
                supports[j] = [*supports[j], i]
        else:
            to = support_dest[i] = o.dest_prov
            if dest[j] == to and o.matches(orders[j]):
                valid_support[i] = True
                supports[j] = [*supports[j], i]
    return OrderTables(dest, convoyed, support_dest, supports, valid_support, moves_into,
                       convoyers)
