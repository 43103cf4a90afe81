"""Voted adjustments (sections 2 and 6): votes to builds and removals, centre by centre.

For a power with k builds, each of its build sites is decided on its own: the option
(army, fleet, no build) with the most votes wins; the k sites whose winning option is a
build with the most votes are built (example 6.6). A fleet's coast is the coast with the
most fleet votes. Removals likewise: the units with the most removal votes go; missing
ones follow civil disorder. Ties go to the adjusting power's own votes, then to a seeded
coin toss recorded in the notes."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field

from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.orders import Build, Order, Remove
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.variants.capitalist.orders import Vote


@dataclass
class Site:
    """One build site's count."""

    power: str
    prov: str
    totals: dict[str, int] = field(default_factory=dict)  # A / F / NONE -> votes
    coasts: dict[str, int] = field(default_factory=dict)  # fleet location -> votes
    winner: str | None = None  # the winning option, None with no votes
    loc: str | None = None  # where the unit is built if the option is a build


@dataclass
class VoteOutcome:
    orders: list[Order] = field(default_factory=list)  # Build / Remove orders
    sites: list[Site] = field(default_factory=list)
    removals: dict[str, dict[str, int]] = field(default_factory=dict)  # power -> unit -> votes
    draws: list[dict[str, object]] = field(default_factory=list)  # coin tosses


def adjusting(state: GameState, rules: StandardRules) -> dict[str, int]:
    """Powers with builds (limited to their free sites) or removals, and how many."""
    out = {}
    for power, delta in adjustment_counts(state).items():
        if delta > 0:
            delta = min(delta, len(rules.build_sites(state, power)))
        if delta:
            out[power] = delta
    return out


def vote_target(state: GameState, rules: StandardRules, vote: Vote) -> str | None:
    """The power whose adjustment the vote is about, or None if it is about none."""
    todo = adjusting(state, rules)
    if vote.option == "REMOVE":
        unit = state.units.get(vote.prov)
        return unit.power if unit and todo.get(unit.power, 0) < 0 else None
    owner = state.centers.get(vote.prov)
    if owner and todo.get(owner, 0) > 0 and vote.prov in rules.build_sites(state, owner):
        return owner
    return None


def _toss(rng: random.Random, choices: list[str], purpose: str,
          draws: list[dict[str, object]]) -> str:
    pick = rng.choice(sorted(choices))
    draws.append({"purpose": purpose, "among": sorted(choices), "value": pick})
    return pick


def _best(totals: dict[str, int], own: dict[str, int], rng: random.Random, purpose: str,
          draws: list[dict[str, object]]) -> str:
    """The key with most votes; ties by the adjusting power's own votes, then a toss."""
    top = max(totals.values())
    tied = [k for k, v in totals.items() if v == top]
    if len(tied) > 1:
        mine = max(own.get(k, 0) for k in tied)
        tied = [k for k in tied if own.get(k, 0) == mine]
    return tied[0] if len(tied) == 1 else _toss(rng, tied, purpose, draws)


def count_votes(state: GameState, rules: StandardRules, votes: list[Vote],
                rng: random.Random, always_build: bool = False) -> VoteOutcome:
    """`always_build`: the initial adjustment, where every capital gets a unit (2)."""
    out = VoteOutcome()
    todo = adjusting(state, rules)
    by_target: dict[str, list[Vote]] = defaultdict(list)
    for v in votes:
        if vote_target(state, rules, v) is not None:
            by_target[v.prov].append(v)
    for power, delta in sorted(todo.items()):
        if delta > 0:
            _builds(state, rules, power, delta, by_target, rng, out, always_build)
        else:
            _removals(state, power, -delta, by_target, rng, out)
    return out


def _builds(state: GameState, rules: StandardRules, power: str, k: int,
            by_target: dict[str, list[Vote]], rng: random.Random, out: VoteOutcome,
            always_build: bool) -> None:
    candidates: list[Site] = []
    own_best: dict[str, int] = {}
    for prov in sorted(rules.build_sites(state, power)):
        site = Site(power, prov)
        own: dict[str, int] = defaultdict(int)
        for v in by_target.get(prov, []):
            site.totals[v.option] = site.totals.get(v.option, 0) + v.count
            if v.option == "F":
                site.coasts[v.loc] = site.coasts.get(v.loc, 0) + v.count
            if v.power == power:
                own[v.option] += v.count
        out.sites.append(site)
        if not site.totals:
            if always_build:
                site.winner, site.loc = "A", prov  # ruling: an unvoted capital gets an army
                candidates.append(site)
            continue
        site.winner = _best(site.totals, own, rng, f"vote {prov}", out.draws)
        if site.winner == "NONE":
            continue
        if site.winner == "F":
            own_coasts = {v.loc: 0 for v in by_target[prov]}
            for v in by_target[prov]:
                if v.power == power and v.option == "F":
                    own_coasts[v.loc] += v.count
            site.loc = _best(site.coasts, own_coasts, rng, f"coast {prov}", out.draws)
        else:
            site.loc = prov
        own_best[prov] = own.get(site.winner, 0)
        candidates.append(site)
    chosen = _rank(candidates, own_best, k, rng, f"builds {power}", out.draws)
    for site in chosen:
        assert site.winner and site.loc
        out.orders.append(Build(power, site.winner, site.loc))


def _rank(candidates: list[Site], own: dict[str, int], k: int, rng: random.Random,
          purpose: str, draws: list[dict[str, object]]) -> list[Site]:
    """The k sites with the most votes for their winning build."""
    left = list(candidates)
    chosen: list[Site] = []
    while left and len(chosen) < k:
        totals = {s.prov: s.totals.get(s.winner or "", 0) for s in left}
        pick = _best(totals, own, rng, purpose, draws)
        site = next(s for s in left if s.prov == pick)
        chosen.append(site)
        left.remove(site)
    return chosen


def _removals(state: GameState, power: str, k: int, by_target: dict[str, list[Vote]],
              rng: random.Random, out: VoteOutcome) -> None:
    totals: dict[str, int] = {}
    own: dict[str, int] = {}
    for unit in state.units_of(power):
        for v in by_target.get(unit.prov, []):
            totals[unit.prov] = totals.get(unit.prov, 0) + v.count
            if v.power == power:
                own[unit.prov] = own.get(unit.prov, 0) + v.count
    out.removals[power] = {str(state.units[p]): n for p, n in sorted(totals.items())}
    while totals and k:
        pick = _best(totals, own, rng, f"removals {power}", out.draws)
        unit = state.units[pick]
        out.orders.append(Remove(power, unit.type, unit.loc))
        del totals[pick]
        k -= 1
