"""The players' votes on ending the game, VOTE and its njudge and DPjudge forms (plain
DRAW and CONCEDE, SET DRAW, SET NODRAW, SET CONCEDE, SET NOCONCEDE): the handlers of
their rows in the command table (table.py), from the command's words to the vote use case
(gmbot/service/votes). Each returns what was done, or raises AdminError naming the rule."""

from __future__ import annotations

from datetime import datetime

from gmbot.service.deadline.motions import CONCEDE, DRAW, Motion
from gmbot.service.gm.errors import AdminError
from gmbot.service.inbound.commands.context import Context
from gmbot.service.inbound.commands.mail_prefs import set_mail
from gmbot.service.votes.cast import cast_vote
from gmbot.service.votes.motion import concession, power_words, read_motion


def _cast(ctx: Context, motion: Motion | None, now: datetime, only: str | None = None) -> str:
    assert ctx.player is not None  # a player's command
    return cast_vote(ctx.session, ctx.game, ctx.player, motion, now, ctx.record.id, only)


def vote(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """VOTE DRAW [POWERS] | VOTE CONCEDE [TO] POWER | VOTE CANCEL | VOTE NONE."""
    return _cast(ctx, read_motion(args), now)


def draw(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """A player's DRAW [POWERS]: his vote for that draw (the GM's DRAW ends the game)."""
    return _cast(ctx, Motion(DRAW, power_words(args)), now)


def concede(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """CONCEDE [TO] POWER: his vote to concede the game to that power."""
    return _cast(ctx, concession(args), now)


def setting(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """njudge's SET forms of a vote: SET DRAW [POWERS], SET NODRAW, SET CONCEDE POWER,
    SET NOCONCEDE; and SET MAIL, the player's choice of mail (mail_prefs.py)."""
    word, rest = args[0].upper(), args[1:]
    if word == "MAIL":
        return set_mail(ctx, rest, now)
    if word == "DRAW":
        return draw(ctx, rest, now)
    if word == "CONCEDE":
        return concede(ctx, rest, now)
    if word in ("NODRAW", "NOCONCEDE") and not rest:
        return _cast(ctx, None, now, only=DRAW if word == "NODRAW" else CONCEDE)
    raise AdminError("SET takes DRAW [POWERS], NODRAW, CONCEDE POWER, NOCONCEDE, ABSENCE "
                     "or MAIL")


def gm_vote(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """The GM's VOTE, CONCEDE or SET: he has no vote (and no choice of mail)."""
    if args and args[0].upper() == "MAIL":
        raise AdminError("the game master gets all of the game's mail: SET MAIL is a "
                         "player's choice")
    raise AdminError("the game master has no vote; DRAW ends the game at once "
                     "(DRAW FRANCE GERMANY names the powers that share it)")
