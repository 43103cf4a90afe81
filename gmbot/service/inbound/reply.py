"""The reply to a mail: for a mail that passed the gates, its commands run and their
answer (answer); for one a gate ended, a short refusal (refuse), which a stranger gets
only within limits (refuse_stranger). Each is queued in the outbox, in the mail's transaction."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.mail.auth.secrets import day_number, reply_token
from gmbot.mail.message import InboundMail
from gmbot.service.app import App
from gmbot.service.inbound.bounds import cap_reply
from gmbot.service.inbound.commands.context import Context
from gmbot.service.inbound.commands.handlers import run_commands
from gmbot.service.inbound.handling import Handling, Outcome, write_record
from gmbot.service.inbound.lookups import RATE_WINDOW
from gmbot.service.outbox.kinds import MailKind
from gmbot.service.outbox.queue import new_message_id, queue_mail
from gmbot.service.outbox.render import render, text_html
from gmbot.store.models import Game, Inbound, Player

STRANGER_WINDOW = timedelta(days=1)  # one refusal per unregistered address in it


def answer(h: Handling) -> Outcome:
    """Run the commands of a mail that passed every gate (its game and seat known, its
    author proven), and queue their answer."""
    game, player = h.game, h.player
    assert game is not None
    write_record(h.s, h.record)
    ctx = Context(h.app, h.s, h.mail, h.request, game, player, h.record, proof=h.proof)
    run_commands(ctx)
    subject = f"[{game.name}] " + ("Errors in your mail" if ctx.errors else ctx.title)
    text = cap_reply("\n\n".join(ctx.sections).rstrip() + "\n")
    html = text_html(subject, text, ctx.picture is not None)
    queue_reply(h.app, h.s, h.mail, h.record, game, "ack", subject, text,
                picture=ctx.picture, player=player, html=html)
    h.lookups.handled(game, h.app.now(), {"sender": h.mail.sender,
                                          "message_id": h.mail.message_id,
                                          "errors": ctx.errors, "proof": h.proof})
    return Outcome("handled", game=game.name, replies=[subject])


def refuse(h: Handling, kind: MailKind, reason: str, game: Game | None = None,
           echo: bool = True) -> Outcome:
    """Refuse the mail with a short reply, repeating its subject only if `echo` (a mail
    proven to come from its sender: gates.py asks for no other)."""
    judge = game.judge if game else any_judge(h.s)
    subject, body = render("refusal.txt.j2", reason=reason,
                           subject=h.mail.subject if echo else None)
    queue_reply(h.app, h.s, h.mail, h.record, game, kind, subject, body,
                sender=judge)
    return Outcome("refused", reason)


def refuse_stranger(h: Handling, reason: str) -> Outcome:
    """Refuse a stranger's mail: a reply that never repeats its subject, and only as
    _stranger_silenced allows."""
    silenced = _stranger_silenced(h, h.mail.sender)
    if silenced:
        return Outcome("refused", f"{reason} ({silenced})")
    return refuse(h, "refusal-stranger", reason, echo=False)


def _stranger_silenced(h: Handling, who: str) -> str | None:
    """Why a stranger gets no reply, if he gets none: one reply a day at most per
    address, all of them under limits.stranger_replies_per_hour. Forged senders must
    not turn the judge into a mail cannon aimed at anyone."""
    now = h.app.now()
    if h.lookups.stranger_answered(who, now - STRANGER_WINDOW):
        return "no reply: one was sent in the last day"
    cap = int(h.app.config.limit("stranger_replies_per_hour"))
    if h.lookups.strangers_answered(now - RATE_WINDOW) >= cap:
        return f"no reply: {cap} strangers were answered in the last hour"
    return None


def any_judge(s: Session) -> str:
    return s.scalars(select(Game.judge).order_by(Game.id)).first() or "gmbot@localhost"


def queue_reply(app: App, s: Session, mail: InboundMail, record: Inbound, game: Game | None,
                kind: MailKind, subject: str, body: str, sender: str | None = None,
                picture: bytes | None = None, player: Player | None = None,
                html: str | None = None) -> None:
    """`player`: the sender's seat when known, whose reply token the reply carries (else
    queue_mail looks it up); `html`: the reply's HTML part (text_html), if it has one."""
    if not mail.sender:
        return  # nowhere to answer
    sender = sender or (game.judge if game else any_judge(s))
    message_id = None
    if game is not None and player is not None and player.address == mail.sender:
        token = (reply_token(player.secret_hash, game.name, player.address,
                             day_number(app.now()))
                 if game.settings.auth != "none" and player.secret_hash else None)
        message_id = new_message_id(sender, token)
    # One reply per recorded mail: keyed like the record (Message-ID, else the whole raw
    # mail), not by the body alone, which two different mails can share.
    queue_mail(s, key=f"reply:{record.message_id}", kind=kind, sender=sender,
               recipient=mail.sender, subject=subject, body=body, now=app.now(), game=game,
               in_reply_to=mail.message_id, picture=picture, message_id=message_id,
               html=html, later=True)
