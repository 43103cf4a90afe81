"""The tolerant order parser: one line of text to a typed order.

Parsing knows the map (names, coasts) and the phase kind, not the board: whether the unit
is there and the move is legal is decided by `check.py`. Errors are `OrderError`s whose
message is the reason the player reads. A line in the canonical notation takes the fast
path (fast_orders.py); any other is tokenized (order_tokens.py) and read by its phase's
grammar (grammar.py) over a `Cursor` (cursor.py), in the words of order_words.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from gmbot.engine.cursor import Cursor
from gmbot.engine.cursor import read_all as _read_all
from gmbot.engine.fast_orders import FastPath
from gmbot.engine.grammar import adjustment, movement, retreat
from gmbot.engine.map import GameMap
from gmbot.engine.order_tokens import Tokenizer
from gmbot.engine.order_words import (
    BUILD_WORDS,
    COAST_WORDS,
    DISBAND_WORDS,
    RETREAT_WORDS,
    UNIT_ARTICLES,
    UNIT_PLACE_WORDS,
    UNIT_WORDS,
)
from gmbot.engine.orders import Order, OrderError
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT

# How many orders `parse_shared` keeps (then it starts again).
_MAX_SHARED = 50000
# How many orders `try_parse` keeps for the `parse` to come.
_MAX_TRIED = 256
# How many lines' tokens `tokens` keeps.
_MAX_TOKENS = 4096

T = TypeVar("T")


class OrderParser:
    """Parses order lines for one map. Variant grammars come first through the rules hook."""

    @classmethod
    def for_map(cls, game_map: GameMap) -> OrderParser:
        """The map's parser, built once and kept on the map: building one indexes every
        name of the map. A parser keeps no state between lines."""
        parser = game_map.derived.get("_order_parser")
        if parser is None:
            parser = game_map.derived["_order_parser"] = cls(game_map)
        return parser

    def __init__(self, game_map: GameMap) -> None:
        self.map = game_map
        self._shared: dict[tuple[str, str, str], Order] = {}  # see parse_shared
        self._tried: dict[tuple[str, str, str], Order] = {}  # see try_parse
        self._tokens: dict[str, tuple[str, ...]] = {}  # see tokens
        fast = FastPath(game_map)
        # Bound once: the fast path is asked of nearly every line.
        self._fast: Callable[[str, str, str], Order | None] = fast.read
        # A unit written exactly like 'A PAR' or 'F STP/SC': its type and location as
        # `read_unit` reads them, without the tokenizer; None for any other spelling.
        self.plain_unit: Callable[[str], tuple[str, str] | None] = fast.plain_unit
        tokenizer = Tokenizer(game_map)
        self._tokenize = tokenizer.split
        self._name_at = tokenizer.name_at
        self.max_words = tokenizer.max_words

    # -- entry point ------------------------------------------------------------------

    def parse_shared(self, line: str, power: str, kind: str = MOVEMENT) -> Order:
        """`parse`, giving the same order object for the same line, power and phase kind
        each time (orders are frozen values; a judge reads the same lines over and over).
        Only for callers that never tell two orders apart by identity: `merge_orders` does
        (a mail's orders from the earlier ones), one phase's adjudication does not."""
        key = (line, power, kind)
        order = self._shared.get(key)
        if order is None:
            # `parse`'s fast path called directly: most new lines take it.
            order = self._fast(line.strip(), power, kind) or self.parse(line, power, kind)
            if len(self._shared) >= _MAX_SHARED:
                self._shared.clear()
            self._shared[key] = order
        return order

    def try_parse(self, line: str, power: str, kind: str = MOVEMENT) -> bool:
        """Whether `parse` reads the line. The order read is kept for the next `parse` of
        the same line, power and phase kind, which is given it (once, so every `parse`
        still gives an object of its own): a mail's lines are tried as orders, then read
        as orders, and the second parse was most of the cost of reading an orders mail's
        lines (benchmarks/ingest.py asked). Parsing depends on nothing else."""
        try:
            order = self.parse(line, power, kind)
        except OrderError:
            return False
        if len(self._tried) >= _MAX_TRIED:
            self._tried.clear()  # lines tried and never read (a CLEAR mail's)
        self._tried[line, power, kind] = order
        return True

    def parse(self, line: str, power: str, kind: str = MOVEMENT) -> Order:
        if self._tried:
            tried = self._tried.pop((line, power, kind), None)
            if tried is not None:
                return tried
        text = line.strip()
        fast = self._fast(text, power, kind)
        if fast is not None:
            return fast
        toks = self.tokens(text)
        if not toks:
            raise OrderError("empty order")
        if kind == ADJUSTMENT:
            return _read_all(toks, lambda cur: adjustment(self, cur, power))
        if kind == RETREAT:
            return _read_all(toks, lambda cur: retreat(self, cur, power))
        return _read_all(toks, lambda cur: movement(self, cur, power))

    def read_all(self, toks: list[str], grammar: Callable[[Cursor], T]) -> T:
        """`grammar` read over the whole of `toks`, each reading of its place names tried
        (cursor.py's `read_all`): a variant's own grammar's entry point."""
        return _read_all(toks, grammar)

    def unit_prov(self, line: str) -> str | None:
        """Best effort: the province of the unit a (possibly bad) order line is about."""
        cur = Cursor(self.tokens(line))
        while (cur.peek() in BUILD_WORDS or cur.peek() in DISBAND_WORDS
               or cur.peek() in RETREAT_WORDS):
            cur.take()
        try:
            return self.read_unit(cur)[1].split("/")[0]
        except OrderError:
            return None

    def tokens(self, text: str) -> list[str]:
        """The line's words as the grammar reads them. Kept by text (a new list each
        time): a line is tokenized when tried as an order, when parsed, and when its shape
        is asked, and signatures and greetings recur in every mail of a player
        (benchmarks/ingest.py asked)."""
        kept = self._tokens.get(text)
        if kept is None:
            if len(self._tokens) >= _MAX_TOKENS:
                self._tokens.clear()
            kept = self._tokens[text] = tuple(self._tokenize(text))
        return list(kept)

    # -- pieces -----------------------------------------------------------------------

    def read_place(self, cur: Cursor, what: str = "a province") -> str:
        """A province with an optional coast, matched on the longest run of words (within
        the cursor's cap; see `read_all`)."""
        start = cur.i
        toks = cur.toks
        end = min(len(toks), start + cur.caps.get(start, self.max_words + 1))
        for j in range(end, start, -1):
            code = self._name_at(toks, start, j)
            if code:
                if any(self._name_at(toks, start, k) for k in range(j - 1, start, -1)):
                    cur.forks.append((start, j - start))
                cur.i = j
                return self._coast(cur, code)
        if cur.done():
            raise OrderError(f"expected {what} at the end of the order")
        # "moves to the English Channel": the article read past, inside an order only (a
        # line beginning "The Channel - ..." is prose) and only once no name matched.
        if toks[start] == "THE" and start > 0 and start + 1 < len(toks):
            cur.i = start + 1
            try:
                return self.read_place(cur, what)
            except OrderError:
                cur.i = start
                raise  # of the word after it: "unknown province 'ENGLSH'"
        raise OrderError(f"unknown province {toks[start]!r}")

    def _coast(self, cur: Cursor, code: str) -> str:
        coasts = self.map.provinces[code].coasts
        if not coasts:
            return code
        save = cur.i
        tok = cur.peek()
        slash = tok == "/"
        if slash:
            cur.take()
            tok = cur.peek()
        if tok is not None:
            word = tok
            # "north coast" is two words; "N" or "S" alone is a coast only after a slash,
            # since bare S also means support.
            if cur.peek(1) == "COAST":
                word = tok + "COAST"
            coast = COAST_WORDS.get(word)
            if coast and (slash or len(tok) > 1) and coast in coasts:
                cur.take()
                if word.endswith("COAST") and word != "COAST":
                    cur.take()
                return f"{code}/{coast}"
            if coast and slash:
                raise OrderError(f"{code} has no {tok} coast (its coasts: {', '.join(coasts)})")
        cur.i = save
        return code

    def read_unit(self, cur: Cursor, what: str = "a unit's province") -> tuple[str | None, str]:
        if cur.peek() in UNIT_ARTICLES and (cur.peek(1) or "") in UNIT_WORDS:
            cur.take()  # "the army in Paris", "my fleet"
        utype = UNIT_WORDS.get(cur.peek() or "")
        if utype:
            cur.take()
            # "Build fleet in Brest", "army at Paris holds": no province is called IN or AT
            # (the trial of 3 December, fourth, was told "unknown province 'IN'").
            if cur.peek() in UNIT_PLACE_WORDS and cur.peek(1) is not None:
                cur.take()
        return utype, self.read_place(cur, what)
