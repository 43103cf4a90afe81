"""The mail commands of joining as a game's mail meets them: the GM's APPROVE and REJECT
(service/joining): `APPROVE game address` or, in a mail already routed to the game,
`APPROVE address` (a GM decides only for the games he runs); and LIST, JOIN, OBSERVE or
TAKEOVER in a player's mail that holds more than them, which the judge answers only in
a mail of their own (inbound/signups.py)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from gmbot.service.gm.admin import find_game
from gmbot.service.gm.errors import AdminError
from gmbot.service.inbound.commands.context import Context
from gmbot.service.joining import requests
from gmbot.service.locks import lock_game
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
    lock_game(ctx.session, game)  # not the mail's own game, which the `lock` gate locked
    return game


def alone_list(ctx: Context, args: tuple[str, ...]) -> None:
    """LIST among a game's orders ("List of my orders:" is chatter, not LIST)."""
    if not args:
        _alone(ctx)


def alone_game(ctx: Context, args: tuple[str, ...]) -> None:
    """JOIN, OBSERVE or TAKEOVER among a game's orders, naming a game of this judge."""
    if args and ctx.session.scalar(select(Game.id).where(
            Game.name == args[0].lower().lstrip("?").strip("[],"))) is not None:
        _alone(ctx)


def _alone(ctx: Context) -> None:
    if any(s.startswith("LIST, JOIN, OBSERVE") for s in ctx.sections):
        return  # said once a mail
    ctx.sections.append("LIST, JOIN, OBSERVE and TAKEOVER are answered apart from your "
                        "game: send each in a mail of its own to the judge, with nothing "
                        "else in it.")
