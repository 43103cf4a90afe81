"""How a bot plays the court of Al-Andalus in a movement phase. A Prince TAKEs a Wazir
he holds captive (a TAKE beats a HIRE), else, with no Wazir at his court, HIREs a free
one. A Prince with a Wazir (or hiring one) pays him on purpose: a Wazir earns a dinar for
each of his Prince's units that holds, so at least one unit holds each season, the one
that gives up least (one that held anyway, else a support of a move that wins no
centre, else the move worth least to him that wins none); a move onto a centre is never
given up for the pay. A free Wazir goes to the court of the Prince with most centres.
The units a Wazir orders are played as any bot's are. Each line is one the judge
accepts alone."""

from __future__ import annotations

import random

from gmbot.engine.choices import BotTurn
from gmbot.engine.state import MOVEMENT, GameState
from gmbot.variants.al_andalus.court import Court


def court_choice(state: GameState, power: str, rng: random.Random) -> list[str]:
    """The candidate court lines, at most one, before the judge's reading filters them."""
    if state.phase.kind != MOVEMENT:
        return []
    court = Court.of(state)
    if power in state.map.powers:
        taken = sorted(k for k, captor in court.captives.items() if captor == power)
        if taken:
            return [f"TAKE {taken[0]}"]
        if court.wazir_of(power) is not None:
            return []
        free = sorted(k for k, w in court.wazirs.items()
                      if court.active(k) and w.court is None)
        return [f"HIRE {rng.choice(free)}"] if free else []
    wazir = court.wazirs.get(power)
    if wazir is None or wazir.court is not None or not court.active(power):
        return []
    leader = max(sorted(state.map.powers), key=state.centre_count)
    return [f"GO TO COURT {leader}"]


def paying(state: GameState, power: str, turn: BotTurn, hiring: bool) -> list[str]:
    """The Prince's unit lines with one of them a hold when he has a Wazir to pay (or
    hires one now) and none holds yet."""
    chosen = list(turn.chosen)
    court = Court.of(state)
    if state.phase.kind != MOVEMENT or power not in state.map.powers or not (
            hiring or court.wazir_of(power) is not None):
        return chosen
    if any(line.endswith(" H") for line in chosen):
        return chosen  # a unit holds already: the Wazir is paid
    centres = state.map.supply_centres
    costs = []
    for i, line in enumerate(chosen):
        dest = _goal(line)
        if dest in centres and state.centers.get(dest) != power:
            continue  # a centre to win is worth more than a dinar
        moving = " S " not in line and " C " not in line
        costs.append((moving, turn.values.get(dest or "", 0.0), i))
    if not costs:
        return chosen
    i = min(costs)[2]
    prov = chosen[i].split()[1].partition("/")[0]
    hold = next((line for line in turn.legal.units.get(prov, []) if line.endswith(" H")), None)
    if hold is not None:
        chosen[i] = hold
    return chosen


def _goal(line: str) -> str | None:
    """The province a line's move goes to, its own or the supported one's."""
    head, sep, dest = line.rpartition(" - ")
    return dest.split()[0].partition("/")[0] if sep else None
