"""The tolerant order parser: one line of text to a typed order.

Parsing knows the map (names, coasts) and the phase kind, not the board: whether the unit
is there and the move is legal is decided by `check.py`. Errors are `OrderError`s whose
message is the reason the player reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from gmbot.engine.map import GameMap, norm_name
from gmbot.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    OrderError,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
)
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT

UNIT_WORDS = {"A": "A", "ARMY": "A", "F": "F", "FLEET": "F"}
MOVE_WORDS = {"-", "TO", "M", "MOVE", "MOVES", "MOVETO", "MOVESTO", "ATTACK", "ATTACKS"}
HOLD_WORDS = {"H", "HOLD", "HOLDS", "STAND", "STANDS"}
SUPPORT_WORDS = {"S", "SUP", "SUPP", "SUPPORT", "SUPPORTS"}
CONVOY_WORDS = {"C", "CONVOY", "CONVOYS", "TRANSPORT", "TRANSPORTS"}
RETREAT_WORDS = {"R", "RETREAT", "RETREATS"}
DISBAND_WORDS = {"D", "DISBAND", "DISBANDS", "REMOVE", "REMOVES", "DESTROY"}
BUILD_WORDS = {"B", "BUILD", "BUILDS", "+"}
WAIVE_WORDS = {"WAIVE", "WAIVES", "WAIVED"}
# The order words a line may begin with (docs/orders.md): in a phase that has no such
# order, a line beginning with one gets the phase's reason rather than "unknown province".
_LEADING_RETREAT = frozenset({"RETREAT", "RETREATS", "DISBAND", "DISBANDS", "DESTROY"})
_LEADING_ADJUST = frozenset({"BUILD", "BUILDS", "REMOVE", "REMOVES"}) | WAIVE_WORDS
_NOT_NOW_RETREAT = "retreats and disbands are given in a retreat phase, not now"
_NOT_NOW_ADJUST = ("builds, removals and waives are given in the winter (adjustment) phase, "
                   "not now")
NOISE = {"THE", "IN", "AT", "OF", "AND", "WILL"}
COAST_WORDS = {
    "NC": "NC", "NORTH": "NC", "N": "NC", "NORTHCOAST": "NC",
    "SC": "SC", "SOUTH": "SC", "S": "SC", "SOUTHCOAST": "SC",
    "EC": "EC", "EAST": "EC", "E": "EC", "EASTCOAST": "EC",
    "WC": "WC", "WEST": "WC", "W": "WC", "WESTCOAST": "WC",
}  # fmt: skip

_COAST_CODES = frozenset(COAST_WORDS.values())

_LABEL = re.compile(r"^\s*([^:]{1,40}):\s*(.*)$")
_ARROWS = re.compile(r"->|=>|→|–|—|-")
_PUNCT = re.compile(r"[(),.;:!?]")
# The canonical notation most orders arrive in ("A PAR - BUR", "F STP/SC H",
# "F MAO S A PAR - BUR", "F NTH C A LON - BEL", "A LON - BEL VIA CONVOY") is parsed
# without the tokenizer: provinces are three capitals, coasts two, words are split by
# single spaces.
_CODE = re.compile(r"[A-Z]{3}")
_COAST = re.compile(r"[A-Z]{2}")
# How many readings of one line's place names are tried at most (see `read_all`).
_MAX_READINGS = 64
# How many orders `parse_shared` keeps (then it starts again).
_MAX_SHARED = 50000
# How many orders `try_parse` keeps for the `parse` to come.
_MAX_TRIED = 256
# How many lines' tokens `tokens` keeps.
_MAX_TOKENS = 4096

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

    def peek(self, k: int = 0) -> str | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def take(self) -> str:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def done(self) -> bool:
        return self.i >= len(self.toks)


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
        # What the fast path takes as a unit's place or a move's destination: the map's
        # provinces spelt as three capitals, alone or with one of their coasts.
        self._fast_provs = frozenset(c for c in game_map.provinces if _CODE.fullmatch(c))
        self._fast_locs = self._fast_provs | {
            f"{c}/{coast}"
            for c in self._fast_provs
            for coast in game_map.provinces[c].coasts
            if _COAST.fullmatch(coast)
        }
        # What `plain_unit` reads: the same, less coasts the tokenizer would not read, and
        # only where a code names its own province and no power is called A or F.
        plain = {c for c in self._fast_provs if game_map.names.get(c) == c}
        self._plain_locs = (
            frozenset(plain | {f"{c}/{k}" for c in plain
                               for k in game_map.provinces[c].coasts if k in _COAST_CODES})
            if game_map.power("A") is None and game_map.power("F") is None
            else frozenset()
        )
        self.max_words = max(
            (len(n.split()) for p in game_map.provinces.values() for n in (p.name, *p.aliases)),
            default=1,
        )
        # Hyphens inside names ("Mid-Atlantic") are not move arrows. Only words spelt with a
        # hyphen in the map are protected: a bare join would read "SWE-DEN" as Sweden.
        hyphenated = sorted(
            {
                word.upper()
                for p in game_map.provinces.values()
                for n in (p.name, *p.aliases)
                for word in n.split()
                if "-" in word.strip("-")
            },
            key=len,
            reverse=True,
        )
        self._hyphen_words = (
            re.compile(r"(?<!\w)(" + "|".join(map(re.escape, hyphenated)) + r")(?!\w)")
            if hyphenated
            else None
        )

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
            return self.read_all(toks, lambda cur: self._adjustment(cur, power))
        if kind == RETREAT:
            return self.read_all(toks, lambda cur: self._retreat(cur, power))
        return self.read_all(toks, lambda cur: self._movement(cur, power))

    def read_all(self, toks: list[str], grammar: Callable[[Cursor], T]) -> T:
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
                last = e
            # Each fork read one word shorter, the later forks first; the names before a
            # fork keep the length this reading gave them.
            for k, (start, taken) in enumerate(cur.forks):
                before = {s: n for s, n in caps.items() if s < start}
                pending.append({**before, **dict(cur.forks[:k]), start: taken - 1})
        assert last is not None
        raise last

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

    def _tokenize(self, text: str) -> list[str]:
        # "Seville: A SEV - CAD", "Austria-Hungary: A VIE - GAL": a power name before a
        # colon is a label, even when the name is also a province.
        label = _LABEL.match(text)
        if label and self.map.power(label.group(1)):
            text = label.group(2)
        text = text.upper().replace("/", " / ")
        if self._hyphen_words is not None:
            text = self._hyphen_words.sub(lambda m: m.group(1).replace("-", " "), text)
        text = _ARROWS.sub(" - ", text)
        text = text.replace("+", " + ")
        # A "(nc)" coast keeps its meaning without the brackets.
        text = _PUNCT.sub(" ", text)
        toks = text.split()
        # "Germany: A MUN - BER" or "FRANCE A PAR ..." : a leading power name is noise,
        # unless it begins a place's name ("Castilla Vieja").
        if len(toks) > 1 and self.map.power(toks[0]) and not self._names_place(toks):
            toks = toks[1:]
        return toks

    def _fast(self, text: str, power: str, kind: str) -> Order | None:  # noqa: C901 - the fast path's one pass per order kind
        if kind != MOVEMENT:
            return None
        parts = text.split(" ")
        n = len(parts)
        utype = parts[0]
        if n < 3 or (utype != "A" and utype != "F"):
            return None
        locs = self._fast_locs
        loc = parts[1]
        if loc not in locs:
            return None
        if n == 3:
            return Hold(power, utype, loc) if parts[2] == "H" else None
        if n == 4 or (n == 6 and parts[4] == "VIA" and parts[5] == "CONVOY"):
            dest = parts[3]
            if parts[2] != "-" or dest not in locs:
                return None
            return Move(power, utype, loc, dest, n == 6)
        if n != 5 and n != 7:
            return None
        sc, ttype, target = parts[2], parts[3], parts[4]
        if (sc != "S" and sc != "C") or (ttype != "A" and ttype != "F"):
            return None
        # The supported or convoyed unit's coast is not needed, nor checked (a province
        # and any two capitals), and neither is the coast of where it goes.
        # A province alone, mostly: then without the call.
        provs = self._fast_provs
        if target not in provs:
            place = self._fast_place(target)
            if place is None:
                return None
            target = place
        tdest = None
        if n == 7:
            tdest = parts[6]
            if parts[5] != "-" or (tdest not in provs and self._fast_place(tdest) is None):
                return None
        if sc == "S":
            if tdest:
                return SupportMove(power, utype, loc, ttype, target, tdest)
            return SupportHold(power, utype, loc, ttype, target)
        if tdest and ttype == "A" and "/" not in tdest:
            return Convoy(power, utype, loc, target, tdest)
        return None

    def _fast_place(self, tok: str) -> str | None:
        """The province of PROV or PROV/XX as the fast path reads a supported or convoyed
        unit or its destination: a province of the map and, after a slash, any coast."""
        prov, slash, coast = tok.partition("/")
        if prov not in self._fast_provs or (slash and not _COAST.fullmatch(coast)):
            return None
        return prov

    def plain_unit(self, text: str) -> tuple[str, str] | None:
        """A unit written exactly like 'A PAR' or 'F STP/SC': its type and location as
        `read_unit` reads them, without the tokenizer. None for any other spelling."""
        utype, _, loc = text.partition(" ")
        if (utype == "A" or utype == "F") and loc in self._plain_locs:
            return utype, loc
        return None

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
        raise OrderError(f"unknown province {toks[start]!r}")

    def _names_place(self, toks: list[str]) -> bool:
        """Whether the first words of `toks` name a place."""
        longest = min(len(toks), self.max_words + 1)
        return any(self._name_at(toks, 0, j) for j in range(1, longest + 1))

    def _name_at(self, toks: list[str], start: int, end: int) -> str | None:
        """The province the words toks[start:end] name, if they name one."""
        words = toks[start:end]
        if "-" in words[1:-1] or words[-1] == "-":
            return None
        return self.map.names.get(norm_name("".join(words)))

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

    def read_unit(self, cur: Cursor) -> tuple[str | None, str]:
        utype = UNIT_WORDS.get(cur.peek() or "")
        if utype:
            cur.take()
        return utype, self.read_place(cur, "a unit's province")

    def _skip_noise(self, cur: Cursor) -> None:
        while cur.peek() in NOISE:
            cur.take()

    # -- phases -----------------------------------------------------------------------

    def _movement(self, cur: Cursor, power: str) -> Order:
        first = cur.peek()
        if first in _LEADING_RETREAT:
            raise OrderError(_NOT_NOW_RETREAT)
        if first in _LEADING_ADJUST:
            raise OrderError(_NOT_NOW_ADJUST)
        utype, loc = self.read_unit(cur)
        self._skip_noise(cur)
        word = cur.peek()
        if word is None or word in HOLD_WORDS:
            if word:
                cur.take()
            return Hold(power, utype, loc)
        if word in MOVE_WORDS:
            self._move_words(cur)
            dest = self.read_place(cur, "a destination")
            return Move(power, utype, loc, dest, self._via(cur))
        if word in SUPPORT_WORDS:
            cur.take()
            return self._support(cur, power, utype, loc)
        if word in CONVOY_WORDS:
            cur.take()
            if cur.peek() in UNIT_WORDS and UNIT_WORDS[cur.take()] == "F":
                raise OrderError("only armies can be convoyed")
            target = self.read_place(cur, "the convoyed army")
            if cur.peek() not in MOVE_WORDS:
                raise OrderError("a convoy order names where the army goes: F NTH C A LON - BEL")
            self._move_words(cur)
            return Convoy(power, utype, loc, target, self.read_place(cur, "a destination"))
        if word in DISBAND_WORDS or word in RETREAT_WORDS:
            raise OrderError("retreats and disbands are given in a retreat phase, not now")
        raise OrderError(f"did not understand {word!r}: expected -, H, S or C after the unit")

    def _move_words(self, cur: Cursor) -> None:
        while cur.peek() in MOVE_WORDS:
            cur.take()

    def _via(self, cur: Cursor) -> bool:
        word = cur.peek()
        if word in ("VIA", "BY"):
            cur.take()
            if cur.peek() in CONVOY_WORDS:
                cur.take()
            return True
        return False

    def _support(self, cur: Cursor, power: str, utype: str | None, loc: str) -> Order:
        ttype = UNIT_WORDS.get(cur.peek() or "")
        if ttype:
            cur.take()
        target = self.read_place(cur, "the supported unit").split("/")[0]
        self._skip_noise(cur)
        if cur.peek() in MOVE_WORDS:
            self._move_words(cur)
            dest = self.read_place(cur, "where the supported unit moves")
            self._via(cur)  # support does not care how the unit travels
            return SupportMove(power, utype, loc, ttype, target, dest)
        if cur.peek() in HOLD_WORDS:
            cur.take()
        return SupportHold(power, utype, loc, ttype, target)

    def _retreat(self, cur: Cursor, power: str) -> Order:
        first = cur.peek()
        if first in DISBAND_WORDS:
            cur.take()
            utype, loc = self.read_unit(cur)
            return Disband(power, utype, loc)
        if first in _LEADING_ADJUST - DISBAND_WORDS:  # REMOVE is a disband here
            raise OrderError(_NOT_NOW_ADJUST)
        # "RETREAT A VEN - ROM", "RETREAT A VEN ROM": the order word first.
        leading = first in RETREAT_WORDS
        if leading:
            cur.take()
        utype, loc = self.read_unit(cur)
        word = cur.peek()
        if word in DISBAND_WORDS:
            cur.take()
            return Disband(power, utype, loc)
        if (leading and word is not None and word not in RETREAT_WORDS
                and word not in MOVE_WORDS):
            return Retreat(power, utype, loc, self.read_place(cur, "where the unit retreats"))
        if word in RETREAT_WORDS or word in MOVE_WORDS:
            while cur.peek() in RETREAT_WORDS or cur.peek() in MOVE_WORDS:
                cur.take()
            return Retreat(power, utype, loc, self.read_place(cur, "where the unit retreats"))
        if word is None:
            raise OrderError("say where the unit retreats (A PAR R BUR) or disband it (A PAR D)")
        raise OrderError(f"did not understand {word!r}: expected R (retreat) or D (disband)")

    def _adjustment(self, cur: Cursor, power: str) -> Order:
        word = cur.peek()
        if word in _LEADING_RETREAT - DISBAND_WORDS:
            raise OrderError(_NOT_NOW_RETREAT)
        if word in WAIVE_WORDS:
            cur.take()
            while cur.peek() in BUILD_WORDS or cur.peek() in ("A", "ONE"):
                cur.take()
            return Waive(power, None, "")
        if word in BUILD_WORDS:
            cur.take()
            utype, loc = self.read_unit(cur)
            return Build(power, utype, loc)
        if word in DISBAND_WORDS or word == "-":
            cur.take()
            utype, loc = self.read_unit(cur)
            return Remove(power, utype, loc)
        utype, loc = self.read_unit(cur)
        word = cur.peek()
        if word in BUILD_WORDS:
            cur.take()
            return Build(power, utype, loc)
        if word in DISBAND_WORDS:
            cur.take()
            return Remove(power, utype, loc)
        if word in MOVE_WORDS | HOLD_WORDS | SUPPORT_WORDS | CONVOY_WORDS:
            # Orders for the coming Spring sent before the winter ends: no example of a
            # build or removal here, as one of another power's provinces misleads.
            raise OrderError("movement orders are given in the Spring and Fall, not in the "
                             "winter: send them again after the winter's results; now write "
                             "BUILD, REMOVE or WAIVE")
        raise OrderError("in an adjustment phase write BUILD, REMOVE or WAIVE (HELP shows "
                         "them with your units)")
