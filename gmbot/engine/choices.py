"""One power's legal choices as a record (filled by gmbot/engine/legal.py). A module of
its own so that the hooks (engine/hooks/), which the lister reaches through the order
checker, can name it without an import circle. `BotTurn` is what a bot hands a variant's
policy (the `bot_lines` hook)."""

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


@dataclass
class BotTurn:
    """A bot's choice as it hands it to the variant's policy: the legal orders it chose
    from, the lines it chose (its units' standard orders, its builds or removals), and
    what each province is worth to the power by the bot's heuristic (so a policy weighs
    its candidates as the bot weighs its moves)."""

    legal: LegalOrders
    chosen: list[str]
    values: dict[str, float] = field(default_factory=dict)
