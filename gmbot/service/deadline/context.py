"""What the deadline flow's steps need of a game's open phase, built once and passed along:
the rules, the deadline policy, the active players, the position and the latest orders.

The steps (due.py, process.py, results.py, reminders.py) read these fields instead of each
going back to service/runtime.py for them. The position and the orders are read when first
asked for: a phase due by its deadline needs neither to be found due, and a stored position
that cannot be read must fail where the step reads it (StoredPositionError parks the game)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from sqlalchemy.orm import Session

from gmbot.engine.adjudicate import accept_orders
from gmbot.engine.orders import Order
from gmbot.engine.pending import has_duty, missing_orders
from gmbot.engine.report import PhaseReport
from gmbot.engine.result import PhaseResult
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.gamefile.settings.deadlines import DeadlinePolicy
from gmbot.service.runtime import active_players, latest_orders, policy_of, rules_for, state_of
from gmbot.service.views.readiness import held_by
from gmbot.store.models import Game, OrderSet, PhaseRow, Player


class PhaseContext:
    """One game's open phase, in the transaction of the step that looks at it."""

    def __init__(self, session: Session, game: Game, phase: PhaseRow,
                 sets: dict[int, OrderSet] | None = None) -> None:
        self.session = session
        self.game = game
        self.phase = phase
        self.rules: StandardRules = rules_for(game)
        self.policy: DeadlinePolicy = policy_of(game)
        self._sets = sets  # a batch's read-ahead (due.py), or read when first asked for

    @cached_property
    def players(self) -> list[Player]:
        """The active players, read when first asked for: a phase due by its deadline
        needs none of them to be found due."""
        return active_players(self.game)

    @cached_property
    def state(self) -> GameState:
        """The phase's position (StoredPositionError if it cannot be read)."""
        return state_of(self.game, self.phase, self.rules)

    @cached_property
    def sets(self) -> dict[int, OrderSet]:
        """Each player's newest order set for the phase, by player id."""
        return self._sets if self._sets is not None else latest_orders(self.session,
                                                                       self.phase)

    def orders_of(self, player: Player) -> list[str]:
        row = self.sets.get(player.id)
        return list(row.lines) if row else []

    def has_duty(self, player: Player) -> bool:
        """Whether the player has something to order in this phase."""
        return has_duty(self.state, self.rules, player.key)

    def accepted(self, player: Player) -> list[Order]:
        """The player's orders as they stand, those the rules accept."""
        orders, _ = accept_orders(self.state, self.rules, player.key, self.orders_of(player))
        return orders

    def missing(self, player: Player) -> list[str]:
        """What the player still has to order, his accepted orders counted."""
        return missing_orders(self.state, self.rules, player.key, self.accepted(player))

    def waiting(self, early: bool = False) -> Iterator[Player]:
        """Players with something to order whose orders are not complete, one at a time
        (the early check stops at the first). `early`: also those who hold early
        processing themselves, by refused lines in their last orders mail or by WAIT
        (gmbot/service/views/readiness.py)."""
        for player in self.players:
            if not self.has_duty(player):
                continue
            if early and held_by(self.sets.get(player.id)) is not None:
                yield player
                continue
            if self.missing(player):
                yield player


@dataclass(frozen=True)
class Adjudicated:
    """A phase adjudicated (process.py), as the results mailing and the store read it."""

    outcome: PhaseResult
    report: PhaseReport  # the record of the outcome, stored as it is (engine/report.py)
    nmr: list[str]  # powers with something to order that sent no orders: their units hold
    ordered: list[str]  # powers with something to order that did
    disorder: list[str]  # open seats' powers (gmbot/service/seats), adjudicated unordered
    reason: str  # why the phase was processed (due.py)
    # Of `nmr`, the powers whose player's mail bounces (service/outbox/bounces.py): their
    # missed orders are "undeliverable", not a plain NMR.
    undeliverable: tuple[str, ...] = ()

    @property
    def after(self) -> GameState:
        return self.outcome.after

    @property
    def finished(self) -> bool:
        return self.outcome.winner is not None
