"""How a bot plays Arpiesse's colours. A colour is worth what it beats near a unit: each
rival unit within two moves counts for the colour that is superior to it and against the
one it is superior to (an inferior attack fails whatever its strength), the nearer the
more. A build takes the colour worth most at its site (ties: the colour its power has
fewest of, so that its units can lend each other a superior colour). In a movement
phase a unit does not attack a rival unit whose colour beats its own (that attack fails
whatever its strength): it supports another of its power's moves, or holds. Two of its
own units exchange colours when both together gain, by that worth, at least `PAYS` more
than they give up: the exchange is each unit's order, so it costs a hold or a support
nothing, a move that takes no centre `MOVE`, and a move onto a centre is never given up.
Each line is one the judge accepts alone."""

from __future__ import annotations

from collections import Counter

from gmbot.engine.choices import BotTurn
from gmbot.engine.legal import accepted
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState, Unit
from gmbot.variants.arpiesse.colours import COLOURS, beats, colour_of
from gmbot.variants.arpiesse.orders import exchange_valid

NEAR = 2  # moves within which a rival's colour counts
PAYS = 1.5  # what an exchange must gain: more than a lone neighbour's colour (1)
MOVE = 0.5  # what giving up a move that takes no centre costs an exchange


def arpiesse_bot_lines(state: GameState, rules: StandardRules, power: str,
                       turn: BotTurn) -> list[str]:
    if state.phase.kind == ADJUSTMENT:
        return _coloured_builds(state, power, turn.chosen)
    if state.phase.kind == MOVEMENT:
        return _exchanges(state, rules, power, _no_inferior_attacks(state, power, turn))
    return list(turn.chosen)


def _no_inferior_attacks(state: GameState, power: str, turn: BotTurn) -> list[str]:
    """The chosen lines, a move on a rival unit whose colour beats the mover's (an
    inferior attack fails whatever its strength) made a support of another of its moves,
    or a hold."""
    moves = {line for line in turn.chosen if _move_dest(line)}
    out = []
    for line in turn.chosen:
        dest = _move_dest(line)
        mover = state.units.get(line.split()[1].partition("/")[0])
        there = state.units.get(dest) if dest else None
        if (mover is None or there is None or there.power == power
                or not beats(colour_of(there), colour_of(mover))):
            out.append(line)
            continue
        stays = turn.legal.units.get(mover.prov, [])
        supports = [s for s in stays if " S " in s and s.split(" S ", 1)[1] in moves - {line}]
        holds = [s for s in stays if s.endswith(" H")]
        out.append((supports or holds or [line])[0])
    return out


def _move_dest(line: str) -> str | None:
    words = line.split()
    return words[3].partition("/")[0] if len(words) == 4 and words[2] == "-" else None


def colour_worth(state: GameState, power: str, prov: str) -> dict[str, float]:
    """Each colour's worth to a unit of `power` at `prov`: the rival units near it that
    it beats, less those that beat it, a nearer one counting more."""
    dist = state.map.distances_from(frozenset((prov,)), army=True, any_border=True)
    worth = dict.fromkeys(COLOURS, 0.0)
    for where, unit in state.units.items():
        d = dist.get(where.partition("/")[0])
        if unit.power == power or d is None or d > NEAR:
            continue
        rival = colour_of(unit)
        for colour in COLOURS:
            worth[colour] += (beats(colour, rival) - beats(rival, colour)) / max(d, 1)
    return worth


def _coloured_builds(state: GameState, power: str, chosen: list[str]) -> list[str]:
    have = Counter(colour_of(u) for u in state.units_of(power))
    out = []
    for line in chosen:
        words = line.split()
        if words[0] != "BUILD":
            out.append(line)
            continue
        worth = colour_worth(state, power, words[-1].partition("/")[0])
        best = max(COLOURS, key=lambda c: (worth[c], -have[c], -COLOURS.index(c)))
        have[best] += 1
        unit = words[2:] if words[1].lower() in COLOURS else words[1:]
        out.append(" ".join(["BUILD", best.upper(), *unit]))
    return out


def _exchanges(state: GameState, rules: StandardRules, power: str,
               chosen: list[str]) -> list[str]:
    given_up: dict[str, tuple[int, Unit, float]] = {}  # prov -> (line, unit, cost)
    for i, line in enumerate(chosen):
        words = line.split()
        unit = state.units.get(words[1].partition("/")[0]) if len(words) > 2 else None
        if unit is None or unit.power != power:
            continue
        if words[2] in ("H", "S"):
            given_up[unit.prov] = (i, unit, 0.0)
        elif words[2] == "-" and words[3].partition("/")[0] not in state.map.supply_centres:
            given_up[unit.prov] = (i, unit, MOVE)  # a move onto a centre is never given up
    pairs = []
    for a_prov, (i, a, cost_a) in sorted(given_up.items()):
        for b_prov, (j, b, cost_b) in sorted(given_up.items()):
            if a_prov >= b_prov or colour_of(a) == colour_of(b):
                continue
            gain = _gain(state, power, a, b) - cost_a - cost_b
            if gain >= PAYS and exchange_valid(state, rules, a, b):
                pairs.append((-gain, a_prov, b_prov, i, j, a, b))
    out = list(chosen)
    used: set[str] = set()
    for _, a_prov, b_prov, i, j, a, b in sorted(pairs, key=lambda p: p[:3]):
        if a_prov in used or b_prov in used:
            continue
        lines = accepted(state, rules, power, [f"{a} X {b}", f"{b} X {a}"])
        if len(lines) == 2:
            out[i], out[j] = lines
            used |= {a_prov, b_prov}
    return out


def _gain(state: GameState, power: str, a: Unit, b: Unit) -> float:
    wa = colour_worth(state, power, a.prov)
    wb = colour_worth(state, power, b.prov)
    ca, cb = colour_of(a), colour_of(b)
    return wa[cb] + wb[ca] - wa[ca] - wb[cb]
