"""The parser's fast path: an order in the canonical notation most orders arrive in ("A PAR
- BUR", "F STP/SC H", "F MAO S A PAR - BUR", "F NTH C A LON - BEL", "A LON - BEL VIA
CONVOY") is read without the tokenizer: provinces are three capitals, coasts two, words
are split by single spaces. Anything else is left to the grammars (None)."""

from __future__ import annotations

import re

from gmbot.engine.map import GameMap
from gmbot.engine.order_words import COAST_CODES
from gmbot.engine.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from gmbot.engine.state import MOVEMENT

_CODE = re.compile(r"[A-Z]{3}")
_COAST = re.compile(r"[A-Z]{2}")


class FastPath:
    """The canonical notation of one map's orders (built once per map, with its parser)."""

    def __init__(self, game_map: GameMap) -> None:
        # What the fast path takes as a unit's place or a move's destination: the map's
        # provinces spelt as three capitals, alone or with one of their coasts.
        self.provs = frozenset(c for c in game_map.provinces if _CODE.fullmatch(c))
        self.locs = self.provs | {
            f"{c}/{coast}"
            for c in self.provs
            for coast in game_map.provinces[c].coasts
            if _COAST.fullmatch(coast)
        }
        # What `plain_unit` reads: the same, less coasts the tokenizer would not read, and
        # only where a code names its own province and no power is called A or F.
        plain = {c for c in self.provs if game_map.names.get(c) == c}
        self.plain_locs = (
            frozenset(plain | {f"{c}/{k}" for c in plain
                               for k in game_map.provinces[c].coasts if k in COAST_CODES})
            if game_map.power("A") is None and game_map.power("F") is None
            else frozenset()
        )

    def read(self, text: str, power: str, kind: str) -> Order | None:  # noqa: C901 - the fast path's one pass per order kind
        if kind != MOVEMENT:
            return None
        parts = text.split(" ")
        n = len(parts)
        utype = parts[0]
        if n < 3 or (utype != "A" and utype != "F"):
            return None
        locs = self.locs
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
        provs = self.provs
        if target not in provs:
            place = self.place(target)
            if place is None:
                return None
            target = place
        tdest = None
        if n == 7:
            tdest = parts[6]
            if parts[5] != "-" or (tdest not in provs and self.place(tdest) is None):
                return None
        if sc == "S":
            if tdest:
                return SupportMove(power, utype, loc, ttype, target, tdest)
            return SupportHold(power, utype, loc, ttype, target)
        if tdest and ttype == "A" and "/" not in tdest:
            return Convoy(power, utype, loc, target, tdest)
        return None

    def place(self, tok: str) -> str | None:
        """The province of PROV or PROV/XX as the fast path reads a supported or convoyed
        unit or its destination: a province of the map and, after a slash, any coast."""
        prov, slash, coast = tok.partition("/")
        if prov not in self.provs or (slash and not _COAST.fullmatch(coast)):
            return None
        return prov

    def plain_unit(self, text: str) -> tuple[str, str] | None:
        """A unit written exactly like 'A PAR' or 'F STP/SC': its type and location as
        `read_unit` reads them, without the tokenizer. None for any other spelling."""
        utype, _, loc = text.partition(" ")
        if (utype == "A" or utype == "F") and loc in self.plain_locs:
            return utype, loc
        return None
