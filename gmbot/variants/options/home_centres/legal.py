"""The home-centre orders a power may give in a winter (for the engine's legal orders):
ASSIMILATE of a centre it controls that is not a home, ABANDON of a home; the option's
own reading of each line keeps only those its rules allow."""

from __future__ import annotations

from gmbot.engine.state import ADJUSTMENT, GameState


def home_centre_lines(state: GameState, power: str) -> list[str]:
    if state.phase.kind != ADJUSTMENT:
        return []
    homes = set(state.homes.get(power, ()))
    owned = sorted(c for c, owner in state.centers.items() if owner == power)
    return ([f"ASSIMILATE {c}" for c in owned if c not in homes]
            + [f"ABANDON {h}" for h in sorted(homes)])
