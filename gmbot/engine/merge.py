"""A player's orders after one more mail (the ruling "All games"): each order of the mail
replaces the earlier order with the same key (the rules' `order_key`: a unit, a build
site, a spell...); earlier orders with other keys stand. The mail's refused lines that a
later line of it corrected are marked so (corrections.py). Pure: lines in, orders out."""

from __future__ import annotations

from dataclasses import dataclass, field

from gmbot.engine.adjudicate import read_orders, refuse_in_set
from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.corrections import mark_corrected
from gmbot.engine.orders import Build, Order, Remove, Waive
from gmbot.engine.parse import OrderParser
from gmbot.engine.result import Rejection
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, GameState


@dataclass
class Merged:
    orders: list[Order]  # the player's whole set now: the earlier orders kept, then the mail's
    new: list[Order] = field(default_factory=list)  # the mail's own orders that stand
    replaced: list[Order] = field(default_factory=list)  # earlier orders the mail replaced
    rejected: list[Rejection] = field(default_factory=list)  # the mail's refused lines
    dropped: list[tuple[Order, str]] = field(default_factory=list)  # earlier, no longer fit


def merge_orders(
    state: GameState, rules: StandardRules, power: str, earlier_lines: list[str],
    new_lines: list[str], parser: OrderParser | None = None,
) -> Merged:
    parser = parser or OrderParser.for_map(state.map)
    earlier, _, _ = read_orders(state, rules, power, earlier_lines, parser)
    earlier, _ = refuse_in_set(state, rules, power, earlier, {})
    places: dict[int, int] = {}  # the place of each of the mail's orders' line, by id
    new, rejected, line_of = read_orders(state, rules, power, new_lines, parser,
                                         places=places)
    keys = {rules.order_key(state, o) for o in new}
    kept = [o for o in earlier if rules.order_key(state, o) not in keys]
    replaced = [o for o in earlier if rules.order_key(state, o) in keys]
    out = Merged(orders=[], replaced=replaced, rejected=rejected)
    kept, out.dropped = _fit_adjustments(state, rules, power, kept, new)
    fresh = {id(o) for o in new}
    standing = _check_set(state, rules, power, kept + new, fresh, line_of, places, out)
    # A new order the set refused (over the balance, a second unit for a Wazir) replaces
    # nothing: the earlier order with its key stands again, if the set allows it.
    left = {rules.order_key(state, o) for o in standing if id(o) in fresh}
    back = [o for o in replaced if rules.order_key(state, o) in keys - left]
    if back:
        out.replaced = [o for o in replaced if o not in back]
        standing = _check_set(state, rules, power, standing + back, fresh, line_of, places,
                              out)
    out.orders = standing
    out.new = [o for o in standing if id(o) in fresh]
    if out.rejected and out.new:
        out.rejected = mark_corrected(state, rules, parser, out.rejected, out.new, places)
    return out


def _check_set(state: GameState, rules: StandardRules, power: str, orders: list[Order],
               fresh: set[int], line_of: dict[int, str], places: dict[int, int],
               out: Merged) -> list[Order]:
    """The orders `check_set` lets stand together; the mail's refused lines go to
    `out.rejected`, earlier orders refused to `out.dropped`."""
    standing = list(orders)
    for order, why in rules.check_set(state, power, standing):
        standing = [o for o in standing if o is not order]
        if id(order) in fresh:
            out.rejected.append(Rejection(power, line_of.get(id(order), str(order)), why,
                                          order.prov or None, places.get(id(order))))
        else:
            out.dropped.append((order, why))
    return standing


def _fit_adjustments(
    state: GameState, rules: StandardRules, power: str, kept: list[Order], new: list[Order],
) -> tuple[list[Order], list[tuple[Order, str]]]:
    """A winter allows so many builds (and WAIVEs) or removals: when the mail's own ones
    and the earlier ones are too many, the mail's come first and the earliest of the
    others go (a player who writes BUILD F BRE after BUILD A PAR with one build means it)."""
    if state.phase.kind != ADJUSTMENT:
        return kept, []
    delta = adjustment_counts(state, rules).get(power, 0)
    kinds: tuple[type, ...] = (Build, Waive) if delta > 0 else (Remove,)
    allowed = abs(delta)
    mine = sum(1 for o in new if isinstance(o, kinds))
    if not mine:
        return kept, []
    earlier = [o for o in kept if isinstance(o, kinds)]
    surplus = len(earlier) + mine - allowed
    if surplus <= 0:
        return kept, []
    gone = {id(o) for o in earlier[:surplus]}
    word = "build" if delta > 0 else "removal"
    why = f"replaced: you have {allowed} {word}(s) this winter and this mail's come first"
    return ([o for o in kept if id(o) not in gone],
            [(o, why) for o in kept if id(o) in gone])
