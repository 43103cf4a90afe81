"""Reading a Capitalist order line, phase by phase: a paid order or a bribe in a movement
phase (checked against the balance), the ten capitals in the capital phase, a vote in
every other winter; no pay or bribe in a retreat. Each refusal says what to write."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import gmbot.variants.capitalist.economy as eco
from gmbot.engine.orders import Order, OrderError
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import MOVEMENT, RETREAT, GameState
from gmbot.variants.capitalist.capitals import list_example
from gmbot.variants.capitalist.orders import (
    Paid,
    Vote,
    parse_movement,
    parse_preferences,
    parse_vote,
    split_figure,
)
from gmbot.variants.capitalist.votes import vote_target

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser

_BRIBE_WORD = re.compile(r"^\s*BRIBES?\b", re.IGNORECASE)
_OTHER_PHASE = re.compile(r"^\s*(VOTES?|CAPITALS?)\b", re.IGNORECASE)
_WORD_HEADS = frozenset("BbVvCc")  # first letters of the two patterns' words
VOTE_HELP = "VOTE A PAR (2), VOTE F STP/NC (1), VOTE NO BUILD PAR (2) or VOTE REMOVE F NTH (3)"
# A standard winter order, to be written as the vote it means.
_BUILD_OR_REMOVE = re.compile(r"^\s*(BUILD|REMOVE)\s+(.+?)\s*$", re.IGNORECASE)


def _as_vote(line: str) -> str:
    """The vote a winter line means, when it is a standard BUILD or REMOVE (the reader's
    own unit and centre), else the vote's forms."""
    found = _BUILD_OR_REMOVE.match(line)
    if found is None:
        return VOTE_HELP
    what = " ".join(found.group(2).upper().split())
    vote = f"VOTE {what}" if found.group(1).upper() == "BUILD" else f"VOTE REMOVE {what}"
    return f"write {vote} (1), or more votes: {vote} (3)"


def capitalist_line(rules: StandardRules, parser: OrderParser, line: str, power: str,
                    state: GameState) -> Order | None:
    """The rules' `parse_extra`: the line's Capitalist order, None for a standard one."""
    kind = state.phase.kind
    if kind == RETREAT:
        if _BRIBE_WORD.match(line) or split_figure(line)[1] is not None:
            raise OrderError("retreats are outside the economy: no pay and no bribes")
        return None
    if kind == MOVEMENT:
        return _movement_line(rules, parser, line, power, state)
    if eco.is_capital_phase(state):
        prefer = parse_preferences(parser, line, power, state)
        if prefer is None:
            raise OrderError("in the capital phase send your 10 preferred capitals, best "
                             f"first: {list_example(state.map, power)}")
        return prefer
    vote = parse_vote(parser, line, power, state)
    if vote is None:
        raise OrderError(f"adjustments are voted in Capitalist Diplomacy: {_as_vote(line)}")
    _check_vote(rules, state, vote)
    return vote


def _movement_line(rules: StandardRules, parser: OrderParser, line: str, power: str,
                   state: GameState) -> Order:
    # Most lines are unit orders: the word patterns only for a line that may begin with
    # one of their words (BRIBE, VOTE, CAPITALS).
    if line.lstrip()[:1] in _WORD_HEADS:
        if _OTHER_PHASE.match(line):
            raise OrderError("votes and capital lists are given in winter, not in a "
                             "movement phase")
        if _BRIBE_WORD.match(line) and eco.bribe_limit(state.phase) == 0:
            # No rule numbers in a player's mail: he never read the guide.
            raise OrderError(f"no bribes in {state.phase.year}: they begin in Spring 1899, "
                             "for one unit")
    order = parse_movement(parser, line, power, state, rules)
    cost = order.pay if isinstance(order, Paid) else order.amount  # type: ignore[attr-defined]
    money = eco.available(state, power)
    if cost > money:
        raise OrderError(f"costs {cost} but your balance is {money}")
    return order


def _check_vote(rules: StandardRules, state: GameState, vote: Vote) -> None:
    if vote.option == "NONE" and not eco.no_build_allowed(state.phase):
        raise OrderError("'no build' votes count only from 1900 on")
    if eco.is_initial_adjustment(state):
        if vote.option not in ("A", "F"):
            raise OrderError("the initial adjustment votes an army or a fleet for each capital")
        if vote.count > 3:
            raise OrderError("give each capital 1 to 3 votes")
    if vote_target(state, rules, vote) is None:
        if vote.option == "REMOVE":
            raise OrderError(f"{vote.utype} {vote.loc} belongs to no one who must remove")
        if (state.centers.get(vote.prov) == vote.power and not eco.homes_fixed(state.phase)
                and vote.prov not in eco.home_centres(state, vote.power)):
            # A standard player builds in the centres he owns at the start; here only the
            # capital is a home centre until the end of Fall 1899.
            raise OrderError(f"{vote.prov} is yours but no home centre: until the end of "
                             "Fall 1899 you build only in your capital (and a capital you "
                             "took)")
        owner, unit = state.centers.get(vote.prov), state.units.get(vote.prov)
        if unit is not None and owner is not None and _builds(state, owner) \
                and vote.prov in eco.home_centres(state, owner):
            # The trial of 3 December 2026 (third): Italy's vote for the capital he took, his
            # own army in it, read "no one's open build site", which told him nothing.
            mine = "your " if unit.power == vote.power else ""
            raise OrderError(f"{vote.prov} is no build site this winter: {mine}{unit} stands "
                             "there, and units are built only in a free home centre")
        raise OrderError(f"{vote.prov} is no one's open build site this winter")


def _builds(state: GameState, power: str) -> bool:
    """Whether the power has builds this winter (more centres than units)."""
    return sum(1 for o in state.centers.values() if o == power) > len(state.units_of(power))
