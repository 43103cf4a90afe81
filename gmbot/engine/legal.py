"""Every order a power may give this phase, as order lines the judge accepts.

What a bot chooses from, and what a player could be shown: the standard forms (holds,
moves, moves by convoy, supports, convoys; retreats and disbands; builds, waives and
removals) made from the board, plus the lines of a variant's own commands from its
`legal_extra` hook. Each candidate goes through the same reading as a player's line
(`read_orders`: the variant's grammar, then the checker), so a line is listed only when
the judge, given it alone, accepts it. Refusals that depend on the whole set of a power's
orders (the rules' `check_set`, e.g. a budget) are left to the set: each line here is
legal by itself. Where lines may carry a figure (`figure`, from the `legal_figure` hook: a
variant's pays, bribes or votes) a line is listed once, without it: every figure
from 1 to `figure` is legal on it, their sum the set's to keep within the budget."""

from __future__ import annotations

from gmbot.engine.adjudicate import read_orders
from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.check import convoy_reach, reaches
from gmbot.engine.choices import LegalOrders as LegalOrders  # re-exported: the lister's result
from gmbot.engine.map import COAST
from gmbot.engine.parse import OrderParser
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, GameState, Unit


def legal_orders(state: GameState, rules: StandardRules, power: str,
                 commands: bool = True) -> LegalOrders:
    """Every line `power` may give in the state's phase, each accepted alone. Without
    `commands`, the variant's own lines are left out (a caller that plays only the
    standard forms then does not pay for reading a variant's many)."""
    kind = state.phase.kind
    out = LegalOrders(power)
    if kind == MOVEMENT:
        board = Board(state, rules)
        for unit in _ordered_units(state, rules, power):
            out.units[unit.prov] = movement_lines(state, rules, unit, board)
    elif kind == RETREAT:
        for prov, entry in sorted(state.dislodged.items()):
            if rules.may_order(state, power, entry.unit):
                out.units[prov] = [f"{entry.unit} R {dest}"
                                   for dest in rules.retreat_choices(state, entry)]
                out.units[prov].append(f"{entry.unit} D")
    elif kind == ADJUSTMENT:
        out.builds = adjustment_counts(state, rules).get(power, 0)
        if out.builds > 0:
            out.other = _build_lines(state, rules, power)
        elif out.builds < 0:
            for unit in sorted(state.units_of(power), key=lambda u: u.prov):
                out.units[unit.prov] = [f"REMOVE {unit}"]
    if commands:
        out.other += rules.legal_extra(state, power)
    out.figure = rules.legal_figure(state, power)
    return _accepted(state, rules, out)


def _ordered_units(state: GameState, rules: StandardRules, power: str) -> list[Unit]:
    """The units `power` may order (a variant lets some order others' units)."""
    return sorted((u for u in state.units.values() if rules.may_order(state, power, u)),
                  key=lambda u: u.prov)


class Board:
    """What every unit's lines ask of the board, worked out once per listing: each
    unit's supports name every other unit's moves, and each fleet's convoys every army's
    reach by sea."""

    def __init__(self, state: GameState, rules: StandardRules) -> None:
        self.state, self.rules = state, rules
        self.units = sorted(state.units.values(), key=lambda u: u.prov)
        self._dests: dict[str, list[str]] = {}
        self._reach: dict[str, list[str]] = {}

    def dests(self, unit: Unit) -> list[str]:
        """Where the unit may move: its neighbours, and for an army on a coast every
        coast a chain of fleets could carry it to."""
        if unit.prov not in self._dests:
            near = sorted(set(self.rules.neighbours(self.state, unit)))
            gone = {dest.partition("/")[0] for dest in near}
            self._dests[unit.prov] = near + [p for p in self.reach(unit) if p not in gone]
        return self._dests[unit.prov]

    def reach(self, unit: Unit) -> list[str]:
        """The coasts fleets at sea could carry the unit to (none but an army's on a
        coast), in order."""
        if unit.type != "A" or self.state.map.provinces[unit.prov].type != COAST:
            return []
        if unit.prov not in self._reach:
            self._reach[unit.prov] = sorted(convoy_reach(self.state, self.rules, unit.prov))
        return self._reach[unit.prov]


def movement_lines(state: GameState, rules: StandardRules, unit: Unit,
                   board: Board | None = None) -> list[str]:
    """The standard lines for `unit` in a movement phase, unchecked (written as its
    owner would give them: a variant reads them for whoever may give them). `board`:
    the listing's, when several units' lines are made on one board."""
    board = board if board is not None else Board(state, rules)
    lines = [f"{unit} H"]
    lines += [f"{unit} - {dest}" for dest in board.dests(unit)]
    for other in board.units:
        if other is unit:
            continue
        if reaches(state, rules, unit, other.prov):
            lines.append(f"{unit} S {other}")
        for dest in board.dests(other):
            prov = dest.partition("/")[0]
            if prov != unit.prov and reaches(state, rules, unit, prov):
                lines.append(f"{unit} S {other} - {prov}")
    if unit.type == "F" and rules.can_convoy(state, unit.prov):
        lines += [f"{unit} C {army} - {prov}" for army in board.units
                  for prov in board.reach(army)]
    return lines


def destinations(state: GameState, rules: StandardRules, unit: Unit) -> list[str]:
    """Where the unit may move: its neighbours, and for an army on a coast every coast a
    chain of fleets could carry it to."""
    return Board(state, rules).dests(unit)


def _build_lines(state: GameState, rules: StandardRules, power: str) -> list[str]:
    lines = []
    for site in sorted(rules.build_sites(state, power)):
        lines.append(f"BUILD A {site}")
        if state.map.provinces[site].type == COAST:
            lines += [f"BUILD F {loc}" for loc in state.map.fleet_locations(site)]
    lines.append("WAIVE")
    return lines


def _accepted(state: GameState, rules: StandardRules, out: LegalOrders) -> LegalOrders:
    """Only the lines the judge accepts, each read alone as a player's line is."""
    out.units = {prov: accepted(state, rules, out.power, lines)
                 for prov, lines in out.units.items()}
    out.other = accepted(state, rules, out.power, list(dict.fromkeys(out.other)))
    return out


def accepted(state: GameState, rules: StandardRules, power: str,
             lines: list[str]) -> list[str]:
    """The `lines` the judge accepts from `power`, each read alone as a player's line is
    (a variant's bot policy filters its few candidates so)."""
    parser = OrderParser.for_map(state.map)

    def ok(line: str) -> bool:
        kept, rejected, _ = read_orders(state, rules, power, [line], parser)
        return bool(kept) and not rejected

    return [line for line in lines if ok(line)]
