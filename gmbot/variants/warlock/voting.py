"""Who votes on how a Warlock game ends: "Warlocks who are out of the game but have not
cast their undead spells yet still have a vote in any game ending decision"."""

from __future__ import annotations

from gmbot.engine.state import GameState
from gmbot.variants.warlock.casting import UNDEAD_YEARS
from gmbot.variants.warlock.spells import spells_left


def awaiting_undead(state: GameState) -> list[str]:
    """The warlocks with no centre and no unit who may still cast UNDEAD: a Spring left
    to cast it in (casting.py: within UNDEAD_YEARS years of the fall), not in purgatory,
    the spell unspent. Such a warlock is out of the draw but keeps his vote; once the
    spell expired unused, he has none."""
    out = []
    for power in state.powers:
        attrs = state.power_attrs.get(power, {})
        fallen = attrs.get("fallen")
        if (state.is_alive(power) or fallen is None or attrs.get("purgatory")
                or _expired(state, int(fallen))):
            continue
        if spells_left(attrs)["undead"] > 0:
            out.append(power)
    return out


def _expired(state: GameState, fallen: int) -> bool:
    """Whether no Spring is left to cast UNDEAD in (the last is the Spring UNDEAD_YEARS
    after the fall): from the Fall of that year the spell has expired, and so his vote."""
    last = fallen + UNDEAD_YEARS
    return state.phase.year > last or (state.phase.year == last and state.phase.season != "S")
