"""Arpiesse orders: the exchange of colours (`A VEN X A TRI`) and builds that name the new
unit's colour (`BUILD PURPLE A PAR`, `F BRE B SILVER`). Parsed through `parse_extra`."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gmbot.engine.check import check_order, reaches, unit_for
from gmbot.engine.cursor import Cursor
from gmbot.engine.order_words import UNIT_WORDS
from gmbot.engine.orders import Build, Order, OrderError
from gmbot.engine.parse import OrderParser
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState, Unit
from gmbot.variants.arpiesse.colours import COLOURS

# "Unit-1 exchange with Unit-2"; any non-ambiguous spelling: X, EXCH, EXCHANGE, WITH.
EXCHANGE_WORDS = {"X", "EXCH", "EXCHANGE", "EXCHANGES", "WITH"}
TYPE_NAMES = {"A": "an army", "F": "a fleet"}


@dataclass(frozen=True, slots=True)
class Exchange(Order):
    """The unit swaps colours with the unit in `target` if that one orders the same
    exchange; both stay where they are and defend as holding units."""

    target_type: str | None
    target: str  # province of the other unit

    def __str__(self) -> str:
        return f"{self.unit_text} X {self.target_type or '?'} {self.target}"


@dataclass(frozen=True, slots=True)
class ColouredBuild(Build):
    colour: str

    def __str__(self) -> str:
        return f"BUILD {self.colour.upper()} {self.unit_text}"


def could_support_hold(state: GameState, rules: StandardRules, unit: Unit, other: Unit) -> bool:
    """Whether `unit` could support `other` to hold: it could move to other's province."""
    return reaches(state, rules, unit, other.prov)


def exchange_valid(state: GameState, rules: StandardRules, a: Unit, b: Unit) -> bool:
    """An exchange needs at least one of the two able to support the other (ex. 10-12)."""
    return could_support_hold(state, rules, a, b) or could_support_hold(state, rules, b, a)


class _NotAnExchange(OrderError):
    """The line is not an exchange at all: the standard grammar answers it."""


def read_exchange(parser: OrderParser, line: str, power: str) -> Exchange | None:
    """An exchange order as written (`A VEN X A TRI`), or None if the line is not one."""
    toks = parser.tokens(line)
    if not EXCHANGE_WORDS.intersection(toks):
        return None

    def exchange(cur: Cursor) -> Exchange:
        try:
            utype, loc = parser.read_unit(cur)
        except OrderError:
            raise _NotAnExchange("not about a unit") from None
        if cur.peek() not in EXCHANGE_WORDS:
            raise _NotAnExchange("no exchange word after the unit")
        while cur.peek() in EXCHANGE_WORDS:
            cur.take()
        ttype = UNIT_WORDS.get(cur.peek() or "")
        if ttype:
            cur.take()
        target = parser.read_place(cur, "the unit to exchange colours with").split("/")[0]
        return Exchange(power, utype, loc, ttype, target)

    try:
        return parser.read_all(toks, exchange)
    except _NotAnExchange:
        return None


def parse_exchange(
    parser: OrderParser, line: str, power: str, state: GameState, rules: StandardRules
) -> Exchange | None:
    """An exchange order checked against the board, or None if the line is not one."""
    order = read_exchange(parser, line, power)
    if order is None:
        return None
    ttype, target = order.target_type, order.target
    unit = unit_for(order, state, rules, state.units)
    other = state.units.get(target)
    if other is None:
        raise OrderError(f"no unit in {target} to exchange colours with")
    if ttype and ttype != other.type:
        raise OrderError(f"the unit in {target} is {TYPE_NAMES[other.type]} ({other})")
    if other.prov == unit.prov:
        raise OrderError("a unit cannot exchange colours with itself")
    if not exchange_valid(state, rules, unit, other):
        raise OrderError(
            f"{unit} and {other} cannot exchange colours: neither could support the other "
            "to hold"
        )
    return replace(order, utype=unit.type, loc=unit.loc, target_type=other.type)


def parse_build(
    parser: OrderParser, line: str, power: str, state: GameState, rules: StandardRules
) -> ColouredBuild | None:
    """A build naming its colour, checked; None for other adjustment lines."""
    toks = parser.tokens(line)
    colours = [t.lower() for t in toks if t.lower() in COLOURS]
    rest = " ".join(t for t in toks if t.lower() not in COLOURS)
    try:
        order = parser.parse(rest, power, ADJUSTMENT) if rest else None
    except OrderError:
        if colours:
            raise
        return None  # the standard grammar answers with the same reason
    if not isinstance(order, Build):
        if colours:
            raise OrderError("a colour is named only in a build: BUILD RED A PAR")
        return None
    # The site first: asking for a colour suggests a build, which must be one he may make
    # ("BUILD F SEV" in a lost SEV was told "BUILD RED F SEV", then "you do not own it").
    checked = check_order(order, state, rules)
    if not colours:
        raise OrderError(
            f"name the new unit's colour: BUILD RED {checked.unit_text.replace('?', 'A')} "
            f"(colours: {', '.join(COLOURS)})"
        )
    if len(set(colours)) > 1:
        raise OrderError(f"name one colour for the new unit, not {' and '.join(colours)}")
    return ColouredBuild(checked.power, checked.utype, checked.loc, colours[0])


def parse_arpiesse(
    parser: OrderParser, line: str, power: str, state: GameState, rules: StandardRules
) -> Order | None:
    if state.phase.kind == MOVEMENT:
        return parse_exchange(parser, line, power, state, rules)
    if state.phase.kind == ADJUSTMENT:
        return parse_build(parser, line, power, state, rules)
    return None
