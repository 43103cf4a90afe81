"""The Warlock lines a power may give besides the standard forms (for the engine's legal
orders): each spell it has uses left of, cast on every target the spell may take, and
the orders of its units in the air. The reading of each line keeps only those the rules
allow now (a unit it cannot see, a spell of the wrong season, a ghost's balloon...).

Every target is listed, save where the choices are too many to list or cost more to
work out than all the rest:
- CUT 2 SUPPORTS and ILLUSION are listed once for each first target (the second, the
  next target in the map's order, or in the first one's group of provinces);
- an order a spell carries (DOUBLE ORDERS, MAKE INVISIBLE, WALK ON WATER, SWIM IN LAND)
  is a hold or a move (not a support or a convoy); a DOUBLE ORDERS is each such first
  leg alone and each move of two legs, the second to a neighbour (not the THEN forms);
- a supported move is listed to the provinces the unit borders (not by convoy)."""

from __future__ import annotations

from gmbot.engine.legal import destinations
from gmbot.engine.map import IMPASSABLE
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState, Unit
from gmbot.variants.warlock.balloon import aloft
from gmbot.variants.warlock.casting import ILLUSION_GROUPS
from gmbot.variants.warlock.spells import SPELLS, spells_left

SIDES = ("ATTACK", "DEFENCE")


def warlock_lines(state: GameState, rules: StandardRules, power: str) -> list[str]:
    left = spells_left(state.power_attrs.get(power, {}))
    if state.phase.kind == ADJUSTMENT:
        return ["CAST EXTRA BUILD"] if left["extra_build"] else []
    if state.phase.kind != MOVEMENT:
        return []
    lines = _air_lines(state, power)
    board = _Board(state, rules, power)
    for key, spell in SPELLS.items():
        if left[key] > 0:
            lines += [f"CAST {spell.word} {target}".rstrip() for target in board.targets(key)]
    return lines


def _air_lines(state: GameState, power: str) -> list[str]:
    lines = []
    for prov, unit in sorted(aloft(state).items()):
        if unit.power == power:
            lines += [f"BALLOON {unit} LAND", f"BALLOON {unit} H",
                      *(f"BALLOON {unit} - {dest}" for dest in _near(state, prov))]
    return lines


def _near(state: GameState, prov: str) -> list[str]:
    """The provinces next to `prov` by land or by sea."""
    gmap = state.map
    return sorted(gmap.army_adj.get(prov, frozenset()) | gmap.fleet_prov_adj.get(
        prov, frozenset()))


class _Board:
    """The targets of one power's casts; each unit's moves worked out once (a convoy's
    reach is dear), as several spells ask for them."""

    def __init__(self, state: GameState, rules: StandardRules, power: str) -> None:
        self.state, self.rules, self.power = state, rules, power
        self.seen = sorted((u for u in state.units.values() if rules.shown_to(state, u, power)),
                           key=lambda u: u.prov)
        self.own = [u for u in self.seen if u.power == power]
        self.places = sorted(p for p, info in state.map.provinces.items()
                             if info.type != IMPASSABLE)
        self._dests: dict[str, list[str]] = {}

    def dests(self, unit: Unit) -> list[str]:
        if unit.prov not in self._dests:
            self._dests[unit.prov] = destinations(self.state, self.rules, unit)
        return self._dests[unit.prov]

    def moves(self, unit: Unit) -> list[str]:
        """Its hold and its moves (a support's lines, for every other unit's every move,
        would cost more than all the rest: a spell's order is a hold or a move here)."""
        return [f"{unit} H", *(f"{unit} - {dest}" for dest in self.dests(unit))]

    def targets(self, key: str) -> list[str]:  # noqa: C901 - one branch per argument kind
        """The arguments of spell `key`, before they are read."""
        args = SPELLS[key].args
        if args == "unit":
            return [str(u) for u in self.seen]
        if args == "unit_order":
            return [str(u) for u in self.seen] + [
                line for u in self.own for line in self.magic_lines(u)]
        if args == "move":
            return [line for u in self.own for line in self.moves(u)[1:]]
        if args == "support":
            return [line for u in self.seen
                    for line in [f"{u} H", *(f"{u} - {d}" for d in self.reaches(u))]]
        if args == "double":
            return [line for u in self.own for line in self.double_lines(u)]
        if args == "cut":
            targets = [f"{side} {p}" for p in self.places for side in SIDES]
            if key == "cut1":
                return targets
            return [f"{a} AND {b}"
                    for a, b in zip(targets, targets[1:] + targets[:1], strict=True)]
        if args == "place":
            return [p for p in self.places if p not in self.state.map.supply_centres]
        if args == "two":
            return self.pairs(key)
        if args == "utype":
            return ["ARMY", "FLEET"]
        return [""]

    def reaches(self, unit: Unit) -> list[str]:
        # Its neighbours only: a convoy's reach, for every unit, costs more than the rest.
        return _near(self.state, unit.prov)

    def magic_lines(self, unit: Unit) -> list[str]:
        """A unit's orders under a spell on it: its own, and (walking on water, swimming
        in land) a move to every province it borders by land or by sea."""
        lines = self.moves(unit)
        for dest in _near(self.state, unit.prov):
            locs = self.state.map.fleet_locations(dest) if unit.type == "F" else []
            lines += [f"{unit} - {loc}" for loc in (locs if len(locs) > 1 else [dest])]
        return list(dict.fromkeys(lines))

    def double_lines(self, unit: Unit) -> list[str]:
        lines = self.moves(unit)
        state = self.state
        for dest in self.dests(unit):
            moved = Unit(unit.power, unit.type, dest, unit.attrs)
            units = {p: u for p, u in state.units.items() if p not in (unit.prov, moved.prov)}
            units[moved.prov] = moved
            there = state.with_(units=units)
            lines += [f"{unit} - {dest} - {then}"
                      for then in sorted(set(self.rules.neighbours(there, moved)))]
        return lines

    def pairs(self, key: str) -> list[str]:
        if key == "illusion":
            out = []
            for members in ILLUSION_GROUPS.values():
                group = sorted(members)
                out += [f"{a} - {b}" for a, b in zip(group, group[1:] + group[:1], strict=True)]
            return out
        # Move home SC: a home centre of the power's to a province that is no centre.
        homes = sorted(h for h in self.state.homes.get(self.power, ())
                       if self.state.centers.get(h) == self.power)
        return [f"{h} - {p}" for h in homes for p in self.places
                if p not in self.state.map.supply_centres]
