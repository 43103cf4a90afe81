"""Capitalist order lines: pays riding on orders, bribes, adjustment votes and the capital
preference list. Each is an Order subclass so the engine keeps, replaces and shows it like
any other order; the rules turn them into ordinary orders before anything is resolved."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from gmbot.engine.check import check_order
from gmbot.engine.cursor import Cursor
from gmbot.engine.map import COAST, LAND
from gmbot.engine.orders import Order, OrderError
from gmbot.engine.parse import OrderParser
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import MOVEMENT, GameState

_FIGURE = re.compile(r"^(.*?)\s*\(\s*(-?\d+)\s*\)\s*$")
_BRIBE = re.compile(r"^\s*BRIBES?\b\s*(.*)$", re.IGNORECASE)
_VOTE = re.compile(r"^\s*VOTES?\b\s*(.*)$", re.IGNORECASE)
_PREFER = re.compile(r"^\s*(?:CAPITALS?|PREFER(?:ENCES?)?)\b\s*:?\s*(.*)$", re.IGNORECASE)
NO_BUILD_WORDS = ("NOBUILD", "NONE", "NO", "WAIVE")
REMOVE_WORDS = ("REMOVE", "DISBAND", "D")
PREFERENCES = 10
_setattr = object.__setattr__


@dataclass(frozen=True, slots=True)
class Paid(Order):
    """A player's own unit order and the pay it carries (1 when no figure is written)."""

    order: Order
    pay: int

    def __init__(self, power: str, utype: str | None, loc: str, order: Order, pay: int) -> None:
        # By hand, like the engine's movement orders (dataclass keeps it): one is made for
        # every unit of every Capitalist movement phase, and the generated one costs twice.
        _setattr(self, "power", power)
        _setattr(self, "utype", utype)
        _setattr(self, "loc", loc)
        _setattr(self, "prov", loc.partition("/")[0])
        _setattr(self, "order", order)
        _setattr(self, "pay", pay)

    def __str__(self) -> str:
        return f"{self.order} ({self.pay})"


@dataclass(frozen=True, slots=True)
class Bribe(Order):
    """An offer to another power's unit: `order` is given in the owner's name."""

    order: Order
    amount: int

    def __post_init__(self) -> None:
        Order.__post_init__(self)

    @property
    def owner(self) -> str:
        return self.order.power

    def __str__(self) -> str:
        return f"BRIBE {self.order} ({self.amount})"


@dataclass(frozen=True, slots=True)
class Vote(Order):
    """Votes in an adjustment: `option` A or F (build; a fleet's coast is in `loc`), NONE
    (no build) on a centre, or REMOVE on a unit."""

    option: str
    count: int

    def __post_init__(self) -> None:
        Order.__post_init__(self)

    def __str__(self) -> str:
        what = {"A": f"A {self.loc}", "F": f"F {self.loc}", "NONE": f"NO BUILD {self.loc}"}
        text = what.get(self.option) or f"REMOVE {self.utype} {self.loc}"
        return f"VOTE {text} ({self.count})"


@dataclass(frozen=True, slots=True)
class Prefer(Order):
    """The capital preference list of the pre-game phase, best first."""

    centres: tuple[str, ...]

    def __post_init__(self) -> None:
        Order.__post_init__(self)

    def __str__(self) -> str:
        return "CAPITALS " + " ".join(self.centres)


def split_figure(line: str) -> tuple[str, int | None]:
    """'F LON - NTH (3)' -> ('F LON - NTH', 3); no figure -> (line, None)."""
    if ")" not in line:
        return line, None  # most lines: the pattern's scan of every position is dear
    m = _FIGURE.match(line)
    if not m:
        return line, None
    return m.group(1), int(m.group(2))


def parse_movement(
    parser: OrderParser, line: str, power: str, state: GameState, rules: StandardRules
) -> Order:
    """A movement line: a paid own order or a bribe (limits and budgets are set checks)."""
    text, figure = split_figure(line)
    if figure is not None and figure < 1:
        raise OrderError("a pay or bribe is at least 1 currency unit")
    bribe = _BRIBE.match(text) if text.lstrip()[:1] in "Bb" else None
    if bribe is None:
        # The order object may be shared (parse_shared): the Paid around it is the
        # mail's own, and it is the Paid that merge_orders tells apart by identity.
        order = check_order(parser.parse_shared(text, power, MOVEMENT), state, rules)
        return Paid(power, order.utype, order.loc, order, 1 if figure is None else figure)
    raw = parser.parse(bribe.group(1), power, MOVEMENT)
    unit = state.units.get(raw.prov)
    if unit is None:
        raise OrderError(f"no unit in {raw.prov} to bribe")
    if unit.power == power:
        raise OrderError(f"{unit} is your own unit: pay it instead, e.g. {unit} H (2)")
    # Checked as if its owner gave it: a bribe buys only an order the owner could give.
    order = check_order(replace(raw, power=unit.power), state, rules)
    return Bribe(power, order.utype, order.loc, order, 1 if figure is None else figure)


def parse_vote(parser: OrderParser, line: str, power: str, state: GameState) -> Vote | None:
    m = _VOTE.match(line)
    if m is None:
        return None
    text, figure = split_figure(m.group(1))
    count = 1 if figure is None else figure
    if count < 1:
        raise OrderError("a vote counts at least 1")
    cur = Cursor(parser.tokens(text))
    word = cur.peek()
    if word in REMOVE_WORDS:
        cur.take()
        utype, loc = parser.read_unit(cur)
        unit = state.units.get(loc.split("/")[0])
        if unit is None:
            raise OrderError(f"no unit in {loc} to vote to remove")
        _end(cur)
        return Vote(power, unit.type, unit.loc, "REMOVE", count)
    if word in NO_BUILD_WORDS:
        cur.take()
        if cur.peek() in ("BUILD", "BUILDS"):
            cur.take()
        prov = parser.read_place(cur, "a centre").split("/")[0]
        _end(cur)
        return Vote(power, None, prov, "NONE", count)
    utype = {"A": "A", "ARMY": "A", "F": "F", "FLEET": "F"}.get(word or "")
    if utype is None:
        raise OrderError("write a vote as VOTE A PAR (2), VOTE F STP/NC (1), "
                         "VOTE NO BUILD PAR (2) or VOTE REMOVE F NTH (3)")
    cur.take()
    loc = parser.read_place(cur, "a centre")
    _end(cur)
    gmap = state.map
    prov = loc.split("/")[0]
    kind = gmap.provinces[prov].type
    if utype == "A":
        if kind not in (LAND, COAST):
            raise OrderError(f"an army cannot be built in {prov}")
        return Vote(power, "A", prov, "A", count)
    locs = gmap.fleet_locations(prov)
    if kind != COAST or not locs:
        raise OrderError(f"a fleet cannot be built in {prov}: it has no coast")
    if loc not in locs:
        if len(locs) > 1:
            raise OrderError(f"a fleet vote for {prov} names the coast: {' or '.join(locs)}")
        loc = locs[0]
    return Vote(power, "F", loc, "F", count)


def parse_preferences(
    parser: OrderParser, line: str, power: str, state: GameState
) -> Prefer | None:
    m = _PREFER.match(line)
    if m is None:
        return None
    # Commas separate names of several words ("St Petersburg, Rome"); without commas
    # each word is one name, so "SWE DEN" is two centres, not "Sweden".
    text = m.group(1)
    parts = text.split(",") if "," in text else text.split()
    centres: list[str] = []
    for part in (p for p in parts if p.strip()):
        cur = Cursor(parser.tokens(part))
        prov = parser.read_place(cur, "a supply centre").split("/")[0]
        _end(cur)
        if prov not in state.map.supply_centres:
            raise OrderError(f"{prov} is not a supply centre")
        if prov in centres:
            raise OrderError(f"{prov} is listed twice")
        centres.append(prov)
    if len(centres) != PREFERENCES:
        raise OrderError(f"list {PREFERENCES} supply centres, best first (you listed "
                         f"{len(centres)})")
    return Prefer(power, None, "", tuple(centres))


def _end(cur: Cursor) -> None:
    if not cur.done():
        raise OrderError(f"did not understand {' '.join(cur.toks[cur.i:])!r} at the end")

