"""What becomes of a Capitalist player whose orders do not come in time, in his words
(the late notice says it): the capital phase and the votes follow their own rules, not
standard Diplomacy's "your units hold" (there are no units before Spring 1898)."""

from __future__ import annotations

from gmbot.engine.state import ADJUSTMENT, GameState
from gmbot.variants.capitalist.economy import is_capital_phase, is_initial_adjustment


def without_orders(state: GameState) -> str | None:
    """The sentence for a late player in a phase of Capitalist's own; None: standard's."""
    if is_capital_phase(state):
        return ("Without them you get a capital by lot, among the centres still free "
                "when the others' lists have been served.")
    if is_initial_adjustment(state):
        return ("Without them the capitals you have not voted on get no vote from you: "
                "the other players' votes place their first units, and a capital nobody "
                "votes for gets an army.")
    if state.phase.kind == ADJUSTMENT:
        return ("Without them your builds and removals are decided by the others' votes; "
                "a unit you must remove that nobody votes for is chosen as in civil "
                "disorder.")
    return None


def open_seat(state: GameState, power: str) -> str:
    """What `power`'s seat is while nobody plays it (the notice of an opened seat): from
    the phase it opens in to the phases after, since the seat may stay open."""
    later = ("its units hold, each paid 1 while its money lasts, it bribes nobody, and its "
             "builds and removals are decided by the others' votes (a unit it must remove "
             "that nobody votes for is chosen as in civil disorder)")
    if is_initial_adjustment(state) or is_capital_phase(state):
        later = ("in the opening vote it votes on no capital: the others' votes place its "
                 "first units, and a capital nobody votes for gets an army. From then on "
                 f"{later}")
    if is_capital_phase(state):
        later = ("it gets a capital by lot among the centres still free when the others' "
                 f"lists have been served; {later}")
    return (f"Until a new player takes it over, {power} is in civil disorder: it sends no "
            f"orders, so {later}.")
