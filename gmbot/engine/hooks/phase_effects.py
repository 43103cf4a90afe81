"""The phase-effect hooks: what a variant does to the state before and after movement,
after retreats and around adjustments, and the seeded random source its effects draw from."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gmbot.engine.orders import Order
from gmbot.engine.state import GameState

if TYPE_CHECKING:
    from gmbot.engine.resolve import Resolution
    from gmbot.engine.result import PhaseResult


class PhaseEffectHooks:
    """A variant's effects around the standard phases (standard: none)."""

    options: dict[str, Any]  # the game's options (see Rules.__init__)

    def before_movement(
        self, state: GameState, orders: dict[str, Order]
    ) -> tuple[GameState, dict[str, Order]]:
        return state, orders

    def after_movement(self, state: GameState, res: Resolution) -> GameState:
        return state

    def after_retreats(self, state: GameState) -> GameState:
        return state

    def before_adjustments(
        self, state: GameState, orders: list[Order]
    ) -> tuple[GameState, list[Order]]:
        """The state and adjustment orders to resolve (a variant turns votes into builds)."""
        return state, orders

    def adjustment_orders(
        self, state: GameState, orders: list[Order], result: PhaseResult
    ) -> tuple[GameState, list[Order]]:
        """A variant's own adjustment-phase orders (from parse_extra; builds, removals and
        waives are left to the standard code). Returns the state as those orders leave it
        once the phase is over (builds and removals are still resolved on `state`) and the
        orders left for builds and removals. Refusals go to `result.rejected`, report lines
        to `result.notes`. Standard: nothing to do."""
        return state, orders

    def after_adjustments(self, state: GameState) -> GameState:
        return state
    # -- randomness ----------------------------------------------------------------------

    def rng(self, state: GameState, purpose: str) -> random.Random:
        """A random source seeded by the game's `seed` option, the phase and the purpose:
        re-running a phase draws the same numbers. Record what was drawn in
        `PhaseResult.notes["random"]` so the audit log shows it."""
        seed = self.options.get("seed", 0)
        return random.Random(f"{seed}:{state.phase}:{purpose}")
