"""The invariants a random game (tests/variants/randomkit.py) checks after every phase,
written from the standard rules: each returns what is wrong with one phase's result (an
empty list: nothing). The variants' own invariants are in their test modules."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from gmbot.engine import state_from_dict, state_to_dict
from gmbot.engine.adjudicate import adjudicate
from gmbot.engine.map import COAST, LAND, SEA, province_of
from gmbot.engine.result import PhaseResult
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, GameState
from gmbot.variants.cases import result_to_dict
from tests.variants.randomkit import Check, Orders, shuffled


def units_accounted(result: PhaseResult, orders: Orders) -> list[str]:
    """Never two units in one province, units only where their type may stand, and no
    unit lost or gained without a line of the results saying why."""
    after = result.after
    wrong = [f"{u.power} {u} stands in the slot of {prov}" for prov, u in after.units.items()
             if u.prov != prov]
    wrong += [f"{u.power} {u} stands where a {u.type} may not"
              for u in after.units.values() if not fits(after, u.type, u.loc)]
    expected: Counter[tuple[str, str]] = Counter()
    kind = result.before.phase.kind
    account = _moved if kind == MOVEMENT else _retreated if kind == RETREAT else _adjusted
    wrong += account(result, expected)
    if after.phase.kind != RETREAT:
        standing = Counter((u.power, str(u)) for u in after.units.values())
        if standing != expected:
            lost = sorted((expected - standing).elements())
            found = sorted((standing - expected).elements())
            wrong.append(f"units lost without a reason: {lost}; units from nowhere: {found}")
    if len({u.prov for u in after.units.values()}) != len(after.units):
        wrong.append("two units in one province")
    return wrong


def _moved(result: PhaseResult, expected: Counter[tuple[str, str]]) -> list[str]:
    """Where each unit must stand after a movement phase; dislodged units accounted for."""
    wrong = []
    for unit in result.before.units.values():
        if unit.prov not in result.dislodged:
            expected[unit.power, f"{unit.type} {result.moves.get(str(unit), unit.loc)}"] += 1
    for entry in result.dislodged.values():
        name = str(entry.unit)
        kept = any(str(d.unit) == name for d in result.after.dislodged.values())
        if not kept and name not in result.removed:
            wrong.append(f"{entry.unit.power} {name}, dislodged, neither retreats nor "
                         "is disbanded")
    return wrong


def _retreated(result: PhaseResult, expected: Counter[tuple[str, str]]) -> list[str]:
    wrong = []
    for unit in result.before.units.values():
        expected[unit.power, str(unit)] += 1
    for entry in result.before.dislodged.values():
        name = str(entry.unit)
        if name in result.moves:
            expected[entry.unit.power, f"{entry.unit.type} {result.moves[name]}"] += 1
        elif name not in result.removed:
            wrong.append(f"{entry.unit.power} {name} neither retreats nor is disbanded")
    return wrong


def _adjusted(result: PhaseResult, expected: Counter[tuple[str, str]]) -> list[str]:
    before, after = result.before, result.after
    removed = Counter(result.removed)
    for unit in before.units.values():
        if removed[str(unit)]:
            removed[str(unit)] -= 1
        else:
            expected[unit.power, str(unit)] += 1
    wrong = [f"{name} is reported removed but was not on the board"
             for name, n in removed.items() if n > 0]
    for name in result.built:
        prov = province_of(name.split()[1])
        power = next((u.power for u in after.units.values() if str(u) == name), None)
        if power is None:
            wrong.append(f"{name} is reported built but is not on the board")
            continue
        expected[power, name] += 1
        if before.centers.get(prov) != power or prov in before.units:
            wrong.append(f"{power} built {name} on a centre it does not own or that is "
                         "occupied")
    return wrong


def fits(state: GameState, utype: str, loc: str) -> bool:
    kind = state.map.provinces[province_of(loc)].type
    if utype == "A":
        return kind in (LAND, COAST) and loc == province_of(loc)
    return kind in (SEA, COAST) and loc in state.map.fleet_locations(province_of(loc))


def centres_change_after_the_fall(result: PhaseResult, orders: Orders) -> list[str]:
    """A centre changes hands only when a Fall ends, to the power whose unit stands in it;
    then every occupied centre is its occupier's."""
    before, after = result.before, result.after
    leaving_fall = before.phase.season == "F" and after.phase.season != "F"
    wrong = []
    for centre in sorted(set(before.centers) | set(after.centers)):
        owner, was = after.centers.get(centre), before.centers.get(centre)
        if owner == was:
            continue
        if not leaving_fall:
            wrong.append(f"{centre} changed from {was} to {owner} in {before.phase}")
            continue
        unit = after.units.get(centre)
        if unit is None or unit.power != owner:
            wrong.append(f"{centre} changed from {was} to {owner}, whose unit is not there")
    if leaving_fall:
        wrong += [f"{centre}, occupied by {unit.power}, stays {after.centers.get(centre)}'s"
                  for centre, unit in sorted(after.units.items())
                  if centre in after.map.supply_centres and after.centers.get(centre)
                  != unit.power and after.phase.kind != RETREAT]
    return wrong


def units_match_centres(result: PhaseResult, orders: Orders) -> list[str]:
    """After the adjustments no power has more units than centres; one that had to remove
    has exactly as many; one that built built no more than its surplus."""
    if result.before.phase.kind != ADJUSTMENT:
        return []
    before, after = result.before, result.after
    wrong = []
    for power in sorted(set(before.powers) | set(after.powers)):
        centres = sum(1 for o in before.centers.values() if o == power)
        had = len(before.units_of(power))
        has = len(after.units_of(power))
        if had > centres and has != centres:
            wrong.append(f"{power} has {centres} centres and {has} units after removals")
        if had <= centres and not had <= has <= centres:
            wrong.append(f"{power}: {had} units and {centres} centres became {has} units")
    return wrong


def round_trips(result: PhaseResult, orders: Orders) -> list[str]:
    """The next position reads back from its dict form (through JSON, as the store keeps
    it) to the same dict."""
    data = state_to_dict(result.after)
    again = state_to_dict(state_from_dict(json.loads(json.dumps(data)), result.after.map))
    if again != data:
        keys = sorted(k for k in set(data) | set(again) if data.get(k) != again.get(k))
        return [f"the position does not round-trip: {keys} differ"]
    return []


def same_whatever_the_order(rules: StandardRules,
                            kept: Callable[[str], bool] | None = None) -> Check:
    """The phase again with the powers and each power's lines shuffled: the same result
    (refusals, reported in the order the lines came, compared as a set). Lines `kept` (a
    variant's ruling settles them in the order written) keep their order among themselves."""
    rng = random.Random("shuffle")

    def check(result: PhaseResult, orders: Orders) -> list[str]:
        assert result.start is not None
        again = adjudicate(result.start, rules, shuffled(rng, orders, kept))
        if comparable(result_to_dict(again)) != comparable(result_to_dict(result)):
            first, second = comparable(result_to_dict(result)), comparable(result_to_dict(again))
            keys = sorted(k for k in set(first) | set(second) if first.get(k) != second.get(k))
            return [f"the result depends on the order of the lines: {keys} differ"]
        return []

    return check


def comparable(out: dict[str, Any]) -> dict[str, Any]:
    """Refusals, builds, removals and notes (votes, home-centre orders) are listed in the
    order their lines came: compared as sets of lines."""
    listed: dict[str, Any] = {k: sorted(out[k]) for k in ("built", "removed", "public_notes")
                              if k in out}
    if "private_notes" in out:
        listed["private_notes"] = {p: sorted(lines)
                                   for p, lines in out["private_notes"].items()}
    return {**out, **listed,
            "errors": sorted(out["errors"], key=lambda e: (e["power"], e["order"]))}


def standard_checks(rules: StandardRules,
                    kept: Callable[[str], bool] | None = None) -> list[Check]:
    return [units_accounted, centres_change_after_the_fall, units_match_centres, round_trips,
            same_whatever_the_order(rules, kept)]
