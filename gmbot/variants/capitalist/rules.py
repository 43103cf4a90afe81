"""Capitalist Diplomacy (Kerry Slavin, circa 1897) as hooks on the standard rules: a
capital phase (W1896A), the voted initial adjustment (W1897A), an economy paying for
orders and bribes in movement phases, and voted adjustments. See
guide.md in this folder for the rulings."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

import gmbot.variants.capitalist.economy as eco
from gmbot.engine.adjudicate import capture_centres
from gmbot.engine.choices import BotTurn
from gmbot.engine.orders import Order, OrderError
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, GameState, Phase
from gmbot.variants.capitalist.auction import Ledger, bribe_facts, settle
from gmbot.variants.capitalist.bot import capitalist_bot_lines
from gmbot.variants.capitalist.capitals import Allocation, allocate, room_for, too_near
from gmbot.variants.capitalist.legal import capitalist_lines, money_figure
from gmbot.variants.capitalist.missed import without_orders
from gmbot.variants.capitalist.notes import add_notes, movement_notes, vote_notes
from gmbot.variants.capitalist.opening import RULE, opening_gap, phases_ahead
from gmbot.variants.capitalist.orders import (
    Bribe,
    Paid,
    Prefer,
    Vote,
    parse_movement,
    parse_preferences,
    parse_vote,
    split_figure,
)
from gmbot.variants.capitalist.votes import VoteOutcome, adjusting, count_votes, vote_target

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser
    from gmbot.engine.resolve import Resolution
    from gmbot.engine.result import PhaseResult

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


# Capital sets already checked by position_problems: (map's id, distance, capitals) ->
# (the map, kept so its id stays its own; the problems).
_capital_problems: dict[tuple[Any, ...], tuple[Any, list[tuple[str, str]]]] = {}

# Capitals this many moves apart can always be allocated on the standard map.
MAX_CAPITAL_DISTANCE = 3


class _Chosen(dict[str, Order]):
    """The orders units execute, carrying the phase's ledger from `reconcile` to
    `before_movement` (which charges it)."""

    ledger: Ledger


class CapitalistRules(StandardRules):
    name = "capitalist"
    map_name = "standard"
    value_options = ("seed", "capital_min_distance")

    # -- the position -------------------------------------------------------------------

    def position_problems(self, state: GameState) -> list[tuple[str, str]]:
        """Capitals a GM wrote must keep the distance of 1.3, like allocated ones."""
        problems = list(super().position_problems(state))
        if self.options.get("changing_home_centres"):
            # A ruling: the capitals and their year-1899 home centres are the game's
            # economy; home centres that players move would undo it.
            problems.append(("options.changing_home_centres",
                             "Capitalist does not combine with changing home centres (its "
                             "home centres are the capitals and the centres held at the end "
                             "of Fall 1899)"))
        near = int(self.options.get("capital_min_distance", 2))
        if near > MAX_CAPITAL_DISTANCE:
            # Found by fuzzing game files: 4 or more left a power without a capital at
            # the allocation of W1896A, and the game could not go on.
            problems.append(("options.capital_min_distance",
                             f"{near}: at most {MAX_CAPITAL_DISTANCE} (with more, the "
                             f"allocation of the capitals leaves some power without one)"))
        # The capitals are the same phase after phase: checked once per set of them.
        key = (id(state.map), near, tuple(eco.capital(state, p) for p in state.powers))
        known = _capital_problems.get(key)
        if known is None or known[0] is not state.map:
            known = (state.map, self._capital_problems(state, near))
            if len(_capital_problems) >= 1000:
                _capital_problems.clear()
            _capital_problems[key] = known
        return problems + known[1]

    def _capital_problems(self, state: GameState, near: int) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        placed: list[tuple[str, str]] = []
        for power in state.powers:
            cap = eco.capital(state, power)
            if cap is None:
                continue
            if cap not in state.map.supply_centres:
                problems.append((f"powers.{power}.capital", f"{cap} is not a supply centre"))
                continue
            for other, there in placed:
                if too_near(state.map, cap, there, near):
                    problems.append((f"powers.{power}.capital",
                                     f"{cap} is fewer than {near} moves from {other}'s capital "
                                     f"{there} (1.3)"))
            placed.append((power, cap))
        waiting = [p for p in state.powers if eco.capital(state, p) is None]
        if (placed and waiting and eco.is_capital_phase(state)
                and not room_for(state.map, [c for _, c in placed], len(waiting), near)):
            # The capital phase would find no capital for some of them (1.3, 1.4).
            problems.append(("powers", f"the capitals set leave no room for a capital for "
                                       f"each of {', '.join(waiting)}, {near} or more moves "
                                       "from every other (1.3)"))
        return problems

    # -- grammar ----------------------------------------------------------------------

    def order_key(self, state: GameState, order: Order) -> tuple[str, ...]:
        # A bribe is for the bribed unit, a vote for its centre or unit, the capital list
        # is one; a paid order is its unit's order (the standard key).
        if isinstance(order, Bribe):
            return ("bribe", order.prov)
        if isinstance(order, Vote):
            return ("vote", order.prov)
        if isinstance(order, Prefer):
            return ("capitals",)
        return super().order_key(state, order)

    def order_words(self) -> frozenset[str]:
        return super().order_words() | {"BRIBE", "BRIBES", "VOTE", "VOTES", "CAPITALS",
                                        "CAPITAL", "PREFER", "PREFERENCES"}

    def legal_extra(self, state: GameState, power: str) -> list[str]:
        return super().legal_extra(state, power) + capitalist_lines(state, self, power)

    def bot_lines(self, state: GameState, power: str, turn: BotTurn,
                  rng: random.Random) -> list[str]:
        return capitalist_bot_lines(state, self, power, turn, rng)

    def legal_figure(self, state: GameState, power: str) -> int:
        return max(super().legal_figure(state, power), money_figure(state, power))

    def parse_extra(
        self, parser: OrderParser, line: str, power: str, state: GameState
    ) -> Order | None:
        kind = state.phase.kind
        if kind == RETREAT:
            if _BRIBE_WORD.match(line) or split_figure(line)[1] is not None:
                raise OrderError("retreats are outside the economy: no pay and no bribes")
            return None
        if kind == MOVEMENT:
            return self._movement_line(parser, line, power, state)
        if eco.is_capital_phase(state):
            prefer = parse_preferences(parser, line, power, state)
            if prefer is None:
                raise OrderError("in the capital phase send your 10 preferred capitals, best "
                                 "first: CAPITALS LON EDI LVP ...")
            return prefer
        vote = parse_vote(parser, line, power, state)
        if vote is None:
            raise OrderError(f"adjustments are voted in Capitalist Diplomacy: {_as_vote(line)}")
        self._check_vote(state, vote)
        return vote

    def _movement_line(
        self, parser: OrderParser, line: str, power: str, state: GameState
    ) -> Order:
        # Most lines are unit orders: the word patterns only for a line that may begin
        # with one of their words (BRIBE, VOTE, CAPITALS).
        if line.lstrip()[:1] in _WORD_HEADS:
            if _OTHER_PHASE.match(line):
                raise OrderError("votes and capital lists are given in winter, not in a "
                                 "movement phase")
            if _BRIBE_WORD.match(line) and eco.bribe_limit(state.phase) == 0:
                # No rule numbers in a player's mail: he never read the guide.
                raise OrderError(f"no bribes in {state.phase.year}: they begin in Spring 1899, "
                                 "for one unit")
        order = parse_movement(parser, line, power, state, self)
        cost = order.pay if isinstance(order, Paid) else order.amount  # type: ignore[attr-defined]
        money = eco.available(state, power)
        if cost > money:
            raise OrderError(f"costs {cost} but your balance is {money}")
        return order

    def _check_vote(self, state: GameState, vote: Vote) -> None:
        if vote.option == "NONE" and not eco.no_build_allowed(state.phase):
            raise OrderError("'no build' votes count only from 1900 on")
        if eco.is_initial_adjustment(state):
            if vote.option not in ("A", "F"):
                raise OrderError("the initial adjustment votes an army or a fleet for each capital")
            if vote.count > 3:
                raise OrderError("give each capital 1 to 3 votes")
        if vote_target(state, self, vote) is None:
            if vote.option == "REMOVE":
                raise OrderError(f"{vote.utype} {vote.loc} belongs to no one who must remove")
            if (state.centers.get(vote.prov) == vote.power and not eco.homes_fixed(state.phase)
                    and vote.prov not in eco.home_centres(state, vote.power)):
                # A standard player builds in the centres he owns at the start; here only
                # the capital is a home centre until the end of Fall 1899.
                raise OrderError(f"{vote.prov} is yours but no home centre: until the end of "
                                 "Fall 1899 you build only in your capital (and a capital you "
                                 "took)")
            raise OrderError(f"{vote.prov} is no one's open build site this winter")

    # -- who orders what ------------------------------------------------------------------

    def check_set(
        self, state: GameState, power: str, orders: list[Order]
    ) -> list[tuple[Order, str]]:
        if state.phase.kind == MOVEMENT:
            return self._check_money(state, power, orders)
        if state.phase.kind == ADJUSTMENT:
            return self._check_votes(state, power, orders)
        return []

    def _check_money(
        self, state: GameState, power: str, orders: list[Order]
    ) -> list[tuple[Order, str]]:
        refused: list[tuple[Order, str]] = []
        money = eco.available(state, power)
        committed = 0
        limit = eco.bribe_limit(state.phase)
        nations: list[str] = []
        for order in orders:
            if isinstance(order, Bribe):
                if len(nations) >= limit:
                    many = "1 unit" if limit == 1 else f"{limit} units"
                    refused.append((order, f"you may bribe only {many} this season (1 in "
                                           "Spring 1899, 2 in Fall 1899, 3 from 1900)"))
                    continue
                if limit > 1 and order.owner in nations:
                    refused.append((order, f"you already bribe a unit of {order.owner}: each "
                                           "bribe must be to a different nation"))
                    continue
                cost = order.amount
            elif isinstance(order, Paid):
                cost = order.pay
            else:
                continue
            if committed + cost > money:
                refused.append((order, f"not enough money: your balance is {money} and your "
                                       f"earlier lines already commit {committed}"))
                continue
            committed += cost
            if isinstance(order, Bribe):
                nations.append(order.owner)
        return refused

    def _check_votes(
        self, state: GameState, power: str, orders: list[Order]
    ) -> list[tuple[Order, str]]:
        refused: list[tuple[Order, str]] = []
        prefers = [o for o in orders if isinstance(o, Prefer)]
        refused += [(o, "replaced by your later list") for o in prefers[:-1]]
        budget = eco.vote_budget(state, power)
        used = 0
        per_site: dict[str, int] = {}
        initial = eco.is_initial_adjustment(state)
        for order in orders:
            if not isinstance(order, Vote):
                continue
            if initial and per_site.get(order.prov, 0) + order.count > 3:
                refused.append((order, f"give {order.prov} at most 3 votes in all"))
                continue
            if used + order.count > budget:
                refused.append((order, f"you have {budget} votes and have used {used}"))
                continue
            used += order.count
            per_site[order.prov] = per_site.get(order.prov, 0) + order.count
        return refused

    def reconcile(self, state: GameState, orders: list[Order]) -> dict[str, Order]:
        if state.phase.kind != MOVEMENT:
            return super().reconcile(state, orders)
        ledger = settle(state, orders)
        chosen = _Chosen({p: d.executed for p, d in ledger.deals.items() if d.executed})
        chosen.ledger = ledger
        return chosen

    def missing_orders(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        if state.phase.kind != ADJUSTMENT:
            return super().missing_orders(state, power, orders)
        if eco.is_capital_phase(state):
            if eco.capital(state, power) or any(isinstance(o, Prefer) for o in orders):
                return []
            return ["your 10 preferred capitals (CAPITALS LON EDI ...)"]
        votes = [o for o in orders if isinstance(o, Vote)]
        if eco.is_initial_adjustment(state):
            gap = opening_gap(state, power, orders)
            return [gap] if gap else []
        delta = adjusting(state, self).get(power, 0)
        if delta and not any(vote_target(state, self, v) == power for v in votes):
            what = "build(s)" if delta > 0 else "removal(s)"
            return [f"at least 1 vote for your own {what}"]
        return []

    def help_data(self, state: GameState, viewer: str | None) -> dict[str, Any]:
        return {**super().help_data(state, viewer), **phases_ahead(state)}

    def without_orders(self, state: GameState, power: str) -> str:
        return without_orders(state) or super().without_orders(state, power)

    def ack_lines(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        if state.phase.kind == MOVEMENT:
            money = eco.available(state, power)
            pays = sum(o.pay for o in orders if isinstance(o, Paid))
            bribes = sum(o.amount for o in orders if isinstance(o, Bribe))
            return [f"Account: {money} available; pays {pays}, bribes offered {bribes}; "
                    f"{money - pays - bribes} left if every bribe is taken. Units you leave "
                    "unordered hold and are paid 1 each while money lasts."]
        if state.phase.kind == ADJUSTMENT and not eco.is_capital_phase(state):
            used = sum(o.count for o in orders if isinstance(o, Vote))
            rule = f"; {RULE}" if eco.is_initial_adjustment(state) else ""
            return [f"Votes: {used} of {eco.vote_budget(state, power)} used{rule}."]
        return []

    # -- the board --------------------------------------------------------------------

    def build_sites(self, state: GameState, power: str) -> set[str]:
        return {
            h for h in eco.home_centres(state, power)
            if state.centers.get(h) == power and h not in state.units
        }

    # -- phase effects ----------------------------------------------------------------

    def before_movement(
        self, state: GameState, orders: dict[str, Order]
    ) -> tuple[GameState, dict[str, Order]]:
        ledger = getattr(orders, "ledger", None)
        if ledger is None:
            return state, orders
        attrs = {p: dict(a) for p, a in state.power_attrs.items()}
        for power in eco.capitals(state):
            mine = attrs.setdefault(power, {})
            mine["balance"] = eco.available(state, power) - ledger.spent(power)
            mine["income_phase"] = str(state.phase)
        return state.with_(power_attrs=attrs), orders

    def after_movement(self, state: GameState, res: Resolution) -> GameState:
        if _ends_fall_1899(state.phase) and not state.dislodged:
            return eco.fix_homes(state, capture_centres(state).centers)
        return state

    def after_retreats(self, state: GameState) -> GameState:
        if _ends_fall_1899(state.phase):
            return eco.fix_homes(state, capture_centres(state).centers)
        return state

    def before_adjustments(
        self, state: GameState, orders: list[Order]
    ) -> tuple[GameState, list[Order]]:
        if eco.is_capital_phase(state):
            return self._assign_capitals(state, orders), []
        outcome = self._count(state, orders)
        return state, outcome.orders

    def _allocation(self, state: GameState, orders: list[Order]) -> Allocation:
        prefs = {o.power: list(o.centres) for o in orders if isinstance(o, Prefer)}
        return allocate(state.map, prefs, eco.capitals(state), state.powers,
                        self.rng(state, "capitals"),
                        int(self.options.get("capital_min_distance", 2)))

    def _assign_capitals(self, state: GameState, orders: list[Order]) -> GameState:
        alloc = self._allocation(state, orders)
        attrs = {p: dict(a) for p, a in state.power_attrs.items()}
        for power, cap in alloc.capitals.items():
            attrs.setdefault(power, {}).update(capital=cap)
            attrs[power].setdefault("balance", 0)
        return state.with_(
            power_attrs=attrs,
            centers={cap: p for p, cap in alloc.capitals.items()},
            homes={p: (cap,) for p, cap in alloc.capitals.items()},
        )

    def _count(self, state: GameState, orders: list[Order]) -> VoteOutcome:
        votes = [o for o in orders if isinstance(o, Vote)]
        return count_votes(state, self, votes, self.rng(state, "votes"),
                           always_build=eco.is_initial_adjustment(state))

    # -- sequence -----------------------------------------------------------------------

    def next_phase(self, phase: Phase) -> Phase:
        if phase.kind == ADJUSTMENT and phase.year <= eco.CAPITAL_YEAR:
            return Phase.make("W", eco.INITIAL_YEAR, ADJUSTMENT)
        return super().next_phase(phase)

    # -- reporting ------------------------------------------------------------------------

    def board_marks(self, state: GameState) -> dict[str, list[str]]:
        return {c: ["capital"] for c in eco.capitals(state).values()}

    def private_lines(self, state: GameState, viewer: str) -> list[str]:
        cap = eco.capital(state, viewer)
        if cap is None:
            return []
        lines = [f"Your capital: {cap}. Home centres: "
                 f"{' '.join(sorted(eco.home_centres(state, viewer))) or 'none'}."]
        due = eco.income_due(state, viewer)
        bal = eco.balance(state, viewer)
        if due:
            lines.append(f"Account: balance {bal} + income {due} for {state.phase} = "
                         f"{bal + due} to spend.")
        else:
            lines.append(f"Account: balance {bal}.")
        return lines

    def phase_notes(self, result: PhaseResult) -> None:
        state, orders = result.start or result.before, result.accepted
        if state.phase.kind == MOVEMENT:
            ledger = settle(state, orders)
            movement_notes(state, ledger, result.notes, result.marks)
            result.facts += bribe_facts(ledger)
        elif state.phase.kind == ADJUSTMENT and eco.is_capital_phase(state):
            alloc = self._allocation(state, orders)
            add_notes(result.notes, public=["Capitals:", *alloc.log], random=alloc.draws)
        elif state.phase.kind == ADJUSTMENT:
            vote_notes(state, self._count(state, orders), orders, result.notes)


def _ends_fall_1899(phase: Phase) -> bool:
    return phase.year == eco.HOMES_FIXED_YEAR and phase.season == "F"
