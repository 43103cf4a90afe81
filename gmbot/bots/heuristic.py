"""A bot that plays sensibly: each unit goes where the board is worth most to its power
(`values.py`), no two of its units to one province, a unit that stays supports a
neighbour's attack or a threatened hold, retreats go where they are worth most, builds
where the power needs them, removals where it needs them least. Every line is chosen
from the legal orders (`gmbot.engine.legal`), so the judge accepts it. Seeded: the same
seed and position give the same orders; the noise only breaks near ties."""

from __future__ import annotations

import random

from gmbot.bots.values import province_values
from gmbot.engine.choices import BotTurn
from gmbot.engine.legal import LegalOrders, legal_orders
from gmbot.engine.map import COAST
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, GameState

NOISE = 0.05  # the share of a value that chance may add: breaks ties, varies play
STAY = 0.6  # a unit's own province's worth to it: moving must be worth more


def bot_orders(state: GameState, rules: StandardRules, power: str, seed: str) -> list[str]:
    """The bot's order lines for `power` this phase."""
    rng = random.Random(f"{seed}:{state.phase}:{power}")
    # It plays no variant command in a movement phase (yet): their listing, Warlock's
    # casts above all, would cost more than the rest of its choice.
    legal = legal_orders(state, rules, power, commands=state.phase.kind != MOVEMENT)
    if not legal.lines() and state.phase.kind != MOVEMENT:
        return []  # in a movement phase the variant's policy may still have lines to give
    values = province_values(state, power)
    kind = state.phase.kind
    if kind == MOVEMENT:
        chosen = _movement(state, legal, values, rng)
    elif kind == RETREAT:
        chosen = _retreats(legal, values, rng)
    else:
        assert kind == ADJUSTMENT
        chosen = _adjustments(state, legal, values, rng)
    # The variant plays its own part (the bot names no variant): pays, casts, colours...
    return rules.bot_lines(state, power, BotTurn(legal, chosen, values), rng)


def _worth(values: dict[str, float], loc: str, rng: random.Random) -> float:
    value = values.get(loc.partition("/")[0], 0.0)
    return value * (1 + NOISE * rng.random())


def _dest(line: str) -> str | None:
    """The province a move line goes to ("A PAR - BUR"), None for other lines."""
    head, sep, dest = line.partition(" - ")
    if not sep or " S " in head or " C " in head:
        return None
    return dest.split()[0].partition("/")[0]


def _movement(state: GameState, legal: LegalOrders, values: dict[str, float],
              rng: random.Random) -> list[str]:
    # Each unit's best move, greedily: the units with most to gain choose first.
    choice: dict[str, str] = {}
    taken: set[str] = set()
    wishes = []
    for prov, lines in legal.units.items():
        stay = values.get(prov, 0.0) * STAY + _own_centre_bonus(state, legal.power, prov)
        moves = [(_worth(values, d, rng), line) for line in lines
                 if (d := _dest(line)) is not None]
        moves.sort(reverse=True)
        wishes.append((moves[0][0] - stay if moves else -1.0, prov, stay, moves))
    wishes.sort(reverse=True)
    for _, prov, stay, moves in wishes:
        for worth, line in moves:
            dest = _dest(line)
            if worth > stay and dest not in taken and dest not in choice:
                choice[prov] = line
                taken.add(str(dest))
                break
        else:
            taken.add(prov)
    return [_support_or(prov, lines, choice, taken) for prov, lines in legal.units.items()]


def _own_centre_bonus(state: GameState, power: str, prov: str) -> float:
    """Staying on a centre not yet its power's takes it in the fall."""
    if prov in state.map.supply_centres and state.centers.get(prov) != power:
        return 2.0 if state.phase.season == "F" else 0.5
    return 0.0


def _support_or(prov: str, lines: list[str], choice: dict[str, str], taken: set[str]) -> str:
    """The unit's move, or a support of one of its power's moves, or a hold."""
    if prov in choice:
        return choice[prov]
    # A support line names the move as "A PAR - BUR": the mover and the province.
    supported = {f"{line.split(' - ')[0]} - {_dest(line)}" for line in choice.values()}
    for line in lines:
        if " S " in line and line.split(" S ", 1)[1] in supported:
            return line
    return lines[0]  # the hold


def _retreats(legal: LegalOrders, values: dict[str, float], rng: random.Random) -> list[str]:
    out = []
    for lines in legal.units.values():
        retreats = [(_worth(values, line.rsplit(" ", 1)[1], rng), line)
                    for line in lines if " R " in line]
        out.append(max(retreats)[1] if retreats else lines[-1])
    return out


def _adjustments(state: GameState, legal: LegalOrders, values: dict[str, float],
                 rng: random.Random) -> list[str]:
    if legal.builds < 0:
        # Remove where the board is worth least to the power.
        # A variant may list no removal line (Capitalist's removals are voted on).
        ranked = sorted(((p, ls) for p, ls in legal.units.items() if ls),
                        key=lambda kv: _worth(values, kv[0], rng))
        return [lines[0] for _, lines in ranked[: -legal.builds]]
    sites: dict[str, list[str]] = {}
    for line in legal.other:
        if line.startswith("BUILD "):
            sites.setdefault(build_site(line), []).append(line)
    ranked_sites = sorted(sites, key=lambda s: _worth(values, s, rng), reverse=True)
    return [rng.choice(_unit_for(state, site, sites[site], values))
            for site in ranked_sites[: legal.builds]]


def build_site(line: str) -> str:
    """The province a build line names: its last word ("BUILD RED F STP/NC")."""
    return line.split()[-1].partition("/")[0]


def _unit_for(state: GameState, site: str, lines: list[str],
              values: dict[str, float]) -> list[str]:
    """The build lines of an army, or of a fleet where the seas beside the site are worth
    more than the land (a variant may give several forms of each, e.g. colours)."""
    fleets = [line for line in lines if "F" in line.split()[1:-1]]
    armies = [line for line in lines if line not in fleets]
    if not fleets or state.map.provinces[site].type != COAST:
        return armies or lines
    near = state.map.fleet_prov_adj.get(site, ())
    sea = sum(values.get(p, 0.0) for p in near if state.map.is_sea(p))
    land = sum(values.get(p, 0.0) for p in state.map.army_adj.get(site, ()))
    return fleets if sea > land or not armies else armies
