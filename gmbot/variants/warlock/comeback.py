"""What a warlock out of the game reads of his way back: with no centre and no unit his
one spell is UNDEAD, in a Spring until the third year after his fall; the unit it raises
must take a centre by the Fall (after.py) or he goes to purgatory. The trial of issue 32
found a fallen Italy told "nothing to order" and every spell "1 of 1 left"."""

from __future__ import annotations

from gmbot.engine.state import GameState
from gmbot.variants.warlock.casting import UNDEAD_YEARS
from gmbot.variants.warlock.voting import awaiting_undead


def comeback_lines(state: GameState, viewer: str) -> list[str]:
    """The lines of `viewer`'s own section on UNDEAD: the spell he may still cast, the
    centre his undead unit must take, or purgatory."""
    attrs = state.power_attrs.get(viewer, {})
    if attrs.get("purgatory"):
        return ["Your undead unit took no centre: you are in Warlock purgatory, out of the "
                "game for good, and cast no more spells."]
    if attrs.get("undead") == state.phase.year and state.phase.season != "W":
        raised = ", ".join(str(u) for u in state.units_of(viewer)) or "your undead unit"
        return [f"{raised}: your undead unit must take a centre by the end of Fall "
                f"{state.phase.year}, or you go to purgatory, out of the game for good."]
    if viewer not in awaiting_undead(state):
        return []
    last = int(attrs["fallen"]) + UNDEAD_YEARS
    return [f"You have no centre and no unit left: of your spells you may cast only UNDEAD "
            f"now, in a Spring until Spring {last} (CAST UNDEAD ARMY or CAST UNDEAD FLEET): "
            f"the unit appears on an empty province; the others wait until you have a unit."]


def castable(state: GameState, viewer: str) -> list[str] | None:
    """The spells `viewer` may cast at all now (their words): None for all his spells left,
    UNDEAD alone while he is out of the game, none in purgatory."""
    if state.power_attrs.get(viewer, {}).get("purgatory"):
        return []
    return ["UNDEAD"] if viewer in awaiting_undead(state) else None
