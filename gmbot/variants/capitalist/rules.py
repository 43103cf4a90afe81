"""Capitalist Diplomacy (Kerry Slavin, circa 1897) as hooks on the standard rules: a
capital phase (W1896A), the voted initial adjustment (W1897A), an economy paying for
orders and bribes in movement phases, and voted adjustments. See
guide.md in this folder for the rulings."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import gmbot.variants.capitalist.economy as eco
from gmbot.engine.adjudicate import capture_centres
from gmbot.engine.build_tally import BuildTally
from gmbot.engine.choices import BotTurn
from gmbot.engine.orders import Order
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState, Phase
from gmbot.variants.capitalist.auction import Ledger, bribe_facts, bribe_given, settle
from gmbot.variants.capitalist.bot import capitalist_bot_lines
from gmbot.variants.capitalist.capitals import Allocation, allocate, list_example
from gmbot.variants.capitalist.checks import refused_lines
from gmbot.variants.capitalist.grammar import capitalist_line
from gmbot.variants.capitalist.legal import capitalist_lines, money_figure
from gmbot.variants.capitalist.missed import open_seat, without_orders
from gmbot.variants.capitalist.notes import add_notes, movement_notes, vote_notes
from gmbot.variants.capitalist.opening import RULE, opening_gap, phases_ahead
from gmbot.variants.capitalist.orders import Bribe, Paid, Prefer, Vote
from gmbot.variants.capitalist.position import capitalist_problems
from gmbot.variants.capitalist.votes import VoteOutcome, adjusting, count_votes, vote_target

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser
    from gmbot.engine.resolve import Resolution
    from gmbot.engine.result import PhaseResult


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
        return [*super().position_problems(state), *capitalist_problems(state, self.options)]

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
        return capitalist_line(self, parser, line, power, state)

    # -- who orders what ------------------------------------------------------------------

    def check_set(
        self, state: GameState, power: str, orders: list[Order]
    ) -> list[tuple[Order, str]]:
        return refused_lines(state, power, orders)

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
            return [f"your 10 preferred capitals ({list_example(state.map, power)})"]
        votes = [o for o in orders if isinstance(o, Vote)]
        if eco.is_initial_adjustment(state):
            gap = opening_gap(state, power, orders)
            return [gap] if gap else []
        delta = adjusting(state, self).get(power, 0)
        if delta and not any(vote_target(state, self, v) == power for v in votes):
            # His own sites or units, and a line to send (the trial of 3 December 2026,
            # third: "at least 1 vote for your own build(s)" named nothing).
            if delta > 0:
                sites = sorted(self.build_sites(state, power))
                if not sites:
                    return ["at least 1 vote for your own build(s)"]
                return [f"at least 1 vote for your own build(s), at {' '.join(sites)}: "
                        f"e.g. VOTE A {sites[0]} (1)"]  # an army stands on any centre
            units = sorted(str(u) for u in state.units_of(power))
            return [f"at least 1 vote for your own removal(s): e.g. VOTE REMOVE {units[0]} (1)"
                    if units else "at least 1 vote for your own removal(s)"]
        return []

    def help_data(self, state: GameState, viewer: str | None) -> dict[str, Any]:
        return {**super().help_data(state, viewer), **phases_ahead(state)}

    def without_orders(self, state: GameState, power: str,
                       orders: Sequence[Order] = ()) -> str:
        return without_orders(state) or super().without_orders(state, power, orders)

    def open_seat_words(self, state: GameState, key: str) -> str:
        return open_seat(state, key)

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

    def homes_shown(self, state: GameState, power: str) -> set[str]:
        # A captured capital is its captor's home (3.2): the capitals and the centres'
        # owners are public, so the board says what his own section says.
        return eco.home_centres(state, power)

    def private_lines(self, state: GameState, viewer: str) -> list[str]:
        return _standing(state, viewer, "Your capital")

    def build_tally_words(self, state: GameState, tally: BuildTally) -> str:
        # The winter's builds are voted by everyone: a power's own orders do not make its
        # builds, so "you could build 2 and built 1" would be untrue; the vote totals say
        # what each centre got.
        return ""

    def master_lines(self, state: GameState, viewer: str) -> list[str]:
        # The capitals are on everyone's map; the accounts are each power's own.
        return _standing(state, viewer, "Capital")

    def phase_notes(self, result: PhaseResult) -> None:
        state, orders = result.start or result.before, result.accepted
        if state.phase.kind == MOVEMENT:
            ledger = settle(state, orders)
            movement_notes(state, ledger, result.notes, result.marks)
            facts = bribe_facts(ledger)
            result.facts += facts
            for unit, (given, why) in bribe_given(ledger, facts).items():
                result.given[unit], result.why[unit] = given, why
        elif state.phase.kind == ADJUSTMENT and eco.is_capital_phase(state):
            alloc = self._allocation(state, orders)
            add_notes(result.notes, public=["Capitals:", *alloc.log], random=alloc.draws)
        elif state.phase.kind == ADJUSTMENT:
            vote_notes(state, self._count(state, orders), orders, result.notes)


def _ends_fall_1899(phase: Phase) -> bool:
    return phase.year == eco.HOMES_FIXED_YEAR and phase.season == "F"


def _standing(state: GameState, power: str, capital: str) -> list[str]:
    """`power`'s capital and home centres, and its account, once it has a capital."""
    cap = eco.capital(state, power)
    if cap is None:
        return []
    lines = [f"{capital}: {cap}. Home centres: "
             f"{' '.join(sorted(eco.home_centres(state, power))) or 'none'}."]
    due = eco.income_due(state, power)
    bal = eco.balance(state, power)
    if due:
        lines.append(f"Account: balance {bal} + income {due} for {state.phase} = "
                     f"{bal + due} to spend.")
    else:
        lines.append(f"Account: balance {bal}.")
    return lines
