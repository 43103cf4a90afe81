"""Al-Andalus over many seeded random phases (orders valid or not, court orders of every
kind): what must hold whatever the players do."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gmbot.engine import load_map, state_from_dict, state_to_dict
from gmbot.variants.cases import run_case
from tests.bots.test_legal_orders import _setup
from tests.bots.variant_players import AndalusPlayer
from tests.variants.randomchecks import round_trips, same_whatever_the_order, standard_checks
from tests.variants.randomkit import games, play

MAP = load_map("iberia")
WAZIRS = ["LORDELINDEL", "ASUDEVIL", "NANOOK"]


def unit_lines(rnd: random.Random, units: list[Any]) -> list[str]:
    lines = []
    for entry in units:
        unit = entry["unit"] if isinstance(entry, dict) else entry
        utype, loc = unit.split()
        near = sorted((MAP.army_adj if utype == "A" else MAP.fleet_prov_adj).get(loc, ()))
        roll = rnd.random()
        if roll < 0.3 or not near:
            lines.append(f"{unit} H")
        elif roll < 0.9:
            lines.append(f"{unit} - {rnd.choice(near)}")
    return lines


def random_orders(rnd: random.Random, position: dict[str, Any]) -> dict[str, list[str]]:
    """Orders as players might give them: mostly sensible for the court each Wazir is
    at, sometimes not; hires often matched by the Wazir's move."""
    kind = position["phase"][-1]
    units = position.get("units", {})
    wazirs = position["extra"]["wazirs"]
    orders: dict[str, list[str]] = {}
    if kind == "A":
        return orders
    if kind == "R":
        return {d["power"]: [f"{u} D"] for u, d in position.get("dislodged", {}).items()}
    princes = list(MAP.powers)
    for prince in princes:
        if rnd.random() < 0.1:
            continue  # an NMR
        mine = units.get(prince, [])
        lines = unit_lines(rnd, mine)
        roll = rnd.random()
        if roll < 0.12:
            lines.append("ARREST")
        elif roll < 0.2 and mine:
            first = mine[0]["unit"] if isinstance(mine[0], dict) else mine[0]
            lines.append(f"APPOINT GENERAL {first}")
        elif roll < 0.25:
            lines.append(f"{rnd.choice(['EXECUTE', 'TAKE'])} {rnd.choice(WAZIRS)}")
        orders[prince] = lines
    for wazir in WAZIRS:
        court = wazirs.get(wazir, {}).get("court")
        roll = rnd.random()
        if roll < 0.3:
            dest = rnd.choice(princes)
            orders[wazir] = [f"GO TO COURT {dest}"]
            if rnd.random() < 0.7:  # the Prince hires him
                orders.setdefault(dest, []).append(f"HIRE {wazir}")
        elif roll < 0.45:
            orders[wazir] = ["PLUNDER"]
        elif roll < 0.9:
            prince = court if court and rnd.random() < 0.8 else rnd.choice(princes)
            orders[wazir] = unit_lines(rnd, units.get(prince, []))[:2]
    return orders


def total(position: dict[str, Any]) -> int:
    wazirs = position.get("extra", {}).get("wazirs", {})
    held = position.get("powers", {})
    return sum(w["dinars"] for w in wazirs.values()) + sum(a.get("dinars", 0)
                                                           for a in held.values())


@pytest.mark.parametrize("seed", range(12))
def test_random_phases_keep_the_courts_sound(seed: int) -> None:
    rnd = random.Random(seed)
    options = {"wazir_generals": seed % 2 == 1}
    position: dict[str, Any] = {
        "phase": "S1080M",
        "extra": {"wazirs": {w: {"court": None, "dinars": 0} for w in WAZIRS}},
    }
    for _ in range(14):
        out = run_case({"variant": "al-andalus", "options": options, **position,
                        "orders": random_orders(rnd, position)})
        after = out["position"]
        wazirs = after["extra"]["wazirs"]
        courts = [w["court"] for w in wazirs.values() if w["court"]]
        assert len(courts) == len(set(courts)), "two Wazirs at one court"
        assert all(c in MAP.powers for c in courts)
        assert all(w["dinars"] >= 0 for w in wazirs.values())
        notes = "\n".join(out.get("public_notes", []))
        if "executes" not in notes:
            assert total(after) >= total(position), "dinars vanished"
        for entries in after["units"].values():
            for entry in entries:
                if isinstance(entry, dict) and entry.get("general"):
                    assert options["wazir_generals"]
                    general = wazirs[entry["general"]]
                    owner = next(p for p, us in after["units"].items() if entry in us)
                    assert general["court"] == owner, "a general serving another Prince"
        assert state_to_dict(state_from_dict(after, MAP)) == after
        assert "Courts and dinars:" in notes
        position = after
        if out.get("winner"):
            break


def court_line(line: str) -> bool:
    """HIRE, GO TO COURT, APPOINT... are one each a phase: a later line replaces an
    earlier one (the guide's ruling 2), so their order among themselves is kept."""
    return line.split()[0].upper() in ("HIRE", "GO", "APPOINT", "PLUNDER", "ARREST",
                                       "RESIGN", "EXECUTE", "TAKE")


@pytest.mark.parametrize("generals", [False, True], ids=["courts", "generals"])
def test_whole_random_games_keep_the_standard_invariants(generals: bool) -> None:
    """Whole games of the example (its Wazirs seated), movement, retreats and winters,
    with the random players of every court order: whatever the courts do, the lines'
    order changes nothing and every position reads back; without Wazir-Generals no unit
    is lost or gained without a reason and centres change hands only after a Fall (a
    general's unit and centres follow his court, in any season, by the text)."""
    phases = 0
    for game in range(games(3)):
        setup = _setup("al-andalus", {"wazir_generals": True} if generals else None)
        checks = ([round_trips, same_whatever_the_order(setup.rules, court_line)] if generals
                  else standard_checks(setup.rules, kept=court_line))
        played = play(setup, AndalusPlayer(), game, 6, checks,
                      f"al-andalus{'+generals' if generals else ''}")
        phases += played.phases
    assert phases > 3 * 10  # whole years were played
