"""The rules 2 to 5 of changing home centres: why a home-centre order is refused, what a
winter's orders come to together (in the order given, the builds they void), and the
centres a power may assimilate or abandon."""

from __future__ import annotations

from dataclasses import dataclass, field

from gmbot.engine.orders import Build, Order
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.variants.options.home_centres.grammar import HOME_ORDERS, Abandon, Assimilate
from gmbot.variants.options.home_centres.records import (
    counted_homes,
    initial_homes,
    owned_last_winter,
)


def refusal(state: GameState, order: Order, homes: list[str], ordered: set[str],
            fixed: dict[str, str] | None = None) -> str | None:
    """Why `order` is illegal given the power's counted home centres so far this winter
    (`homes`), the centres it has already given home-centre orders for (`ordered`) and the
    home centres no order reaches (`fixed`, each with its reason); None if legal."""
    power, prov = order.power, order.prov
    if prov not in state.map.supply_centres:
        return f"{prov} is not a supply centre"
    if fixed and prov in fixed:
        return fixed[prov]
    if prov in ordered:
        return f"{prov} has already been given a home-centre order this winter"
    n = initial_homes(state, power, fixed or ())
    if len(homes) >= n + 1:  # rules 2 and 3
        earlier = set(homes) != set(state.homes.get(power, ()))
        return (f"you have {len(homes)} home centres"
                + (" counting your earlier orders this winter" if earlier else "")
                + f": at {n + 1}, one more than the {n} you started with, they can no "
                "longer change")
    held_before = prov in owned_last_winter(state, power)
    held_now = state.centers.get(prov) == power
    if isinstance(order, Assimilate):  # rule 4
        if prov in homes:
            return f"{prov} is already one of your home centres"
        if not held_now:
            return f"you do not control {prov}"
        if not held_before:
            return (f"you have not controlled {prov} since the previous winter (a centre "
                    "taken this year may be assimilated next winter)")
        return None
    if prov not in homes:  # rule 5
        return f"{prov} is not one of your home centres"
    count = state.centre_count(power)
    if count >= len(homes):
        return (f"you control {count} supply centres and have {len(homes)} home centres: "
                "a home centre may be abandoned only while you control fewer centres than "
                "you have home centres")
    if held_now:
        return (f"you control {prov}: only a home centre you have not owned since the previous "
                "winter may be abandoned")
    if held_before:
        # "you have controlled VEN since the previous winter" read as wrong to a player who
        # lost VEN in the Fall (issue 32, the fifth trial): say when he may.
        return (f"you lost {prov} only this year: a home centre may be abandoned once you "
                "have not owned it since the previous winter, so next winter at the earliest")
    return None


@dataclass
class Settlement:
    """What a winter's orders come to, in the order given: home centres after the winter,
    each home-centre order with its refusal (None: it stands), and the builds it voids."""

    homes: dict[str, list[str]]
    outcomes: list[tuple[Order, str | None]] = field(default_factory=list)
    void_builds: list[tuple[Order, str]] = field(default_factory=list)
    rest: list[Order] = field(default_factory=list)  # the orders left to build and remove


def settle(rules: StandardRules, state: GameState, orders: list[Order]) -> Settlement:
    """The winter's home-centre orders judged in the order written; the centres the rules
    keep outside the count stay homes, untouched."""
    out = Settlement(homes={p: counted_homes(rules, state, p) for p in state.homes})
    fixed = {p: rules.fixed_homes(state, p) for p in state.powers}
    ordered: dict[str, set[str]] = {}
    for order in orders:
        if not isinstance(order, HOME_ORDERS):
            continue
        homes = out.homes.setdefault(order.power, [])
        done = ordered.setdefault(order.power, set())
        why = refusal(state, order, homes, done, fixed.get(order.power))
        done.add(order.prov)
        out.outcomes.append((order, why))
        if why is None and isinstance(order, Assimilate):
            homes.append(order.prov)
        elif why is None:
            homes.remove(order.prov)
    assimilated = {(o.power, o.prov) for o, why in out.outcomes
                   if why is None and isinstance(o, Assimilate)}
    for order in orders:
        if isinstance(order, HOME_ORDERS):
            continue
        if isinstance(order, Build) and (order.power, order.prov) in assimilated:
            out.void_builds.append((order, f"void: {order.prov} is assimilated this winter, "
                                           "and a build there at the same time is void"))
        else:
            out.rest.append(order)
    for power, kept in fixed.items():  # outside the count, and homes still
        out.homes.setdefault(power, []).extend(h for h in state.homes.get(power, ())
                                               if h in kept)
    return out



def choices(rules: StandardRules, state: GameState, power: str) -> tuple[list[str], list[str]]:
    """The centres `power` may assimilate and those it may abandon in the winter `state`."""
    homes = counted_homes(rules, state, power)
    fixed = rules.fixed_homes(state, power)
    if len(homes) >= initial_homes(state, power, fixed) + 1:
        return [], []  # frozen (rule 3): no centre to look at
    centres = sorted(state.map.supply_centres)
    may_take = [c for c in centres
                if refusal(state, _probe(power, c, True), homes, set(), fixed) is None]
    may_drop = [c for c in centres
                if refusal(state, _probe(power, c, False), homes, set(), fixed) is None]
    return may_take, may_drop


def _probe(power: str, prov: str, take: bool) -> Order:
    return Assimilate(power, None, prov) if take else Abandon(power, None, prov)
