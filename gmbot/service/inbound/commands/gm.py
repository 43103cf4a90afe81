"""The GM's mail commands, PROCESS, EXTEND, PAUSE, RESUME, ROLLBACK, REPLACE and DRAW: the
handlers of their rows in the command table (table.py), each from the command's words to
the GM's action (gmbot/service/gm/admin.py). Each returns what was done, or raises
AdminError saying why not; the table has already checked how many words follow it."""

from __future__ import annotations

from datetime import datetime

from gmbot.service.gm import admin
from gmbot.service.inbound.commands.context import Context
from gmbot.service.votes.motion import power_words


def process(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    return admin.process_now(ctx.session, ctx.game, now)


def extend(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    return admin.extend(ctx.session, ctx.game, " ".join(args), now)


def pause(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    return admin.pause(ctx.session, ctx.game, now)


def resume(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    return admin.resume(ctx.session, ctx.game, now)


def rollback(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    return admin.rollback(ctx.session, ctx.game, args[0], now)


def replace(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    # The address may come in display form: REPLACE ITALY Luca <luca@x>
    return admin.replace_player(ctx.session, ctx.game, args[0], " ".join(args[1:]), now)


def draw(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    # DRAW FRANCE GERMANY, FRANCE/GERMANY...: the powers that share it; none: all survivors.
    return admin.declare_draw(ctx.session, ctx.game, now, *power_words(args))
