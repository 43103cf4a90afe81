"""The option's order lines: `ASSIMILATE WAR` (or `WAR ASSIMILATED`) and `ABANDON SEV`
(or `SEV ABANDONED`), read into the order kinds the winter settles (settlement.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gmbot.engine.cursor import Cursor
from gmbot.engine.map import province_of
from gmbot.engine.orders import Order, OrderError

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser

ASSIMILATE_WORDS = {"ASSIMILATE", "ASSIMILATES", "ASSIMILATED"}
ABANDON_WORDS = {"ABANDON", "ABANDONS", "ABANDONED"}


@dataclass(frozen=True, slots=True)
class Assimilate(Order):
    """Make the centre in `loc` one of the power's home centres. `utype` is None."""

    def __str__(self) -> str:
        return f"ASSIMILATE {self.loc}"


@dataclass(frozen=True, slots=True)
class Abandon(Order):
    """Give up the home centre in `loc`. `utype` is None."""

    def __str__(self) -> str:
        return f"ABANDON {self.loc}"


HOME_ORDERS = (Assimilate, Abandon)


def parse_home_order(parser: OrderParser, line: str, power: str) -> Order | None:
    """`ASSIMILATE WAR`, `Warsaw assimilated`, `ABANDON SEV`, `SEV ABANDONED`; None for
    any other line."""
    upper = line.upper()
    if "ASSIMILAT" not in upper and "ABANDON" not in upper:
        return None  # most lines: no tokenizing
    toks = parser.tokens(line)
    words = ASSIMILATE_WORDS | ABANDON_WORDS
    if toks and toks[0] in words:
        word, rest = toks[0], toks[1:]
    elif toks and toks[-1] in words:
        word, rest = toks[-1], toks[:-1]
    else:
        return None
    kind = Assimilate if word in ASSIMILATE_WORDS else Abandon
    verb = "ASSIMILATE" if kind is Assimilate else "ABANDON"
    if not rest:
        raise OrderError(f"name the centre: {verb} WAR or WAR {verb}D")
    cur = Cursor(rest)
    prov = province_of(parser.read_place(cur, "a supply centre"))
    if not cur.done():
        raise OrderError(f"did not understand {' '.join(cur.toks[cur.i:])!r}: "
                         f"write {verb} WAR or WAR {verb}D")
    return kind(power, None, prov)
