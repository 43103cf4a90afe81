"""The sequence hooks: the phase after a phase, when centres change owner, when a winter
is played, and how a game ends (draws, votes, a seat's first claim, the solo winner)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gmbot.engine.state import GameState, Phase


class SequenceHooks:
    """The order of phases and the end of the game (standard: the rulebook's)."""

    options: dict[str, Any]  # the game's options (see Rules.__init__)

    def next_phase(self, phase: Phase) -> Phase:
        """The phase after `phase`, before skipping phases with nothing to do."""
        # By index (Phase.make looks the letters up): every phase passes here twice or more.
        year, season, kind = phase.year, phase.season_index, phase.kind_index
        if kind == 0:  # movement -> its retreats
            return Phase(year, season, 1)
        if kind == 1:  # retreats -> fall moves or winter adjustments
            return Phase(year, 1, 0) if season == 0 else Phase(year, 2, 2)
        return Phase(year + 1, 0, 0)

    def captures_centres(self, phase: Phase) -> bool:
        """Centres change owner after the Fall moves and retreats."""
        return phase.season == "F"

    def winter_choices(self, state: GameState) -> bool:
        """Whether the rules give some power an order to choose in the winter `state`
        opens besides builds and removals (an option's home-centre changes): the winter
        is then played even when nobody builds or removes. Standard: no such order."""
        return False

    def draw_lines(self, state: GameState) -> list[str]:
        """What the rules add when the GM declares a draw in `state` (a variant ranks its
        role players...). Standard: nothing; the surviving powers share the draw."""
        return []

    def draw_powers(self, state: GameState) -> list[str]:
        """The powers that share a draw of all survivors in `state`, and the only ones a
        named draw or a concession may name. Standard: the surviving powers, those that
        own a centre or a unit (all of them before the board is set: GameState.in_game)."""
        return [p for p in state.powers if state.in_game(p)]

    def first_claim(self, state: GameState, key: str) -> str | None:
        """The player (a key) to whom the seat of `key`, left by its player, is offered
        before anyone else, if the rules name one. Standard: nobody."""
        return None

    def voters(self, state: GameState) -> list[str]:
        """Who votes on how the game ends in `state` (a draw, a concession, its
        cancellation): a vote passes when every one of them votes alike. Keys of powers
        or of role players. Standard: the surviving powers."""
        return self.draw_powers(state)

    def solo_threshold(self, state: GameState) -> int:
        return int(self.options.get("solo", state.map.solo))

    def winner(self, state: GameState) -> str | None:
        need = self.solo_threshold(state)
        if not need:
            return None
        counts = Counter(state.centers.values())  # one pass, not one per power
        if max(counts.values(), default=0) < need:
            return None  # mostly: no power has enough
        for power in state.powers:
            if counts[power] >= need:
                return power
        return None
