"""Changing home centres, an option for any game (its guide: guide.md in this folder).

In the winter a power may order `ASSIMILATE WAR` (or `WAR ASSIMILATED`) to make a centre it
has held since the previous winter one of its home centres, and `ABANDON SEV` (or
`SEV ABANDONED`) to give up a home centre it has not held since then, while it controls
fewer centres than it has home centres. A power never has more than N + 1 home centres, N
being its initial home centres (without the "extra" starting centres of rule 6, which the
position names in `extra_centres`); once it has N + 1 they are frozen. A build and an
assimilation on the same centre void the build. Changes count from the next winter.

The option's order lines are read in grammar.py, what it keeps per power in records.py,
the rules 2 to 5 in settlement.py, and what a player reads of his homes in summary.py.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.choices import BotTurn
from gmbot.engine.orders import Order, OrderError, Waive
from gmbot.engine.result import PhaseResult, Rejection
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, GameState
from gmbot.variants.options.home_centres.bot import home_centre_choice
from gmbot.variants.options.home_centres.grammar import (
    ABANDON_WORDS,
    ASSIMILATE_WORDS,
    Abandon,
    Assimilate,
    parse_home_order,
)
from gmbot.variants.options.home_centres.legal import home_centre_lines
from gmbot.variants.options.home_centres.records import counted_homes, initial_homes, record
from gmbot.variants.options.home_centres.settlement import choices, refusal, settle
from gmbot.variants.options.home_centres.summary import home_summary

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser


class ChangingHomeCentres(StandardRules):
    """The option `changing_home_centres`: see the module doc and guide.md."""

    name = "changing_home_centres"

    def winter_choices(self, state: GameState) -> bool:
        # The winter is played whenever some power may change its home centres in it.
        # A power out of the game (no centre, no unit) chooses nothing.
        return super().winter_choices(state) or any(
            any(choices(self, state, p)) for p in state.powers if state.is_alive(p))

    def missing_orders(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        missing = super().missing_orders(state, power, orders)
        if (state.phase.kind == ADJUSTMENT and not orders and not missing
                and state.is_alive(power) and not adjustment_counts(state, self).get(power)
                and any(choices(self, state, power))):
            # A winter played for its home-centre choices waits for an answer: a power
            # with a choice and nothing to build or remove says ASSIMILATE, ABANDON or
            # WAIVE (no change).
            missing.append("ASSIMILATE or ABANDON a home centre, or WAIVE to keep them")
        return missing

    def order_key(self, state: GameState, order: Order) -> tuple[str, ...]:
        if isinstance(order, (Assimilate, Abandon)):
            return (type(order).__name__.lower(), order.prov)
        return super().order_key(state, order)

    def order_words(self) -> frozenset[str]:
        return super().order_words() | ASSIMILATE_WORDS | ABANDON_WORDS

    def parse_extra(
        self, parser: OrderParser, line: str, power: str, state: GameState
    ) -> Order | None:
        order = parse_home_order(parser, line, power)
        if order is None:
            return super().parse_extra(parser, line, power, state)
        if state.phase.kind != ADJUSTMENT:
            raise OrderError("home centres are assimilated or abandoned only in the winter "
                             "(adjustment) phase")
        # Alone, against the winter's position; orders that clash are settled at the end.
        why = refusal(state, order, counted_homes(self, state, power), set(),
                      self.fixed_homes(state, power))
        if why:
            raise OrderError(why)
        return order

    def legal_extra(self, state: GameState, power: str) -> list[str]:
        return super().legal_extra(state, power) + home_centre_lines(state, power)

    def bot_lines(self, state: GameState, power: str, turn: BotTurn,
                  rng: random.Random) -> list[str]:
        lines = super().bot_lines(state, power, turn, rng)
        return lines + home_centre_choice(turn.legal, lines, rng)

    def before_movement(
        self, state: GameState, orders: dict[str, Order]
    ) -> tuple[GameState, dict[str, Order]]:
        state, orders = super().before_movement(state, orders)
        # Owners in the spring are the owners at the end of the previous winter.
        return record(self, state, refresh=state.phase.season == "S"), orders

    def adjustment_orders(
        self, state: GameState, orders: list[Order], result: PhaseResult
    ) -> tuple[GameState, list[Order]]:
        changed, orders = super().adjustment_orders(state, orders, result)
        counts = adjustment_counts(state, self)
        # WAIVE from a power with nothing to build says "no home-centre change": not a
        # refused build.
        orders = [o for o in orders
                  if not (isinstance(o, Waive) and counts.get(o.power, 0) <= 0
                          and any(choices(self, state, o.power)))]
        done = settle(self, state, orders)
        public: list[str] = []
        private: dict[str, list[str]] = result.notes.setdefault("private", {})
        for order, why in done.outcomes:
            # "order: result" like the unit orders: no columns, which a proportional font
            # would break.
            public.append(f"  {order.power} {order}: {'void' if why else 'succeeds'}")
            if why:
                result.rejected.append(Rejection(order.power, str(order), why))
                private.setdefault(order.power, []).append(f"{order} -- void: {why}")
        for build, why in done.void_builds:
            result.rejected.append(Rejection(build.power, str(build), why, build.prov))
            private.setdefault(build.power, []).append(f"{build} -- {why}")
        if public:
            result.notes.setdefault("public", []).extend(["Home centre orders:", *public])
        if not private:
            del result.notes["private"]
        # N before any change
        limits = {p: initial_homes(state, p, self.fixed_homes(state, p)) for p in state.powers}
        homes = {p: tuple(sorted(h)) for p, h in done.homes.items()
                 if set(h) != set(state.homes.get(p, ()))}
        changed = record(self, changed.with_(homes={**changed.homes, **homes}), True, limits)
        return changed, done.rest

    def ack_lines(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        lines = super().ack_lines(state, power, orders)
        if state.phase.kind != ADJUSTMENT:
            return lines
        done = settle(self, state, orders)
        for order, why in done.outcomes:
            if why:  # refused alone already; these clash with an earlier order
                lines.append(f"{order} will be void: {why}")
        lines.extend(f"{build} will be {why}" for build, why in done.void_builds)
        # A build refused in the centre assimilated this winter: the change comes after it.
        lines.extend(f"{order}: {order.prov} is a home centre after this winter; you may "
                     "build there from the next winter on." for order, why in done.outcomes
                     if isinstance(order, Assimilate) and not why)
        return lines + home_summary(self, state, power)

    def private_lines(self, state: GameState, viewer: str) -> list[str]:
        return super().private_lines(state, viewer) + self._homes_told(state, viewer)

    def master_lines(self, state: GameState, viewer: str) -> list[str]:
        # The standard default is `private_lines`, which has his homes already; a variant
        # that writes its own lines for the GM (Warlock) has them not: after its lines.
        lines = super().master_lines(state, viewer)
        return lines + [ln for ln in self._homes_told(state, viewer) if ln not in lines]

    def _homes_told(self, state: GameState, viewer: str) -> list[str]:
        """His homes and choices, told before the winter (the Fall's results) and in it."""
        if state.phase.kind == ADJUSTMENT and viewer in state.map.powers:
            return home_summary(self, state, viewer)
        return []

    def help_data(self, state: GameState, viewer: str | None) -> dict[str, Any]:
        """In a winter, a centre the reader may assimilate and one he may abandon now: HELP's
        examples (the trial of 3 December found "ASSIMILATE GRE" for a centre taken that
        Fall, which the winter refuses)."""
        data = dict(super().help_data(state, viewer))
        if state.phase.kind == ADJUSTMENT and viewer in state.map.powers:
            may_take, may_drop = choices(self, state, viewer)
            # None to make: no example ("ASSIMILATE NAP" was Italy's own home centre, in
            # the fifth trial), the form and that none may be made this winter.
            data.update({k: v[0] if v else "" for k, v in (("assimilate", may_take),
                                                            ("abandon", may_drop))})
        return data

    def shows_homes(self) -> bool:
        return True
