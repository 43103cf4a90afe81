"""How a bot plays Capitalist's own lines.

- The capital phase: a list starting at a centre it holds.
- A movement phase: it keeps a third of its money in the account, offers bribes where
  one wins or saves a centre (section 5: a bribe costs only when taken), then pays its
  units that matter more than the minimum, so that a rival's small bribe does not turn
  them: a unit moving onto a centre not its power's, or standing on one of its centres
  with a rival next to it. Every other unit gets the minimum, 1 (4.6).
- An adjustment: all its votes on one line, a build on one of its own sites when it
  builds, else the removal of a unit of the power with most centres.
Every line is one the judge accepts alone; the sum of the pays and bribes is kept
within the money available, the bribes within the year's count and one a nation."""

from __future__ import annotations

import random

from gmbot.engine.choices import BotTurn
from gmbot.engine.legal import accepted, destinations
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState, Unit
from gmbot.variants.capitalist import economy as eco

KEEP = 3  # the share of its money it keeps in the account: one third
BRIBE = 4  # the bribe it offers: above the pay a bot gives a unit that matters (3)
EXTRA = 2  # the pay above the minimum it gives a unit that matters


def capitalist_bot_lines(state: GameState, rules: StandardRules, power: str, turn: BotTurn,
                         rng: random.Random) -> list[str]:
    if state.phase.kind == MOVEMENT:
        return _movement(state, rules, power, turn)
    chosen = list(turn.chosen)
    if state.phase.kind != ADJUSTMENT:
        return chosen
    legal = turn.legal
    capitals = [line for line in legal.other if line.startswith("CAPITALS ")]
    if capitals:
        held = [line for line in capitals if state.centers.get(line.split()[1]) == power]
        return [*chosen, rng.choice(held or capitals)]
    votes = [line for line in legal.other if line.startswith("VOTE ")]
    if not votes or legal.figure < 1:
        return chosen
    # "VOTE A PAR", "VOTE F STP/NC": the site is the last word's province.
    own_sites = rules.build_sites(state, power)
    builds = [line for line in votes if not line.startswith(("VOTE REMOVE ", "VOTE NO "))
              and line.split()[-1].partition("/")[0] in own_sites]
    pick = rng.choice(builds) if builds else _removal_of_leader(state, power, votes)
    return [*chosen, f"{pick} ({legal.figure})"] if pick else chosen


def _removal_of_leader(state: GameState, power: str, votes: list[str]) -> str | None:
    rivals = []
    for line in votes:
        unit = state.units.get(line.split()[-1].partition("/")[0])
        if line.startswith("VOTE REMOVE ") and unit and unit.power != power:
            rivals.append((state.centre_count(unit.power), line))
    return max(rivals)[1] if rivals else None


def _movement(state: GameState, rules: StandardRules, power: str, turn: BotTurn) -> list[str]:
    chosen = list(turn.chosen)
    money = eco.available(state, power)
    spare = money - len(chosen) - money // KEEP  # above the minimum pays and the savings
    if spare <= 0:
        return chosen
    bribes = _bribes(state, rules, power, turn, spare // BRIBE)
    spare -= BRIBE * len(bribes)
    out = []
    for line in chosen:
        if spare >= EXTRA and _matters(state, power, line):
            paid = accepted(state, rules, power, [f"{line} ({1 + EXTRA})"])
            if paid:
                out.append(paid[0])
                spare -= EXTRA
                continue
        out.append(line)
    return out + bribes


def _matters(state: GameState, power: str, line: str) -> bool:
    """A unit moving onto a centre not its power's, or on a centre of its power's that a
    rival's unit borders: a bribe that turned it would lose a centre."""
    words = line.split()
    prov = words[1].partition("/")[0]
    centres = state.map.supply_centres
    if len(words) > 3 and words[2] == "-":
        dest = words[3].partition("/")[0]
        return dest in centres and state.centers.get(dest) != power
    return prov in centres and state.centers.get(prov) == power and bool(
        _rivals_next_to(state, power, prov))


def _rivals_next_to(state: GameState, power: str, prov: str) -> list[Unit]:
    near = state.map.army_adj.get(prov, frozenset()) | state.map.fleet_prov_adj.get(
        prov, frozenset())
    return [u for p, u in sorted(state.units.items()) if p in near and u.power != power]


def _bribes(state: GameState, rules: StandardRules, power: str, turn: BotTurn,
            most: int) -> list[str]:
    """Bribes that win a centre (the rival standing where its move goes leaves it) or
    save one (a rival next to its centre holds), the capital's first; within the year's
    count, one a nation."""
    most = min(most, eco.bribe_limit(state.phase))
    if most <= 0:
        return []
    wanted: list[tuple[float, str, str]] = []  # (worth, nation, bribe line)
    cap = eco.capital(state, power)
    targets = {line.split()[3].partition("/")[0] for line in turn.chosen
               if len(line.split()) > 3 and line.split()[2] == "-"}
    for dest in sorted(targets):
        unit = state.units.get(dest)
        if unit is None or unit.power == power or dest not in state.map.supply_centres:
            continue
        away = [d for d in destinations(state, rules, unit)
                if d.partition("/")[0] not in targets and state.centers.get(
                    d.partition("/")[0]) != power]
        if away:  # where it is worth least to us: out of our way
            where = min(away, key=lambda d: (turn.values.get(d.partition("/")[0], 0.0), d))
            wanted.append((2.0, unit.power, f"BRIBE {unit} - {where}"))
    for centre in sorted(c for c, owner in state.centers.items() if owner == power):
        occupant = state.units.get(centre)
        if occupant is not None and occupant.power != power:
            continue
        for rival in _rivals_next_to(state, power, centre):
            worth = 3.0 if centre == cap else 1.0
            wanted.append((worth, rival.power, f"BRIBE {rival} H"))
    wanted.sort(key=lambda w: -w[0])  # stable: the board's order breaks ties
    out: list[str] = []
    nations: set[str] = set()
    bribed: set[str] = set()
    for _, nation, line in wanted:
        prov = line.split()[2]
        if len(out) == most or nation in nations or prov in bribed:
            continue
        if accepted(state, rules, power, [f"{line} ({BRIBE})"]):
            out.append(f"{line} ({BRIBE})")
            nations.add(nation)
            bribed.add(prov)
    return out
