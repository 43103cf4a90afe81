"""The channel's use cases: a seat opened by its token, the mails the judge queued for it,
and the program's answer written as the seat's mail to the judge. The token is the
seat's password, checked here as the PASSWORD line is checked in the pipeline, so that a
program that holds no seat reads nothing and sends nothing."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

import msgspec
from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.mail.auth.secrets import check_secret
from gmbot.service.app import App
from gmbot.service.runtime import log_event
from gmbot.store.models import Game, Player
from gmbot.store.outbox import Outbound

MOST_READ = 200  # mails one read returns: a program pages on with --after


class ChannelError(ValueError):
    """Why the channel refuses (the program is told; nothing is read or sent)."""


class SeatMail(msgspec.Struct, kw_only=True):
    """A mail the judge sent the seat, as its program reads it."""

    id: int  # the channel's cursor: pass the last one read as --after
    subject: str
    body: str  # the text part, as a mail client shows it
    message_id: str
    queued_at: str


def open_seat_by_token(s: Session, game_name: str, power: str,
                       token: str) -> tuple[Game, Player]:
    """The game and the seat's active player, if `token` is the seat's password; else
    ChannelError, naming no secret."""
    game = s.scalars(select(Game).where(Game.name == game_name.strip().lower())).first()
    key = power.strip().upper()
    player = None if game is None else next(
        (p for p in game.players if p.active and p.key == key), None)
    if game is None or player is None or not check_secret(token, player.secret_hash):
        raise ChannelError(f"the token does not open {key}'s seat in game {game_name}: "
                           "give the seat's password, as its welcome mail has it")
    return game, player


def refused(app: App, game_name: str, power: str, why: ChannelError) -> ChannelError:
    """A refusal logged in its own transaction (the GM's log shows each misused token)."""
    with app.db.transaction() as s:
        game = s.scalars(select(Game).where(Game.name == game_name.strip().lower())).first()
        if game is not None:
            log_event(s, game, "bot_channel_refused", app.now(), power=power.strip().upper(),
                      why=str(why))
    return why


def read_mails(app: App, game_name: str, power: str, token: str,
               after: int = 0) -> list[SeatMail]:
    """The mails queued for the seat's address since the mail `after`, oldest first."""
    try:
        with app.db.transaction() as s:
            return _read(s, game_name, power, token, after)
    except ChannelError as e:
        raise refused(app, game_name, power, e) from None


def _read(s: Session, game_name: str, power: str, token: str, after: int) -> list[SeatMail]:
    game, player = open_seat_by_token(s, game_name, power, token)
    rows = s.scalars(select(Outbound).where(
        Outbound.recipient == player.address, Outbound.id > after)
        .order_by(Outbound.id).limit(MOST_READ)).all()
    return [SeatMail(id=r.id, subject=r.subject, body=r.body, message_id=r.message_id,
                     queued_at=r.created_at.isoformat()) for r in rows]


def answer(app: App, game_name: str, power: str, token: str, text: str,
           reply_to: int | None = None) -> bytes:
    """The program's answer as the seat's mail to the judge (RFC 5322, for the spool):
    from the seat's address, tagged with the game, a reply to the judge's mail
    `reply_to` when given, the token on a PASSWORD line as a player writes it."""
    try:
        with app.db.transaction() as s:
            return _compose(s, app, game_name, power, token, text, reply_to)
    except ChannelError as e:
        raise refused(app, game_name, power, e) from None


def _compose(s: Session, app: App, game_name: str, power: str, token: str, text: str,
             reply_to: int | None) -> bytes:
    game, player = open_seat_by_token(s, game_name, power, token)
    subject, refs = f"[{game.name}] {player.key}", None
    if reply_to is not None:
        row = s.get(Outbound, reply_to)
        if row is None or row.recipient != player.address:
            raise ChannelError(f"mail {reply_to} was not sent to {player.key}'s seat")
        subject, refs = f"Re: {row.subject}", row.message_id
    msg = EmailMessage()
    msg["From"] = player.address
    msg["To"] = game.judge
    msg["Subject"] = subject
    msg["Date"] = format_datetime(app.now())
    msg["Message-ID"] = make_msgid(domain=player.address.rpartition("@")[2] or "localhost")
    if refs:
        msg["In-Reply-To"] = refs
        msg["References"] = refs
    msg.set_content(f"PASSWORD {token}\n{text.rstrip()}\n")
    return msg.as_bytes()
