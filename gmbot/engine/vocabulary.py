"""Which lines of a mail are orders: the order vocabulary test, the decoration players put
around orders (bullets, numbers, "Change of plan:"), and "did you mean ...?".

A line is an order when it is shaped like one, not when it merely contains a word of the
vocabulary: English is full of order words and unit letters ("a", "to", "hold", "I will
support you", "see you in Paris"). A line is an order when
  - the rules read it (a standard order of two words or more, or a variant's own line), or
  - it begins with an order word of the rules (BUILD, CAST, BRIBE...) or a near miss of one,
  - it begins with a unit (A, F, ARMY, FLEET) followed by a province, a near miss of one,
    or a short word and an order word ("A PRA - BUR"), or
  - it begins with a province (or a near miss of one) followed by an order word or arrow
    ("Par - Bur", "Munich holds", "lvp-wal", "SER ASSIMILATED"; a dash later in a
    sentence is prose), or
  - it is an order written in words: a unit ("the army at Marseilles", "my fleet in
    Brest"), then an order verb ("supports", "will move"); one the grammar does not read
    is refused "not read as an order: write it as A MAR S A PAR", never left unsaid.
Everything else is chatter: greetings, thanks, sign-offs, signatures, press.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from functools import lru_cache

from gmbot.engine.cursor import Cursor
from gmbot.engine.map import norm_name
from gmbot.engine.move_meant import move_meant
from gmbot.engine.order_words import (
    CONVOY_WORDS,
    DISBAND_WORDS,
    HOLD_WORDS,
    MOVE_WORDS,
    NO_ORDER_WORD,
    RETREAT_WORDS,
    SUPPORT_WORDS,
    UNIT_ARTICLES,
    UNIT_PLACE_WORDS,
    UNIT_WORDS,
)
from gmbot.engine.orders import OrderError
from gmbot.engine.parse import OrderParser
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState

# Words that follow a unit's place in an order. Bare "-" counts: "Par - Bur".
FOLLOW_WORDS = (MOVE_WORDS | HOLD_WORDS | SUPPORT_WORDS | CONVOY_WORDS | RETREAT_WORDS
                | DISBAND_WORDS) - {"TO"} | {"->"}
# The order verbs of a line written in words ("supports", "will hold", "should go to"):
# words, not the letters and the dash, which prose has too ("the army in Paris - what a
# joke"); a move's verbs the grammar does not know are left out of "write it as".
VERBS = frozenset(w for w in FOLLOW_WORDS if len(w) > 1 and w.isalpha()) | {
    "GO", "GOES", "SAIL", "SAILS", "MARCH", "MARCHES", "ENTER", "ENTERS"}
# "1. A Vie - Gal", "2) ...", "(3) ...", "#4 ...", "a) ...", "(b) ...", "- F(Lon)-Nth",
# "* ...", "• ...". A letter with a dot is no bullet: "A. Par" may be an army.
_BULLET = re.compile(r"^\s*(?:\(?\d{1,2}[.):]|#\s?\d{1,2}[.):]?|\(?[A-Za-z]\)|[-*•·–—])\s+")
_PREFIX = re.compile(r"^\s*([^:]{1,40}):\s*(\S.*)$")
_SENTENCE_END = re.compile(r"[.!?]+[\"')”’]*\s+")  # ". ", "! ", "?) "
NEAR = 0.8  # how close a word must be to a name to make a line an order
SUGGEST = 0.6  # how close for a "did you mean" in an error


def order_text(text: str, parser: OrderParser, rules: StandardRules, power: str,
               state: GameState) -> str | None:
    """The order a line holds, without its bullet or prefix; None for chatter."""
    bare = _BULLET.sub("", text, count=1)
    candidates = [text, bare]
    label = _PREFIX.match(bare)
    if label:
        candidates.append(label.group(2))
    candidates = list(dict.fromkeys(c.strip() for c in candidates))  # in order, each once
    # The line as written if the rules read it ("- A PAR" is a removal in winter), else
    # the least decorated form that is shaped like an order (its error is about the order).
    for candidate in candidates:
        if _reads(candidate, parser, rules, power, state):
            return candidate
    for candidate in reversed(candidates):
        if _shaped(parser.tokens(candidate), parser, rules):
            return candidate
    return None


def order_after_prose(text: str, parser: OrderParser, rules: StandardRules, power: str,
                      state: GameState) -> str | None:
    """The whole order that ends a line of chatter after a sentence end ("Sorry I'm late!
    A VEN - TRI"), as written, or None. It is answered, never taken: the prose before it
    may take it back ("Not this time. A VEN - TRI")."""
    for tail in after_sentence_ends(text):
        if _reads(tail, parser, rules, power, state):
            return tail
    return None


def after_sentence_ends(text: str) -> Iterator[str]:
    """What follows each sentence end of a line, the longest first ("Sorry I'm late! A VEN
    - TRI": "A VEN - TRI"): where an order, or a mail command (service/inbound/commands/
    parse.py), may end a line of prose."""
    for end in _SENTENCE_END.finditer(text):
        tail = text[end.end():].strip()
        if tail:
            yield tail


def shaped_like_order(text: str, parser: OrderParser, rules: StandardRules) -> bool:
    """The shape test alone, bullets and prefixes allowed (for a sender with no power:
    the GM's mail)."""
    bare = _BULLET.sub("", text, count=1)
    label = _PREFIX.match(bare)
    candidates = [text, bare] + ([label.group(2)] if label else [])
    return any(_shaped(parser.tokens(c), parser, rules) for c in candidates)


def _reads(text: str, parser: OrderParser, rules: StandardRules, power: str,
           state: GameState) -> bool:
    try:
        if rules.parse_extra(parser, text, power, state) is not None:
            return True
        if len(parser.tokens(text)) >= 2:  # a lone place ("Paris") is a signature
            # Its order kept for the submission's parse of the same line (try_parse).
            return parser.try_parse(text, power, state.phase.kind)
    except OrderError:
        pass
    return False


def _shaped(toks: list[str], parser: OrderParser, rules: StandardRules) -> bool:
    if not toks:
        return False
    words = rules.order_words()
    if toks[0] in words or near(toks[0], words, NEAR):
        return True
    if toks[0] in UNIT_WORDS and len(toks) >= 2:
        if _place_end(parser, toks, 1) or near_place(parser, toks[1], NEAR):
            return True
        if len(toks) >= 3 and len(toks[1]) <= 3 and toks[2] in FOLLOW_WORDS:
            return True
    if _unit_in_words(toks, parser) is not None:
        return True
    # Only at the start: a dash in prose ("the Channel - promise") is no order.
    end = _place_end(parser, toks, 0)
    if end is None and near_place(parser, toks[0], NEAR):
        end = 1
    if end is None or end >= len(toks):
        return False
    return toks[end] in FOLLOW_WORDS or toks[end] == "TO" or toks[end] in words


def _unit_in_words(toks: list[str], parser: OrderParser) -> int | None:
    """Where the unit ends in a line that begins with one written in words (`The army at
    Marseilles`, `fleet in Brest`, an article and IN or AT each optional) and has an order
    verb after it, or None: "the army is tired" and "my fleet in Brest is ready" are
    prose."""
    i = 1 if toks and toks[0] in UNIT_ARTICLES else 0
    if i >= len(toks) or toks[i] not in UNIT_WORDS:
        return None
    i += 1
    if i < len(toks) and toks[i] in UNIT_PLACE_WORDS:
        i += 1
    end = _place_end(parser, toks, i)
    if end is None or not any(t in VERBS for t in toks[end:]):
        return None
    return end


def written_as(text: str, parser: OrderParser, power: str, kind: str) -> str | None:
    """The order a line written in words means, its other words left out ("The army in
    Paris should hold": A PAR H), where it begins with a unit and the grammar reads what
    is left; None otherwise."""
    toks = parser.tokens(text)
    if _unit_in_words(toks, parser) is None:
        return None
    kept: list[str] = []
    i = 0
    while i < len(toks):
        end = _place_end(parser, toks, i)
        if end is not None:  # a name of one word or more ("English Channel")
            kept += toks[i:end]
            i = end
            continue
        if toks[i] in UNIT_WORDS or toks[i] in FOLLOW_WORDS or toks[i] == "TO":
            kept.append(toks[i])
        i += 1
    if kept == toks:
        return None  # nothing to leave out: the grammar's own reason says more
    try:
        parser.parse(text, power, kind)
        return None  # read as it is: refused for what it orders, which the reason says
    except OrderError:
        pass
    try:
        return str(parser.parse(" ".join(kept), power, kind))
    except OrderError:
        return None


def _place_end(parser: OrderParser, toks: list[str], i: int) -> int | None:
    """Where a province name starting at token i ends, if one does."""
    cur = Cursor(toks, i)
    try:
        parser.read_place(cur)
    except OrderError:
        return None
    return cur.i


def near(word: str, choices: frozenset[str], cutoff: float) -> str | None:
    """The choice closest to `word` (four letters or more), if close enough."""
    if len(word) < 4:
        return None
    return _near(word, choices, cutoff)


@lru_cache(maxsize=4096)  # signatures and greetings recur in every mail of a player
def _near(word: str, choices: frozenset[str], cutoff: float) -> str | None:
    hits = difflib.get_close_matches(word, sorted(c for c in choices if len(c) >= 4), 1,
                                     cutoff)
    return hits[0] if hits else None


def _names(parser: OrderParser) -> frozenset[str]:
    """The map's names, built once per map (a frozenset keeps its hash)."""
    names = parser.map.derived.get("_vocabulary_names")
    if names is None:
        names = parser.map.derived["_vocabulary_names"] = frozenset(parser.map.names)
    return names


def near_place(parser: OrderParser, word: str, cutoff: float = SUGGEST) -> str | None:
    """The province a misspelt name most likely means, as 'NAME (CODE)'."""
    names = parser.map.names
    hit = near(norm_name(word), _names(parser), cutoff)
    if hit is None:
        return None
    code = names[hit]
    return f"{parser.map.provinces[code].name.upper()} ({code})"


def did_you_mean(text: str, reason: str, parser: OrderParser, rules: StandardRules,
                 state: GameState | None = None) -> str:
    """`reason` with a suggestion for a near-miss order word or province, if there is one;
    with the phase's `state`, the move a line means that lacks its dash (`F BRE MAO`)."""
    if "did you mean" in reason:
        return reason
    if state is not None and reason.endswith(NO_ORDER_WORD):
        move = move_meant(text, parser, rules, state)
        if move:
            return f"{reason} (did you mean {move}?)"
    meant = written_as(text, parser, "", state.phase.kind if state else "M")
    if meant:
        return f"not read as an order: write it as {meant}"
    toks = parser.tokens(text)
    if not toks:
        return reason
    words = rules.order_words()
    if toks[0] not in words and toks[0] not in UNIT_WORDS:
        word = near(toks[0], words, SUGGEST)
        if word:
            # A misspelt order word read as a province: say what it is ("biuld a bur").
            if reason == f"unknown province {toks[0]!r}":
                return f"{toks[0]!r} is no order word (did you mean {word}?)"
            return f"{reason} (did you mean {word}?)"
    unknown = re.search(r"unknown province '([^']+)'", reason)
    if unknown:
        place = near_place(parser, unknown.group(1)) or _near_neighbour(
            parser, text, unknown.group(1))
        if place:
            return f"{reason} (did you mean {place}?)"
    return reason


def _near_neighbour(parser: OrderParser, text: str, word: str) -> str | None:
    """A province the line's unit touches that a short code means: too short for a
    name's near miss, but a neighbour makes the guess safe. Its code one letter off ("A
    LVP - YOK": YOR), or a code of the letters of its name or another name of it, in order
    from the first ("A LVP - YRK": York, YOR; "EDN": Edinburgh); none where two fit."""
    prov = parser.unit_prov(text)
    gmap = parser.map
    if prov is None or prov not in gmap.provinces:
        return None
    touching = {*gmap.army_adj.get(prov, ()),
                *(t.split("/")[0] for loc, ts in gmap.fleet_adj.items()
                  if loc.split("/")[0] == prov for t in ts)}
    word = word.upper()
    # Its other names too: "CAN" for the Cantabrian Sea, the Bay of Biscay's alias.
    hits = sorted(c for c in touching
                  if (len(c) == len(word)
                      and sum(a != b for a, b in zip(c, word, strict=True)) == 1)
                  or any(_abbreviates(word, name) for name in
                         (gmap.provinces[c].name, *gmap.provinces[c].aliases)))
    if len(hits) != 1:
        return None
    return f"{gmap.provinces[hits[0]].name.upper()} ({hits[0]})"


def _abbreviates(code: str, name: str) -> bool:
    """Whether `code` (three letters or more) is made of `name`'s letters in order,
    starting with its first, as a player shortens a name: YRK for York, WLS for Wales."""
    letters = re.sub(r"[^A-Z]", "", name.upper())
    if len(code) < 3 or not code.isalpha() or not letters.startswith(code[0]):
        return False
    rest = iter(letters[1:])
    return all(ch in rest for ch in code[1:])
