"""A position in a line's tokens, and the readings of a line tried over it: the order
grammars' (grammar.py) and the variants' own read a line piece by piece through a
`Cursor`, with `OrderParser.read_unit` and `read_place` (parse.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from gmbot.engine.orders import OrderError

# How many readings of one line's place names are tried at most (see `read_all`).
_MAX_READINGS = 64

T = TypeVar("T")


@dataclass
class Cursor:
    """A position in a line's tokens. With `OrderParser.read_unit` and `read_place` it is
    the parser's public piece-by-piece API, used by the variants' own grammars."""

    toks: list[str]
    i: int = 0
    # Backtracking over place names ("RUH R BEL": Ruhr, or RUH then R?): `caps` bounds how
    # many words the name starting at a token may take; `forks` records where this reading
    # took a name that a shorter run of words also spells, as (start, words taken).
    caps: dict[int, int] = field(default_factory=dict)
    forks: list[tuple[int, int]] = field(default_factory=list)
    # The province of the unit this reading reads the line as the order for, once a grammar
    # has read it (grammar.py): a refusal of the reading names it (OrderError.unit).
    unit: str | None = None

    def peek(self, k: int = 0) -> str | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def take(self) -> str:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def done(self) -> bool:
        return self.i >= len(self.toks)


def read_all(toks: list[str], grammar: Callable[[Cursor], T]) -> T:
    """`grammar` read over the whole of `toks`. Place names are read longest first; where
    a shorter run of words also names a place (RUH R: "Ruhr", or RUH and the order word
    R), the shorter readings are tried too when the longer one does not make a whole
    valid line, so a name never swallows the order word after it.

    A line no reading accepts gets the reason of the reading tried last, the one with
    the names split the most: a player who wrote a name apart (RUH R) meant the parts."""
    pending: list[dict[int, int]] = [{}]
    last: OrderError | None = None
    for _ in range(_MAX_READINGS):
        if not pending:
            break
        caps = pending.pop()
        cur = Cursor(toks, caps=caps)
        try:
            result = grammar(cur)
            if cur.done():
                return result
            raise OrderError(f"did not understand {' '.join(toks[cur.i:])!r} at the end")
        except OrderError as e:
            if e.unit is None:
                e.unit = cur.unit
            last = e
        # Each fork read one word shorter, the later forks first; the names before a
        # fork keep the length this reading gave them.
        for k, (start, taken) in enumerate(cur.forks):
            before = {s: n for s, n in caps.items() if s < start}
            pending.append({**before, **dict(cur.forks[:k]), start: taken - 1})
    assert last is not None
    raise last
