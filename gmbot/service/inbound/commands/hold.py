"""WAIT and READY, a player's hold on early processing (gmbot/service/views/readiness.py):
the handlers of their rows in the command table (table.py). Each marks the player's orders
as they stand, after the mail's order lines, and says what then holds him."""

from __future__ import annotations

from datetime import datetime

from gmbot.service.gm.errors import AdminError
from gmbot.service.inbound.commands.context import Context
from gmbot.service.inbound.submit import current_submission, hold_orders
from gmbot.service.runtime import current_phase, policy_of
from gmbot.service.views.readiness import READY, WAIT, hold_note


def wait(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """WAIT: early processing waits for the sender this phase, until his READY."""
    return _hold(ctx, WAIT, now)


def ready(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """READY: the sender is done as his orders stand, refused lines or not."""
    return _hold(ctx, READY, now)


def _hold(ctx: Context, hold: str, now: datetime) -> str:
    player = ctx.player
    assert player is not None  # a player's command
    phase = current_phase(ctx.session, ctx.game)
    if phase is None:
        raise AdminError("the game has no open phase")
    held = hold_orders(ctx.session, ctx.game, player, phase, hold, now, ctx.record.id)
    if not policy_of(ctx.game).early:
        return ("noted; this game is processed at its deadline only, so nothing waits for "
                "anyone")
    sub = current_submission(ctx.session, ctx.game, phase, player)
    if not sub.duty:
        return ("noted; you have nothing to order this phase, so early processing does not "
                "wait for you")
    if held is not None:
        # An orders mail's acknowledgement says the hold with its orders: said once.
        return "noted (see above)" if ctx.request.orders else hold_note(held) or held
    if sub.missing:
        return ("noted; early processing still waits for your orders for "
                + ", ".join(sub.missing))
    return "you are done: the phase is processed early once every player is done"
