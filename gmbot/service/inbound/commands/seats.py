"""RESIGN, a player giving up his seat, and the GM's DISORDER, putting a power in civil
disorder by hand: the handlers of their rows in the command table (table.py). Both open
the seat as the missed-orders policy does (gmbot/service/seats/opening.py).

The GM's ADD BOT and REMOVE BOT give an open seat to the judge's bot and take it back.

RESIGN is not undone by a later mail (the address is no longer a player), so it must name
the sender's own power: a bare RESIGN only says what resigning does and how to confirm.
In a variant with a RESIGN order of its own (Al-Andalus: a Wazir-General gives up his
command), `RESIGN` with the sender's own seat is this command, and so is a bare RESIGN, or
one naming another seat, from a sender the variant's order is not for now (a Prince, a
Wazir who commands no unit): he asks how to leave, as HELP says, and is told how, not
refused with the variant's words; any other RESIGN line is the variant's order (read as
one by orders.variant_orders)."""

from __future__ import annotations

from datetime import datetime

from gmbot.service.gm import admin
from gmbot.service.gm.errors import AdminError
from gmbot.service.inbound.commands.context import AskConfirmation, Context
from gmbot.service.runtime import current_phase
from gmbot.service.seats.bot_seats import BotSeatError, add_bot, remove_bot
from gmbot.service.seats.opening import RESIGNED, SeatError, open_seat, unplayed_words


def resign(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    player = ctx.player
    assert player is not None  # a player's command
    if not player.active:
        raise AdminError(f"you resigned {player.key} already: the seat is open")
    if not args:  # the documented way to ask: answered, not refused (issue 32)
        # What the seat is once he leaves, in the variant's words (a Wazir's is no power
        # in civil disorder), as the notice to everyone will say it.
        unplayed = unplayed_words(ctx.game, current_phase(ctx.session, ctx.game), player.key)
        raise AskConfirmation(f"resigning gives up {player.key} for good: your orders are "
                              "withdrawn and a replacement is sought. "
                              f"{unplayed + ' ' if unplayed else ''}To confirm, send the "
                              f"line RESIGN {player.key}")
    named = args[0].upper()
    if named != player.key:
        raise AdminError(f"you play {player.key}, not {named}: a player resigns only his own "
                         f"seat (RESIGN {player.key})")
    try:
        return open_seat(ctx.session, ctx.game, player, RESIGNED, now,
                         ctx.app.config.standby, inbound_id=ctx.record.id)
    except SeatError as e:
        raise AdminError(str(e)) from None


def disorder(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    return admin.put_in_disorder(ctx.session, ctx.game, args[0], now, ctx.app.config.standby,
                                 inbound_id=ctx.record.id)


def add(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """ADD BOT FRANCE: the judge's bot takes an open seat (seats/bot_seats.py)."""
    try:
        return add_bot(ctx.session, ctx.game, args[1], now)
    except BotSeatError as e:
        raise AdminError(str(e)) from None


def remove(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """REMOVE BOT FRANCE: the bot leaves the seat, its power in civil disorder."""
    try:
        return remove_bot(ctx.session, ctx.game, args[1], now)
    except BotSeatError as e:
        raise AdminError(str(e)) from None
