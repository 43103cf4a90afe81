"""NEWPASSWORD: a new secret by mail, for the sender's own seat or, from the GM, for any
player's (the handler of its row in the command table, table.py). Only a mail proven by
something other than the password may ask for one: a signature, a trusted header or a
reply to a judge mail. Whoever learnt the password alone cannot take the seat over."""

from __future__ import annotations

from datetime import datetime

from gmbot.service.gm.credentials import renew_secret
from gmbot.service.gm.errors import AdminError
from gmbot.service.inbound.commands.context import Context

PROOFS = ("dkim", "arc", "authres", "token")  # the password's own proof is not enough


def new_password(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    if ctx.game.settings.auth == "none":
        raise AdminError("this game trusts the sender address alone (auth: none): "
                         "it needs no password")
    if ctx.proof not in PROOFS:
        raise AdminError("a new password needs another proof than the old one: reply to "
                         "a mail from the judge, or send it from your provider's account")
    if args and not ctx.is_gm:
        raise AdminError("write it as NEWPASSWORD: you may renew your own password only")
    if not args:
        renew_secret(ctx.session, ctx.game, ctx.player, now)
        return "a new password was mailed to you in a mail of its own"
    target = args[0].upper()
    player = next((p for p in ctx.game.players if p.active and p.key == target), None)
    if player is None:
        raise AdminError(f"no active player {args[0]!r} in game {ctx.game.name}")
    renew_secret(ctx.session, ctx.game, player, now)
    return f"a new password was mailed to {player.key}"
