"""The refused lines of a mail that the player corrected himself (issue 32): a refused line
for a unit that a later line of the same mail gave an order that stands. Early processing
waits for a player whose latest orders mail had refused lines, so that a mistake is not
adjudicated before he could fix it (service/views/readiness.py); one he fixed a few lines
further down need not wait. The line is still refused, and told him as before.

The rule, the narrowest that is sound in every variant:

- A refused line's unit is the unit the phase's standard grammar reads it as the order for:
  the order it reads whole (one the check, the rule set's own reading or its `check_set`
  refused), when the rules' `order_key` keys that as a unit's ("unit", ...): a hold, move,
  support or convoy, a retreat or disband, a winter's removal; or, of a line the grammar
  refuses, the unit it had read before the mistake (`OrderError.unit`, which grammar.py
  marks: `A LVP - YOK` is for the army in Liverpool).
- No unit is told of a line that begins with one of the rule set's own order words (its
  `order_words` beyond the standard ones: a spell, a bribe, a vote, a court order), of a
  build (it is for a site, not a unit) or a waive, or of a line whose unit is not read
  (garbage, an unknown unit's province, a line only another phase's grammar reads): such
  a line is never corrected, and holds as before.
- It is corrected by the order of a later line of the same mail that stands in the set
  and is an order for that unit: `order_key` keys it as a unit's, and its province is the
  unit's. So a move of a unit never corrects a refused spell, bribe or build that names
  the unit, and a spell never corrects a unit's line. An order of an earlier line, or of
  an earlier mail, corrects nothing: the refused line was the player's last word.
"""

from __future__ import annotations

from dataclasses import replace

from gmbot.engine.hooks.grammar import STANDARD_ORDER_WORDS
from gmbot.engine.orders import Order, OrderError
from gmbot.engine.parse import OrderParser
from gmbot.engine.result import Rejection
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState


def mark_corrected(
    state: GameState, rules: StandardRules, parser: OrderParser, refused: list[Rejection],
    new: list[Order], places: dict[int, int],
) -> list[Rejection]:
    """`refused`, each line that a later line's order of `new` corrected (the mail's orders
    that stand, with the places of their lines by id) marked with the unit (`corrected`)."""
    last: dict[str, int] = {}  # a unit's province -> the place of its standing order's line
    for order in new:
        at = places.get(id(order))
        if at is not None and order.loc and rules.order_key(state, order)[:1] == ("unit",):
            last[order.prov] = max(at, last.get(order.prov, -1))
    if not last:
        return refused
    return [_marked(state, rules, parser, r, last) for r in refused]


def _marked(state: GameState, rules: StandardRules, parser: OrderParser, refused: Rejection,
            last: dict[str, int]) -> Rejection:
    # Read again only when the quick guess at its unit (Rejection.prov) has a later order:
    # a junk mail's refused lines are many.
    at = refused.at
    if at is None or refused.prov is None or last.get(refused.prov, -1) <= at:
        return refused
    unit = line_unit(state, rules, parser, refused.power, refused.line)
    if unit is None or last.get(unit, -1) <= at:
        return refused
    return replace(refused, corrected=unit)


def line_unit(state: GameState, rules: StandardRules, parser: OrderParser, power: str,
              line: str) -> str | None:
    """The province of the unit the phase's standard grammar reads `line` as the order
    for (the module's doc), or None."""
    toks = parser.tokens(line)
    if not toks or toks[0] in rules.order_words() - STANDARD_ORDER_WORDS:
        return None
    try:
        order = parser.parse(line, power, state.phase.kind)
    except OrderError as e:
        return e.unit
    if order.loc and rules.order_key(state, order)[:1] == ("unit",):
        return order.prov
    return None
