"""Who votes on how a Warlock game ends: "Warlocks who are out of the game but have not
cast their undead spells yet still have a vote in any game ending decision"."""

from __future__ import annotations

from gmbot.engine.state import GameState
from gmbot.variants.warlock.casting import UNDEAD_YEARS
from gmbot.variants.warlock.spells import spells_left


def awaiting_undead(state: GameState) -> list[str]:
    """The warlocks with no centre and no unit who may still cast UNDEAD: fallen less than
    UNDEAD_YEARS years ago (as casting.py counts them), not in purgatory, the spell
    unspent. Such a warlock is out of the draw but keeps his vote."""
    out = []
    for power in state.powers:
        attrs = state.power_attrs.get(power, {})
        fallen = attrs.get("fallen")
        if (state.is_alive(power) or fallen is None or attrs.get("purgatory")
                or state.phase.year > int(fallen) + UNDEAD_YEARS):
            continue
        if spells_left(attrs)["undead"] > 0:
            out.append(power)
    return out
