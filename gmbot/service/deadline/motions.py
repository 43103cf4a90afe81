"""What a vote may be for: a draw (of all survivors or of named powers), a concession to
one power, the game's cancelling. Apart from the counting of votes (ballot.py), so that the
command table reads VOTE's words (votes/motion.py) without importing the end of a game: the
pipe's worker imports what one mail needs (benchmarks/instructions.py asked for it)."""

from __future__ import annotations

from dataclasses import dataclass

DRAW, CONCEDE, CANCEL = "draw", "concede", "cancel"


@dataclass(frozen=True)
class Motion:
    """What a vote is for. `powers`: a named draw's powers (sorted), or the one conceded
    to; a draw naming none is a draw of all survivors, whoever they are when it passes."""

    kind: str
    powers: tuple[str, ...] = ()

    def text(self) -> str:
        if self.kind == DRAW:
            return (f"a draw of {', '.join(self.powers)}" if self.powers
                    else "a draw of all survivors")
        if self.kind == CONCEDE:
            return f"conceding the game to {self.powers[0]}"
        return "cancelling the game"

    def settled(self, survivors: list[str]) -> Motion:
        """The outcome it stands for now: a draw of all survivors names them, so that it
        and a named draw of exactly the survivors are the same vote."""
        if self.kind == DRAW:
            return Motion(DRAW, tuple(sorted(self.powers or survivors)))
        return self
