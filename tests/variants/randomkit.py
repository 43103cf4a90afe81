"""A shared kit for random games: a variant's example game (its example.yaml, as `gmbot
game example NAME` prints it) played through its whole phase cycle, movement, retreats and
adjustments year after year, by seeded random but mostly legal orders, the variant's own
commands included; the invariants (tests/variants/randomchecks.py) checked after every
phase.

Each phase draws from its own seed ("NAME:GAME:PHASE"), and a failure's message carries
that seed, the position and the orders as a case (the shape of the cases/ folders), so it
can be pasted into a YAML case as it stands.

GMBOT_RANDOM_GAMES=500 plays more games than the few that CI plays."""

from __future__ import annotations

import os
import random
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import yaml

from gmbot.engine import load_map, state_from_dict, state_to_dict
from gmbot.engine.adjudicate import adjudicate
from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.map import COAST, IMPASSABLE, province_of
from gmbot.engine.result import PhaseResult
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, GameState, Unit
from gmbot.variants import example_text, make_rules

Orders = dict[str, list[str]]


def games(default: int) -> int:
    """How many games a test plays: `default`, or GMBOT_RANDOM_GAMES when set."""
    return int(os.environ.get("GMBOT_RANDOM_GAMES") or default)


@dataclass
class Setup:
    """A game to play: its rules, first position and what a case of it needs."""

    variant: str
    options: dict[str, Any]
    rules: StandardRules
    state: GameState


def example(name: str, extra_options: dict[str, Any] | None = None) -> Setup:
    """The example game of the variant or option `name`, with `extra_options` switched on."""
    data = yaml.safe_load(example_text(name))
    variant = str(data.get("variant") or "standard")
    options = {**(data.get("options") or {}), **(extra_options or {})}
    rules = make_rules(variant, options or None)
    # Without a `position:` the game starts from the map's own opening.
    state = state_from_dict(data.get("position") or {}, load_map(rules.map_name))
    return Setup(variant, options, rules, state)


# -- the players ---------------------------------------------------------------------------


class Player:
    """Standard orders: mostly moves (often into an occupied province), supports of moves
    and holds, some holds and a few lines the judge must refuse; random retreats and
    disbands; builds on random free sites and random removals. Variants override the
    parts their grammar changes."""

    junk = 0.03  # the share of lines that are nonsense or illegal

    def orders(self, rng: random.Random, state: GameState, rules: StandardRules) -> Orders:
        kind = state.phase.kind
        if kind == MOVEMENT:
            return self.movement(rng, state, rules)
        if kind == RETREAT:
            return self.retreats(rng, state, rules)
        assert kind == ADJUSTMENT
        return self.adjustments(rng, state, rules)

    # movement

    def movement(self, rng: random.Random, state: GameState, rules: StandardRules) -> Orders:
        lines = {prov: self.decorate(rng, state, line)
                 for prov, line in unit_orders(rng, state, rules).items()}
        out = by_power(state, lines)
        for power in state.powers:
            # Never a second line for one of the power's units: the later one would
            # replace the first, and the result would depend on the order of the lines.
            free = [p for p in passable(state)
                    if p not in state.units or state.units[p].power != power]
            if rng.random() < self.junk * 5:
                out.setdefault(power, []).append(rng.choice(JUNK).format(p=rng.choice(free)))
        return out

    def decorate(self, rng: random.Random, state: GameState, line: str) -> str:
        """A unit's order line as this variant writes it."""
        return line

    # retreats

    def retreats(self, rng: random.Random, state: GameState, rules: StandardRules) -> Orders:
        lines = {}
        for prov, entry in sorted(state.dislodged.items()):
            choices = rules.retreat_choices(state, entry)
            lines[prov] = (f"{entry.unit} R {rng.choice(choices)}"
                           if choices and rng.random() < 0.8 else f"{entry.unit} D")
        return by_power(state, lines, {p: d.unit for p, d in state.dislodged.items()})

    # adjustments

    def adjustments(self, rng: random.Random, state: GameState,
                    rules: StandardRules) -> Orders:
        out: Orders = {}
        for power, delta in adjustment_counts(state, rules).items():
            if delta > 0:
                sites = sorted(rules.build_sites(state, power))
                for site in rng.sample(sites, min(delta, len(sites))):
                    if rng.random() < 0.9:
                        out.setdefault(power, []).append(self.build_line(rng, state, site))
            elif delta < 0:
                mine = sorted(state.units_of(power), key=lambda u: u.prov)
                out[power] = [f"REMOVE {u}" for u in rng.sample(mine, min(-delta, len(mine)))
                              if rng.random() < 0.9]  # now and then civil disorder
        return out

    def build_line(self, rng: random.Random, state: GameState, site: str) -> str:
        kind, loc = unit_to_build(rng, state, site)
        return f"BUILD {kind} {loc}"


JUNK = ["A {p} - XYZ", "F {p} S A {p}", "BUILD A {p}", "A {p} H", "HELLO {p}"]


def unit_to_build(rng: random.Random, state: GameState, site: str) -> tuple[str, str]:
    """An army or a fleet (on a coast, with its coast named) for `site`."""
    if state.map.provinces[site].type == COAST and rng.random() < 0.4:
        locs = state.map.fleet_locations(site)
        if locs:
            return "F", rng.choice(locs)
    return "A", site


def unit_orders(rng: random.Random, state: GameState, rules: StandardRules) -> dict[str, str]:
    """province -> a unit's order: mostly moves, then supports, some holds, some none."""
    moves: dict[str, str] = {}
    lines: dict[str, str] = {}
    units = sorted(state.units.values(), key=lambda u: u.prov)
    convoys(rng, state, units, lines, moves)
    for unit in units:
        if unit.prov in lines:
            continue
        near = sorted(rules.neighbours(state, unit))  # a frozenset: hash order otherwise
        roll = rng.random()
        if near and roll < 0.7:
            busy = [loc for loc in near if province_of(loc) in state.units]
            dest = rng.choice(busy if busy and rng.random() < 0.7 else near)
            moves[unit.prov] = dest
            lines[unit.prov] = f"{unit} - {dest}"
        elif roll < 0.78 or not near:
            lines[unit.prov] = f"{unit} H"
        elif roll < 0.82:
            lines[unit.prov] = ""  # no order: the unit holds
    supports(rng, state, rules, units, moves, lines)
    return {prov: line for prov, line in lines.items() if line}


def supports(rng: random.Random, state: GameState, rules: StandardRules, units: list[Unit],
             moves: dict[str, str], lines: dict[str, str]) -> None:
    """Each unit still without a line supports a move or a hold it can reach (else holds)."""
    for unit in units:
        if unit.prov in lines:
            continue
        reach = {province_of(loc) for loc in rules.neighbours(state, unit)}
        options = [f"{unit} S {other} - {province_of(moves[other.prov])}"
                   for other in units if other.prov in moves and other is not unit
                   and province_of(moves[other.prov]) in reach]
        options += [f"{unit} S {other}" for other in units
                    if other.prov not in moves and other.prov in reach]
        lines[unit.prov] = rng.choice(options) if options else f"{unit} H"


def convoys(rng: random.Random, state: GameState, units: list[Unit], lines: dict[str, str],
            moves: dict[str, str]) -> None:
    """Now and then an army on a coast convoyed by a fleet at sea beside it to another
    coast of that sea (the fleet's line, and mostly the army's)."""
    gmap = state.map
    for army in units:
        if army.type != "A" or army.prov in lines or rng.random() > 0.15:
            continue
        fleets = [u for u in units if u.type == "F" and u.prov not in lines
                  and gmap.is_sea(u.prov) and u.prov in gmap.fleet_prov_adj.get(army.prov, ())]
        if not fleets:
            continue
        fleet = rng.choice(fleets)
        coasts = sorted(c for c in gmap.fleet_prov_adj.get(fleet.prov, ())
                        if c != army.prov and gmap.provinces[c].type == COAST)
        if not coasts:
            continue
        dest = rng.choice(coasts)
        lines[fleet.prov] = f"{fleet} C {army} - {dest}"
        if rng.random() < 0.9:
            lines[army.prov] = f"{army} - {dest}"
            moves[army.prov] = dest


def by_power(state: GameState, lines: dict[str, str],
             units: dict[str, Unit] | None = None) -> Orders:
    out: Orders = {}
    for prov, line in lines.items():
        out.setdefault((units or state.units)[prov].power, []).append(line)
    return out


def passable(state: GameState) -> list[str]:
    return sorted(p for p, info in state.map.provinces.items() if info.type != IMPASSABLE)


# -- one game -------------------------------------------------------------------------------


Check = Callable[[PhaseResult, Orders], list[str]]


@dataclass
class Played:
    """What a game came to: the phases played, and each phase's result."""

    phases: int = 0
    results: list[PhaseResult] = field(default_factory=list)
    lines: int = 0
    refused: int = 0

    def mostly_legal(self) -> bool:
        """Whether the judge accepted most lines: the game tested what it was meant to."""
        return self.refused * 5 < self.lines


def play(setup: Setup, player: Player, game: int, years: int,
         checks: list[Check], label: str) -> Played:
    """Play the game `game` from `setup` for `years` game years (or until someone wins),
    the checks run on every phase; a failing check or an exception fails with the phase's
    seed and its case."""
    state, rules = setup.state, setup.rules
    played = Played()
    until = state.phase.year + years
    while state.phase.year < until:
        seed = f"{label}:{game}:{state.phase}"
        orders: Orders = {}
        try:
            orders = player.orders(random.Random(seed), state, rules)
            result = adjudicate(state, rules, orders)
            wrong = [w for check in checks for w in check(result, orders)]
        except Exception:  # the failure is reported with its case, whatever it is
            raise AssertionError(failure(setup, state, orders, seed,
                                         [traceback.format_exc()])) from None
        if wrong:
            raise AssertionError(failure(setup, state, orders, seed, wrong))
        played.phases += 1
        played.lines += sum(len(lines) for lines in orders.values())
        played.refused += len(result.rejected)
        played.results.append(result)
        if result.winner:
            break
        state = result.after
    return played


def failure(setup: Setup, state: GameState, orders: Orders, seed: str,
            wrong: list[str]) -> str:
    case = {"variant": setup.variant, **({"options": setup.options} if setup.options else {}),
            **state_to_dict(state), "orders": orders}
    return (f"phase seed {seed!r}:\n  " + "\n  ".join(wrong)
            + "\nThe phase as a case:\n" + yaml.safe_dump(case, sort_keys=False))


def shuffled(rng: random.Random, orders: Orders,
             kept: Callable[[str], bool] | None = None) -> Orders:
    """The same orders, powers and each power's lines in another order; the lines `kept`
    (those a variant settles in the order written) keep their order among themselves."""
    powers = list(orders)
    rng.shuffle(powers)
    out: Orders = {}
    for power in powers:
        lines = rng.sample(orders[power], len(orders[power]))
        if kept is not None:
            in_order = iter([line for line in orders[power] if kept(line)])
            lines = [next(in_order) if kept(line) else line for line in lines]
        out[power] = lines
    return out
