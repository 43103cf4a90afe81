"""Random Arpiesse games, played from the example game's start by random but mostly legal
orders (moves, supports of moves and holds, holds; random retreats and coloured builds),
checked after every movement phase: never two units in one province, and never a unit
lost without a dislodgement in the report. Issue 26 found colour paradoxes that let two
moves into one province both succeed, one unit vanishing (10 phases in 225 games); the
position is the case `paradox-without-a-convoy` in gmbot/variants/arpiesse/cases.

The games are seeded (the same games every run); each phase's seed and orders are in the
failure message, so a failure can be turned into a case."""

from __future__ import annotations

import random
from importlib.resources import files
from typing import Any

import pytest
import yaml

from gmbot.engine import load_map, state_from_dict
from gmbot.engine.adjudicate import adjudicate
from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.map import COAST, province_of
from gmbot.engine.result import PhaseResult
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, GameState, Unit
from gmbot.variants import make_rules
from gmbot.variants.arpiesse.colours import COLOURS
from tests.variants.randomkit import supports

GAMES = 120
YEARS = 10


def start() -> GameState:
    text = files("gmbot.variants.arpiesse").joinpath("example.yaml").read_text("utf-8")
    return state_from_dict(yaml.safe_load(text)["position"], load_map("standard"))


def movement_orders(rng: random.Random, state: GameState,
                    rules: StandardRules) -> dict[str, list[str]]:
    """Mostly moves (often into an occupied province), some supports, some holds."""
    moves: dict[str, str] = {}  # province -> the location the unit moves to
    lines: dict[str, str] = {}
    units = sorted(state.units.values(), key=lambda u: u.prov)
    for unit in units:
        near = sorted(rules.neighbours(state, unit))  # a frozenset: hash order otherwise
        roll = rng.random()
        if near and roll < 0.8:
            busy = [loc for loc in near if province_of(loc) in state.units]
            dest = rng.choice(busy if busy and rng.random() < 0.8 else near)
            moves[unit.prov] = dest
            lines[unit.prov] = f"{unit} - {dest}"
        elif roll < 0.85 or not near:
            lines[unit.prov] = f"{unit} H"
    supports(rng, state, rules, units, moves, lines)
    return by_power(state, lines)


def retreat_orders(rng: random.Random, state: GameState,
                   rules: StandardRules) -> dict[str, list[str]]:
    lines = {}
    for prov, entry in sorted(state.dislodged.items()):
        choices = rules.retreat_choices(state, entry)
        lines[prov] = (f"{entry.unit} R {rng.choice(choices)}" if choices and rng.random() < 0.8
                       else f"{entry.unit} D")
    return by_power(state, lines, {p: d.unit for p, d in state.dislodged.items()})


def adjustment_orders(rng: random.Random, state: GameState,
                      rules: StandardRules) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for power, delta in adjustment_counts(state, rules).items():
        if delta > 0:
            sites = sorted(rules.build_sites(state, power))
            for site in rng.sample(sites, min(delta, len(sites))):
                kind = "F" if state.map.provinces[site].type == COAST and rng.random() < 0.4 \
                    else "A"
                loc = site
                if kind == "F":
                    loc = rng.choice(state.map.fleet_locations(site))
                out.setdefault(power, []).append(f"BUILD {rng.choice(COLOURS)} {kind} {loc}")
        elif delta < 0:
            mine = sorted(state.units_of(power), key=lambda u: u.prov)
            out[power] = [f"REMOVE {u}" for u in rng.sample(mine, min(-delta, len(mine)))]
    return out


def by_power(state: GameState, lines: dict[str, str],
             units: dict[str, Unit] | None = None) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for prov, line in lines.items():
        out.setdefault((units or state.units)[prov].power, []).append(line)
    return out


def problems(result: PhaseResult) -> list[str]:
    """What is wrong with a movement phase's outcome: two units in one province, a unit
    lost or gained without a dislodgement."""
    before, after = result.before, result.after
    expected: dict[str, str] = {}  # province -> the unit that must stand there
    found = []
    for unit in before.units.values():
        name = str(unit)
        if unit.prov in result.dislodged:
            continue
        where = province_of(result.moves.get(name, unit.loc))
        if where in expected:
            found.append(f"{expected[where]} and {unit.power} {name} both end in {where}")
        expected[where] = f"{unit.power} {name}"
    standing = {prov: f"{u.power} {Unit(u.power, u.type, u.loc)}"
                for prov, u in after.units.items()}
    gone = {f"{d.unit.power} {d.unit}" for d in result.dislodged.values()}
    for prov, who in expected.items():
        if prov not in standing:
            found.append(f"{who} is lost without a dislodgement")
    for prov, who in standing.items():
        if expected.get(prov) is None:
            found.append(f"{who} in {prov} came from nowhere")
    for name in gone:
        unit_name = name.split(" ", 1)[1]
        if not any(str(d.unit) == unit_name for d in after.dislodged.values()) \
                and unit_name not in result.removed:
            found.append(f"{name}, dislodged, neither retreats nor is disbanded")
    return found


@pytest.mark.parametrize("game", range(GAMES))
def test_random_games_keep_every_unit(game: int) -> None:
    rules = make_rules("arpiesse")
    state = start()
    rng = random.Random(f"arpiesse:{game}")
    while state.phase.year < 1901 + YEARS:
        kind = state.phase.kind
        if kind == MOVEMENT:
            orders = movement_orders(rng, state, rules)
        elif kind == RETREAT:
            orders = retreat_orders(rng, state, rules)
        else:
            assert kind == ADJUSTMENT
            orders = adjustment_orders(rng, state, rules)
        result = adjudicate(state, rules, orders)
        assert not [r for r in result.rejected if kind != MOVEMENT], result.rejected
        if kind == MOVEMENT:
            wrong = problems(result)
            assert not wrong, f"game {game}, {state.phase}: {wrong}\n{_case(state, orders)}"
        if result.winner:
            break
        state = result.after


def _case(state: GameState, orders: dict[str, Any]) -> str:
    """The phase as a case, to paste into cases/ (units with their colours)."""
    units: dict[str, list[dict[str, str]]] = {}
    for unit in sorted(state.units.values(), key=lambda u: u.prov):
        units.setdefault(unit.power, []).append({"unit": str(unit), **unit.attrs})
    return yaml.safe_dump({"phase": str(state.phase), "units": units, "orders": orders},
                          sort_keys=False)
