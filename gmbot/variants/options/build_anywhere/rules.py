"""The option build_anywhere: one hook override."""

from __future__ import annotations

from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState


class BuildAnywhere(StandardRules):
    """Build in any owned, unoccupied supply centre, not only home centres."""

    name = "build_anywhere"

    def build_sites(self, state: GameState, power: str) -> set[str]:
        return {c for c, owner in state.centers.items() if owner == power and c not in state.units}
