"""The grammar hooks: a variant's own order lines, the sets refused together, the lines a
bot may give, what an order is the order for, and the words that begin an order line."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from gmbot.engine.orders import Build, Order, Waive
from gmbot.engine.state import GameState

if TYPE_CHECKING:
    from gmbot.engine.choices import BotTurn
    from gmbot.engine.parse import OrderParser

STANDARD_ORDER_WORDS = frozenset({
    "BUILD", "BUILDS", "REMOVE", "REMOVES", "DISBAND", "DISBANDS", "WAIVE", "WAIVES",
    "RETREAT", "RETREATS", "ARMY", "FLEET",
})



class GrammarHooks:
    """How a rule set reads and keys order lines (standard: the standard grammar alone)."""

    def parse_extra(
        self, parser: OrderParser, line: str, power: str, state: GameState
    ) -> Order | None:
        """A variant's own order line (spells, bribes, hire...), or None for the standard
        grammar. Raise OrderError for a line that is the variant's but wrong."""
        return None

    def check_set(
        self, state: GameState, power: str, orders: list[Order]
    ) -> list[tuple[Order, str]]:
        """Orders of one power's set refused together with the reason, though each line
        alone was valid (one unit too many, two orders that exclude each other...)."""
        return []

    def legal_extra(self, state: GameState, power: str) -> list[str]:
        """Lines of the variant's own commands `power` may give this phase (each one
        accepted alone by `parse_extra`), for `gmbot.engine.legal`: what a bot chooses
        from. Standard: none; the standard forms are made from the board."""
        return []

    def legal_figure(self, state: GameState, power: str) -> int:
        """The highest figure `(N)` that `power`'s listed lines may carry this phase (a
        pay, a bribe, a count of votes), for `gmbot.engine.legal`: a line is listed
        without its figure and stands for the line with any figure from 1 to this one
        (their sum is the set's to check). Standard: 0, no line carries a figure."""
        return 0

    def bot_lines(self, state: GameState, power: str, turn: BotTurn,
                  rng: random.Random) -> list[str]:
        """The lines a bot gives: its `turn.chosen` lines as the variant plays them (a
        pay on a unit's order, a hold that pays someone) and the variant's own commands,
        each a line the judge accepts alone. Standard: the chosen lines."""
        return list(turn.chosen)

    def order_key(self, state: GameState, order: Order) -> tuple[str, ...]:
        """What an order is the order *for*: a later mail's order with the same key
        replaces it, orders with other keys stand (the ruling "a mail's order for a unit
        replaces that unit's previous order"). Standard: a unit order and a removal are
        for the unit's province, a build for its site; a mail's WAIVEs replace the
        earlier WAIVEs. A variant keys its own order kinds (a spell, a bribe, a hire)."""
        if isinstance(order, Build):
            return ("build", order.prov)
        if isinstance(order, Waive):
            return ("waive",)
        if order.loc:
            return ("unit", order.prov)
        return (type(order).__name__.lower(),)

    def order_words(self) -> frozenset[str]:
        """Words that begin an order line of this rule set besides a unit: a line starting
        with one (or a near miss of one) is an order, never chatter."""
        return STANDARD_ORDER_WORDS
