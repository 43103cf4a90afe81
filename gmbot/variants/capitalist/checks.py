"""A Capitalist power's whole set of orders, checked once every line is read: in a
movement phase its pays and bribes within its balance and the bribe limits (how many
units, of different nations), in a winter its votes within its budget (in the opening
vote at most 3 a capital) and one capital list."""

from __future__ import annotations

import gmbot.variants.capitalist.economy as eco
from gmbot.engine.orders import Order
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState
from gmbot.variants.capitalist.orders import Bribe, Paid, Prefer, Vote


def refused_lines(state: GameState, power: str, orders: list[Order]) -> list[tuple[Order, str]]:
    """The rules' `check_set`: the orders refused, each with why."""
    if state.phase.kind == MOVEMENT:
        return _check_money(state, power, orders)
    if state.phase.kind == ADJUSTMENT:
        return _check_votes(state, power, orders)
    return []


def _check_money(state: GameState, power: str, orders: list[Order]) -> list[tuple[Order, str]]:
    refused: list[tuple[Order, str]] = []
    money = eco.available(state, power)
    committed = 0
    limit = eco.bribe_limit(state.phase)
    nations: list[str] = []
    for order in orders:
        if isinstance(order, Bribe):
            if len(nations) >= limit:
                many = "1 unit" if limit == 1 else f"{limit} units"
                refused.append((order, f"you may bribe only {many} this season (1 in "
                                       "Spring 1899, 2 in Fall 1899, 3 from 1900)"))
                continue
            if limit > 1 and order.owner in nations:
                refused.append((order, f"you already bribe a unit of {order.owner}: each "
                                       "bribe must be to a different nation"))
                continue
            cost = order.amount
        elif isinstance(order, Paid):
            cost = order.pay
        else:
            continue
        if committed + cost > money:
            refused.append((order, f"not enough money: your balance is {money} and your "
                                   f"earlier lines already commit {committed}"))
            continue
        committed += cost
        if isinstance(order, Bribe):
            nations.append(order.owner)
    return refused


def _check_votes(state: GameState, power: str, orders: list[Order]) -> list[tuple[Order, str]]:
    refused: list[tuple[Order, str]] = []
    prefers = [o for o in orders if isinstance(o, Prefer)]
    refused += [(o, "replaced by your later list") for o in prefers[:-1]]
    budget = eco.vote_budget(state, power)
    used = 0
    per_site: dict[str, int] = {}
    initial = eco.is_initial_adjustment(state)
    for order in orders:
        if not isinstance(order, Vote):
            continue
        if initial and per_site.get(order.prov, 0) + order.count > 3:
            refused.append((order, f"give {order.prov} at most 3 votes in all"))
            continue
        if used + order.count > budget:
            refused.append((order, f"you have {budget} votes and have used {used}"))
            continue
        used += order.count
        per_site[order.prov] = per_site.get(order.prov, 0) + order.count
    return refused
