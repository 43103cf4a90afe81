"""How a bot casts spells. A warlock casts only when a spell wins or saves a centre:
each candidate cast is played out against the bot's own orders and what the rivals it
sees seem to threaten (each rival unit next to one of its centres moves into it, the
others hold), and the one that gains most on the board the bot sees is cast, when it
gains at least a centre held (its unit on it, or its centre kept). The candidates are
for what that turn loses without a spell: for a move onto a centre not its own that
bounces, one or two added supports, the vaporizing of the unit standing there, a cut of
its defence's support; for a centre of its own a rival takes, its unit there made
impervious or given a support, the attacker vaporized, a cut of the attack's support.
In a winter it casts EXTRA BUILD when that keeps or builds a unit more. Each cast is
read as a player's line (uses left, the season, the units it sees), so only those the
judge accepts are weighed."""

from __future__ import annotations

from gmbot.engine.adjudicate import adjudicate
from gmbot.engine.choices import BotTurn
from gmbot.engine.legal import accepted
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState, Unit

GAIN = 1.0  # a cast must win or save a centre at least
UNIT = 0.25  # a unit kept on the board, beside the centres: breaks ties towards safety


def warlock_bot_lines(state: GameState, rules: StandardRules, power: str,
                      turn: BotTurn) -> list[str]:
    chosen = list(turn.chosen)
    if state.phase.kind == MOVEMENT:
        threats = _threats(state, rules, power)
        base = adjudicate(state, rules, {**threats, power: chosen}).after
        candidates = _movement_casts(state, power, chosen, threats, base)
        extra: list[str] = []
        least = GAIN
    elif state.phase.kind == ADJUSTMENT and "CAST EXTRA BUILD" in turn.legal.other:
        threats, candidates = {}, ["CAST EXTRA BUILD"]
        extra, least = _next_build(turn), UNIT
    else:
        return chosen
    cast = _best(state, rules, power, chosen, threats,
                 accepted(state, rules, power, candidates), extra, least)
    return chosen + cast


def _threats(state: GameState, rules: StandardRules, power: str) -> dict[str, list[str]]:
    """The rivals' lines the bot reckons with: each unit it sees next to one of its
    centres moves onto it (the first such centre in the board's order), the rest hold."""
    mine = {c for c, owner in state.centers.items() if owner == power}
    out: dict[str, list[str]] = {}
    for _, unit in sorted(state.units.items()):
        if unit.power == power or not rules.shown_to(state, unit, power):
            continue
        dests = sorted({loc for loc in rules.neighbours(state, unit)
                        if loc.partition("/")[0] in mine})
        if dests:
            out.setdefault(unit.power, []).append(f"{unit} - {dests[0]}")
    return out


def _movement_casts(state: GameState, power: str, chosen: list[str],
                    threats: dict[str, list[str]], base: GameState) -> list[str]:
    """The casts that might help where, without a spell, a move onto a centre bounces
    or a centre of its own falls to a rival (`base`: the board after that turn)."""
    centres = state.map.supply_centres
    out: list[str] = []
    for line in chosen:
        words = line.split()
        if len(words) != 4 or words[2] != "-":
            continue
        dest = words[3].partition("/")[0]
        if dest not in centres or state.centers.get(dest) == power or _ours(base, power, dest):
            continue
        out += [f"CAST ADD 1 SUPPORT {line}", f"CAST ADD 2 SUPPORTS {line}",
                f"CAST CUT SUPPORT DEFENCE {dest}"]
        there = state.units.get(dest)
        if there is not None and there.power != power:
            out.append(f"CAST VAPORIZE {there}")
    for lines in threats.values():
        for line in lines:
            attacker, _, dest = line.partition(" - ")
            prov = dest.partition("/")[0]
            rival = base.units.get(prov)
            if rival is None or rival.power == power:
                continue  # the centre stays its own without a spell
            out += [f"CAST VAPORIZE {attacker}", f"CAST CUT SUPPORT ATTACK {prov}"]
            own: Unit | None = state.units.get(prov)
            if own is not None and own.power == power:
                out += [f"CAST POWER IMPERVIOUS {own}", f"CAST ADD 1 SUPPORT {own} H"]
    return list(dict.fromkeys(out))


def _ours(board: GameState, power: str, prov: str) -> bool:
    unit = board.units.get(prov)
    return unit is not None and unit.power == power


def _next_build(turn: BotTurn) -> list[str]:
    """A build more on a site the chosen builds leave free, for an EXTRA BUILD."""
    used = {line.split()[-1].partition("/")[0] for line in turn.chosen
            if line.startswith("BUILD ")}
    if turn.legal.builds <= 0:
        return []
    free = [line for line in turn.legal.other if line.startswith("BUILD ")
            and line.split()[-1].partition("/")[0] not in used]
    return free[:1]


def _best(state: GameState, rules: StandardRules, power: str, chosen: list[str],
          threats: dict[str, list[str]], casts: list[str], extra: list[str],
          least: float) -> list[str]:
    """The cast (with the lines it needs) that gains most, at least `least`; or none."""
    if not casts:
        return []
    base = _score(state, rules, power, {**threats, power: chosen})
    best, pick = least, list[str]()
    for cast in casts:
        gain = _score(state, rules, power, {**threats, power: [*chosen, *extra, cast]}) - base
        if gain >= best + (0 if not pick else 1e-9):
            best, pick = gain, [*extra, cast]
    return pick


def _score(state: GameState, rules: StandardRules, power: str,
           orders: dict[str, list[str]]) -> float:
    """What the board is worth to `power` after these orders: the centres it holds (its
    unit on one, or its own centre with no rival on it), and a little for each unit."""
    result = adjudicate(state, rules, orders)
    if any(r.power == power for r in result.rejected):
        return float("-inf")  # a cast that spoils its own orders is never chosen
    after = result.after
    held = 0
    for centre in after.map.supply_centres:
        unit = after.units.get(centre)
        if unit is not None:
            held += unit.power == power
        else:
            held += after.centers.get(centre) == power
    units = sum(1 for u in after.units.values() if u.power == power)
    return held + UNIT * units
