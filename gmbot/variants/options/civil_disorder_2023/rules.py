"""The option civil_disorder_2023: its removals, and the words that tell them."""

from __future__ import annotations

from gmbot.engine.map import province_of
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState, Unit


class CivilDisorder2023(StandardRules):
    """Civil disorder by the 2023 rulebook (DATC v3.0's preference): units on supply
    centres go last; then farthest from an owned centre counting every border whatever
    the unit type; fleets before armies; then alphabetically by province name."""

    name = "civil_disorder_2023"

    def disband_priority(self, state: GameState, power: str) -> list[Unit]:
        owned = frozenset(c for c, o in state.centers.items() if o == power)
        gmap = state.map
        dist = gmap.distances_from(owned, army=True, any_border=True)
        far = 10**6

        def key(u: Unit) -> tuple[bool, int, bool, str]:
            on_centre = province_of(u.loc) in gmap.supply_centres
            return (on_centre, -dist.get(u.prov, far), u.type != "F", gmap.provinces[u.prov].name)

        return sorted(state.units_of(power), key=key)

    def disorder_removals(self, state: GameState, key: str) -> str:
        return ("by the 2023 rulebook: units on supply centres last, the others farthest "
                "from any centre it owns first")
