"""Any mix of spells adjudicates: seeded random games where every power casts random
spells (valid or not) beside random orders. Each phase's position reads back, units stand
only where their type may (or hold a spell that lets them), no spell count goes below
zero, and a re-run of the phase gives the same result. Balloons rise, drift and land."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gmbot.engine.map import COAST, LAND, SEA, load_map
from gmbot.engine.position import state_from_dict
from gmbot.engine.state import Unit
from gmbot.variants.cases import run_case

MAP = load_map("standard")
CASTS = [
    "CAST VAPORIZE {u}", "CAST DOUBLE {m}", "CAST DOUBLE {m2}", "CAST ADD 1 SUPPORT {m}",
    "CAST ADD 2 SUPPORTS {u}", "CAST EXTRA BUILD", "CAST CUT SUPPORT ATTACK {p}",
    "CAST CUT 2 SUPPORTS DEFENCE {p} AND ATTACK {q}", "CAST IMPERVIOUS {u}",
    "CAST MAKE INVISIBLE {m}", "CAST SPIN THE BOTTLE", "CAST CATASTROPHE {p}",
    "CAST WALK ON WATER {m}", "CAST SWIM IN LAND {m}", "CAST ILLUSION {p} - {q}",
    "CAST UNDEAD", "CAST GHOST {m}", "CAST MOVE HOME SC {p} - {q}", "CAST BALLOON {u}",
]


def move(rng: random.Random, unit: Unit) -> str:
    near = sorted(MAP.army_adj.get(unit.prov, frozenset())
                  | MAP.fleet_prov_adj.get(unit.prov, frozenset()))
    return f"{unit} - {rng.choice(near)}" if near else f"{unit} H"


def orders_for(rng: random.Random, position: dict[str, Any]) -> dict[str, list[str]]:
    state = state_from_dict(position, MAP)
    provs = sorted(MAP.provinces)
    out: dict[str, list[str]] = {}
    for power in state.powers:
        units = state.units_of(power)
        if state.phase.kind == "R":
            out[power] = [f"{d.unit} R {rng.choice(provs)}" for d in state.dislodged.values()
                          if d.unit.power == power]
            continue
        if state.phase.kind == "A":
            out[power] = [f"BUILD {rng.choice('AF')} {h}" for h in state.homes.get(power, ())]
            out[power] += [f"REMOVE {u}" for u in units[:1]]
            continue
        lines = []
        for unit in units:
            other = rng.choice(list(state.units.values()))
            lines.append(rng.choice([move(rng, unit), f"{unit} H", f"{unit} S {other}",
                                     f"{unit} S {move(rng, other)}"]))
        for _ in range(rng.randint(0, 3) if units else 0):
            own = rng.choice(units)
            chain = move(rng, own)
            chain += f" - {rng.choice(provs)}" if " - " in chain else ""
            lines.append(rng.choice(CASTS).format(
                u=rng.choice(list(state.units.values())), m=move(rng, own), m2=chain,
                p=rng.choice(provs), q=rng.choice(provs)))
        for prov, entry in (state.extra.get("aloft") or {}).items():
            if entry["power"] == power:
                near = sorted(MAP.army_adj.get(prov, frozenset())
                              | MAP.fleet_prov_adj.get(prov, frozenset()))
                lines.append(rng.choice([f"BALLOON {entry['unit']} LAND",
                                         f"BALLOON {entry['unit']} - {rng.choice(near)}"]))
        out[power] = lines
    return out


def check_position(position: dict[str, Any]) -> None:
    state = state_from_dict(position, MAP)  # reads back
    for unit in state.units.values():
        kind = MAP.provinces[unit.prov].type
        fits = kind in ((LAND, COAST) if unit.type == "A" else (COAST, SEA))
        assert fits or unit.attrs.get("any_terrain"), unit
    for attrs in state.power_attrs.values():
        assert all(n >= 0 for n in (attrs.get("spells") or {}).values())


@pytest.mark.parametrize("seed", range(30))
def test_random_spells_adjudicate(seed: int) -> None:
    rng = random.Random(seed)
    position: dict[str, Any] = {"options": {"seed": seed}}
    for _ in range(8):
        case = {"variant": "warlock", **position, "orders": orders_for(rng, position)}
        out = run_case(case)
        assert run_case(case) == out  # a re-run draws and decides the same
        check_position(out["position"])
        if out.get("winner"):
            break
        position = {"options": {"seed": seed}, **out["position"]}
