"""How a bot plays the court of Al-Andalus in a movement phase. A Prince TAKEs a Wazir
he holds captive (a TAKE beats a HIRE), else, with no Wazir at his court, HIREs a free
one; his pay is the holds his units happen to play. A free Wazir goes to the court of
the Prince with most centres. The units a Wazir orders are played as any bot's are.
Each line is one the judge accepts alone."""

from __future__ import annotations

import random

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
