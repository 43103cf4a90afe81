"""The GM's mail commands of joining, APPROVE and REJECT (service/joining): `APPROVE game
address` or, in a mail already routed to the game, `APPROVE address`. A GM decides only
for the games he runs."""

from __future__ import annotations

from datetime import datetime

from gmbot.service.gm.admin import AdminError, find_game
from gmbot.service.inbound.commands.context import Context
from gmbot.service.joining import requests
from gmbot.store.models import Game


def approve(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    return requests.approve(ctx.session, _game(ctx, args), args[-1], now)


def reject(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    return requests.reject(ctx.session, _game(ctx, args), args[-1], now)


def _game(ctx: Context, args: tuple[str, ...]) -> Game:
    if len(args) == 1 or args[0].lower() == ctx.game.name:
        return ctx.game
    game = find_game(ctx.session, args[0].lower())
    if game.gm != ctx.game.gm:
        raise AdminError(f"you are not the game master of {game.name}")
    return game
