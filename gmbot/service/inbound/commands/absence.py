"""ABSENCE, VACATION and BACK: the handlers of their rows in the command table (table.py),
from the command's words to the absence use cases (gmbot/service/absence/declare.py). A
player declares his own; the GM names the power first (ABSENCE FRANCE 2026-12-20
2026-12-28). Each returns what was done, or raises AdminError saying why not."""

from __future__ import annotations

from datetime import datetime

from gmbot.service.absence.declare import come_back, declare, seat_of
from gmbot.service.gm.errors import AdminError
from gmbot.service.inbound.commands.context import Context
from gmbot.store.models import Player


def absence(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """ABSENCE from to (njudge's SET ABSENCE from TO to reads the same), or a length."""
    player, words = _whose(ctx, args, "ABSENCE FRANCE 2026-12-20 2026-12-28")
    return declare(ctx.session, ctx.game, player, words, now, by=_by(ctx))


def vacation(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """VACATION 10 days: from now; dates are read as ABSENCE reads them."""
    player, words = _whose(ctx, args, "VACATION FRANCE 10 days")
    return declare(ctx.session, ctx.game, player, words, now, by=_by(ctx))


def back(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """BACK: the sender's absence (the GM: the named power's) ends now."""
    player, words = _whose(ctx, args, "BACK FRANCE")
    if words:
        raise AdminError("write it as BACK, alone on its line" if not ctx.is_gm
                         else "write it as BACK FRANCE")
    return come_back(ctx.session, ctx.game, player, now)


def _whose(ctx: Context, args: tuple[str, ...], gm_form: str) -> tuple[Player, tuple[str, ...]]:
    """The absent player and the words that say when: the sender, or the power the GM
    names first."""
    if ctx.player is not None:
        return ctx.player, args
    if not args:
        raise AdminError(f"name the power: {gm_form}")
    return seat_of(ctx.game, args[0]), args[1:]


def _by(ctx: Context) -> str:
    return "player" if ctx.player is not None else "gm"
