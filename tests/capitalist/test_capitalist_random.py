"""Random Capitalist games from the example game (tests/variants/randomkit.py): the capital
phase, the voted initial adjustment, then years of paid orders, bribes, retreats and voted
winters, with the standard checks (tests/variants/randomchecks.py) after every phase and
the variant's rules checked from its text:

- capitals (1.3): after the capital phase every power has one, a supply centre it owns,
  no two of them neighbours, and they never change;
- the initial adjustment (1.4, 2): every power ends it with one unit, on its capital;
- home centres (3.1): the capital alone until Fall 1899 ends; from then on the capital and
  every centre controlled when Fall 1899 ended, never changing; builds only there;
- income (4.1-4.4) as the text's table, counted here again; no balance below 0; what a
  power spends is its pays (4.6, at least 1 a unit while money lasts) and the bribes its
  units' auctions took (5.7-5.12, settled here again from the text and the guide's
  rulings), and each unit executes the order the auction gives.

GMBOT_RANDOM_GAMES=500 plays more games."""

from __future__ import annotations

import random
from collections import defaultdict

from gmbot.engine.map import COAST
from gmbot.engine.orders import Order
from gmbot.engine.result import PhaseResult
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState, Unit
from gmbot.variants.capitalist import economy as eco
from gmbot.variants.capitalist.orders import Bribe, Paid
from gmbot.variants.capitalist.votes import adjusting
from tests.variants.randomchecks import standard_checks
from tests.variants.randomkit import Orders, Player, example, games, play, unit_orders

YEARS = 10  # from the capital phase of 1896: six years of bribes


class CapitalistPlayer(Player):
    """Capital lists, initial votes, paid orders and bribes within the balance, votes."""

    def movement(self, rng: random.Random, state: GameState, rules: StandardRules) -> Orders:
        lines = unit_orders(rng, state, rules)
        out: Orders = {}
        for power in state.powers:
            money = eco.available(state, power)
            mine = [lines[u.prov] for u in sorted(state.units_of(power), key=lambda u: u.prov)
                    if u.prov in lines]
            for line in mine:
                pay = rng.choice([1, 1, 1, 2, 3])
                if pay > money:
                    break  # the rest unordered: paid 1 while money lasts, else 0
                money -= pay
                out.setdefault(power, []).append(f"{line} ({pay})" if pay > 1 or
                                                 rng.random() < 0.5 else line)
            nations: set[str] = set()
            others = [u for u in state.units.values() if u.power != power]
            for unit in rng.sample(others, min(len(others), eco.bribe_limit(state.phase))):
                amount = rng.choice([1, 2, 3, 4])
                if unit.power in nations or amount > money or rng.random() < 0.3:
                    continue
                what = bribed_order(rng, state, rules, unit)
                if rng.random() < 0.2 and unit.prov in lines:
                    what = lines[unit.prov]  # the owner's own order: on the owner's side
                out.setdefault(power, []).append(f"BRIBE {what} ({amount})")
                nations.add(unit.power)
                money -= amount
            own = state.units_of(power)
            if own and rng.random() < self.junk * 5:  # refused alone, whatever the order
                out.setdefault(power, []).append(rng.choice([
                    f"BRIBE {rng.choice(own)} H (1)", f"VOTE A {rng.choice(own).prov} (1)",
                    f"BRIBE {rng.choice(own)} H (0)"]))
        return out

    def retreats(self, rng: random.Random, state: GameState, rules: StandardRules) -> Orders:
        out = super().retreats(rng, state, rules)
        for lines in out.values():  # retreats are outside the economy (7.1): refused
            if rng.random() < self.junk * 5:
                lines[0] = f"{lines[0]} (2)"
        return out

    def adjustments(self, rng: random.Random, state: GameState,
                    rules: StandardRules) -> Orders:
        if eco.is_capital_phase(state):
            centres = sorted(state.map.supply_centres)
            return {p: ["CAPITALS " + " ".join(rng.sample(centres, 10))]
                    for p in state.powers if rng.random() < 0.9}
        if eco.is_initial_adjustment(state):
            out: Orders = {}
            for power in state.powers:
                left = eco.INITIAL_VOTES
                for cap in sorted(eco.capitals(state).values()):
                    kind, loc = build_vote(rng, state, cap)
                    count = min(left, rng.choice([1, 1, 2, 3]))
                    if count:
                        out.setdefault(power, []).append(f"VOTE {kind} {loc} ({count})")
                        left -= count
            return out
        return self.votes(rng, state, rules)

    def votes(self, rng: random.Random, state: GameState, rules: StandardRules) -> Orders:
        todo = adjusting(state, rules)
        targets: list[tuple[str, str]] = []  # (the adjusting power, what is voted)
        for power, delta in sorted(todo.items()):
            if delta > 0:
                for site in sorted(rules.build_sites(state, power)):
                    kind, loc = build_vote(rng, state, site)
                    if eco.no_build_allowed(state.phase) and rng.random() < 0.2:
                        kind, loc = "NO BUILD", site
                    targets.append((power, f"{kind} {loc}"))
            else:
                targets += [(power, f"REMOVE {u}") for u in state.units_of(power)]
        out: Orders = {}
        for power in state.powers:
            left = eco.vote_budget(state, power)
            own = [t for p, t in targets if p == power]
            picks = own[:1] + [t for _, t in rng.sample(targets, min(3, len(targets)))]
            for what in picks:
                count = min(left, rng.choice([1, 2, 3, 5]))
                if count:
                    out.setdefault(power, []).append(f"VOTE {what} ({count})")
                    left -= count
        return out


def bribed_order(rng: random.Random, state: GameState, rules: StandardRules,
                 unit: Unit) -> str:
    """An order for another power's unit: a move, a hold or a support of a neighbour."""
    near = sorted(rules.neighbours(state, unit))
    beside = [u for u in state.units.values()
              if any(u.prov == loc.split("/")[0] for loc in near)]
    roll = rng.random()
    if near and roll < 0.6:
        return f"{unit} - {rng.choice(near)}"
    if beside and roll < 0.8:
        return f"{unit} S {rng.choice(beside)}"
    return f"{unit} H"


def build_vote(rng: random.Random, state: GameState, site: str) -> tuple[str, str]:
    if state.map.provinces[site].type == COAST and rng.random() < 0.4:
        return "F", rng.choice(state.map.fleet_locations(site))
    return "A", site


def income(state: GameState, power: str) -> int:
    """4.1-4.4, counted from the text: what the power's centres pay this movement season."""
    year, cap = state.phase.year, eco.capital(state, power)
    homes = set(state.homes.get(power, ())) | {cap}
    total = 0
    for centre, owner in state.centers.items():
        if owner != power:
            continue
        if year == 1898:
            total += 2 if centre == cap else 0
        elif year == 1899:
            total += 3 if centre == cap else 2  # every held centre is a home to be (4.2)
        elif year > 1899:
            total += 5 if centre == cap else 3 if centre in homes else 2
    return total


class CapitalistWatch:
    """The variant's rules, followed from the game's start (see the module doc)."""

    def __init__(self, apart: int) -> None:
        self.apart = apart
        self.capitals: dict[str, str] = {}
        self.homes: dict[str, set[str]] = {}
        self.auctions = 0

    def __call__(self, result: PhaseResult, orders: Orders) -> list[str]:
        before, after = result.before, result.after
        wrong: list[str] = []
        caps = eco.capitals(after)
        if self.capitals and caps != self.capitals:
            wrong.append(f"the capitals changed: {self.capitals} to {caps}")
        if not self.capitals and caps:
            self.capitals = caps
            wrong += capital_problems(after, caps, self.apart)
        if eco.is_initial_adjustment(before):
            for power, cap in caps.items():
                units = [str(u) for u in after.units_of(power)]
                if len(units) != 1 or after.units_of(power)[0].prov != cap:
                    wrong.append(f"{power} ends the initial adjustment with {units}, "
                                 f"its capital being {cap}")
        wrong += self.home_problems(result)
        for name in result.built:
            unit = next(u for u in after.units.values() if str(u) == name)
            if unit.prov not in self.home_set(before, unit.power):
                wrong.append(f"{unit.power} built {name} outside its home centres")
        if before.phase.kind == MOVEMENT:
            wrong += self.money_problems(result)
        for power in after.powers:
            if eco.balance(after, power) < 0:
                wrong.append(f"{power}'s balance is {eco.balance(after, power)}")
        return wrong

    def home_set(self, state: GameState, power: str) -> set[str]:
        return self.homes.get(power) or {self.capitals.get(power, "")}

    def home_problems(self, result: PhaseResult) -> list[str]:
        after = result.after
        if not eco.homes_fixed(after.phase):
            return []
        if not self.homes:  # Fall 1899 has just ended (3.1, 3.2)
            for power, cap in self.capitals.items():
                self.homes[power] = {c for c, o in after.centers.items() if o == power} | {cap}
        return [f"{power}'s home centres are {sorted(eco.home_centres(after, power))}, "
                f"not {sorted(homes)}" for power, homes in sorted(self.homes.items())
                if eco.home_centres(after, power) != homes]

    def money_problems(self, result: PhaseResult) -> list[str]:
        start, after = result.start, result.after
        assert start is not None
        wrong = []
        expected = settle(start, result.accepted)
        for power in sorted(self.capitals):
            paid_in = eco.attrs(start, power).get("income_phase") == str(start.phase)
            money = eco.balance(start, power) + (0 if paid_in else income(start, power))
            left = eco.balance(after, power)
            if money - left != expected.spent[power]:
                wrong.append(f"{power} had {money} and spent {money - left}; by the text "
                             f"it spends {expected.spent[power]}")
        for unit, executed in sorted(expected.executed.items()):
            shown = result.orders.get(unit)
            if shown != executed:
                wrong.append(f"{unit} executed {shown!r}; its auction gives {executed!r}")
        self.auctions += expected.auctions
        return wrong


class Settled:
    def __init__(self) -> None:
        self.spent: dict[str, int] = defaultdict(int)
        self.executed: dict[str, str] = {}
        self.auctions = 0


def settle(state: GameState, accepted: list[Order]) -> Settled:
    """Each unit's auction, from the text (4.6, 5.7-5.12) and the guide's rulings."""
    out = Settled()
    own = {o.prov: o for o in accepted if isinstance(o, Paid)}
    offers: dict[str, list[Bribe]] = defaultdict(list)
    for o in accepted:
        if isinstance(o, Bribe):
            offers[o.prov].append(o)
    # Unordered units are paid 1 each while the money left after the written pays and the
    # bribes offered lasts, in the order of their provinces.
    left = {p: eco.available(state, p) - sum(o.pay for o in own.values() if o.power == p)
            - sum(b.amount for bs in offers.values() for b in bs if b.power == p)
            for p in state.powers}
    for prov, unit in sorted(state.units.items()):
        paid = own.get(prov)
        if paid is not None:
            pay, mine = paid.pay, str(paid.order)
        else:
            pay = 1 if left.get(unit.power, 0) >= 1 else 0
            left[unit.power] = left.get(unit.power, 0) - pay
            mine = hold(unit)
        out.spent[unit.power] += pay
        bribes = offers.get(prov, [])
        totals: dict[str, int] = defaultdict(int)
        for b in bribes:
            totals[str(b.order)] += b.amount
        mine_total = pay + totals.pop(mine, 0)
        top = max(totals.values(), default=0)
        best = [k for k, v in totals.items() if v == top]
        if top > mine_total and len(best) == 1:
            executed = best[0]
        elif top > mine_total:
            executed = hold(unit)
        else:
            executed = mine
        for b in bribes:
            if str(b.order) == executed and not (top > mine_total and len(best) > 1):
                out.spent[b.power] += b.amount
        if bribes:
            out.auctions += 1
            out.executed[str(unit)] = executed
    return out


def hold(unit: Unit) -> str:
    return f"{unit} H"


def capital_problems(state: GameState, caps: dict[str, str], apart: int) -> list[str]:
    """1.3: every power has a capital, a centre it owns, at least `apart` moves from every
    other capital (counting every border)."""
    wrong = [f"{p} has no capital" for p in state.powers if p not in caps]
    for power, cap in caps.items():
        if cap not in state.map.supply_centres or state.centers.get(cap) != power:
            wrong.append(f"{power}'s capital {cap} is not a centre it owns")
        wrong += [f"{power}'s capital {cap} is {n} moves from {other}'s {there} (1.3)"
                  for other, there in caps.items()
                  if other != power and (n := moves(state, cap, there)) < apart]
    return wrong


def moves(state: GameState, start: str, goal: str) -> int:
    """The fewest borders crossed from `start` to `goal`, by any unit type."""
    gmap, seen, ring, n = state.map, {start}, {start}, 0
    while goal not in ring and ring:
        ring = {q for p in ring for q in gmap.army_adj.get(p, frozenset())
                | gmap.fleet_prov_adj.get(p, frozenset())} - seen
        seen |= ring
        n += 1
    return n


def test_capitalist_games() -> None:
    auctions = phases = built = 0
    kinds: set[str] = set()
    for game in range(games(8)):
        # Each game its own coin tosses and one of the capitals' distances.
        apart = 1 + game % 3
        setup = example("capitalist", {"seed": game, "capital_min_distance": apart})
        watch = CapitalistWatch(apart)
        played = play(setup, CapitalistPlayer(), game, YEARS,
                      [*standard_checks(setup.rules), watch], "capitalist")
        assert played.mostly_legal(), f"{played.refused} of {played.lines} lines refused"
        auctions += watch.auctions
        phases += played.phases
        built += sum(len(r.built) for r in played.results
                     if r.before.phase.kind == ADJUSTMENT and r.before.phase.year > 1897)
        kinds |= {r.before.phase.kind for r in played.results}
    assert kinds == {"M", "R", "A"} and auctions > 0 and built > 0
