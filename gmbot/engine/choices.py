"""One power's legal choices as a record (filled by gmbot/engine/legal.py). A module of
its own so that the hooks (engine/hooks.py), which the lister reaches through the order
checker, can name it without an import circle."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class LegalOrders:
    """One power's choices: per unit (by province) the lines for it, and the lines that
    name no unit of the board (builds, waives, a variant's commands)."""

    power: str
    units: dict[str, list[str]] = field(default_factory=dict)
    other: list[str] = field(default_factory=list)
    builds: int = 0  # builds (+) or removals (-) due, in an adjustment phase
    figure: int = 0  # the highest figure "(N)" a line may carry; 0: none

    def lines(self) -> list[str]:
        return [line for lines in self.units.values() for line in lines] + self.other
