"""Queueing outgoing mail inside the caller's transaction, and marking it sent."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Required, TypedDict, Unpack

import msgspec
from sqlalchemy import Insert, bindparam, select
from sqlalchemy.orm import Session

from gmbot.mail.auth.secrets import token_message_id
from gmbot.mail.parts import pack
from gmbot.service.batch_rows import kept_rows
from gmbot.service.outbox.heads import HEADS, Heads, list_fields, outgoing
from gmbot.service.outbox.insert_new import insert_new
from gmbot.service.outbox.kinds import MailKind
from gmbot.service.outbox.pictures import drop_unwanted, keep_picture
from gmbot.service.outbox.tokens import recipient_token
from gmbot.store.models import Game
from gmbot.store.outbox import Outbound

_KEY_TAKEN = select(Outbound.__table__.c.id).where(
    Outbound.__table__.c.key == bindparam("key")).limit(1)  # Core columns: less set-up
def new_message_id(sender: str, token: str | None = None) -> str:
    """A fresh Message-ID; with `token`, the recipient's reply token in it (a reply names
    it in In-Reply-To and References, and so proves its author: docs/security.md)."""
    domain = sender.rsplit("@", 1)[-1] or "gmbot.invalid"
    return token_message_id(uuid.uuid4().hex, token, domain)


def is_queued(session: Session, key: str) -> bool:
    """Whether a mail with this key was queued before (so need not be composed again)."""
    key = key[:300]
    # Rows queued earlier in this transaction and not flushed yet are looked for in the
    # session, so the query need not autoflush them: that was a flush per mail handled.
    if any(isinstance(row, Outbound) and row.key == key for row in session.new):
        return True
    with session.no_autoflush:
        return session.scalar(_KEY_TAKEN, {"key": key}) is not None


class MailFields(TypedDict, total=False):
    """queue_mail's keywords: outbound_row's."""

    key: Required[str]
    kind: Required[MailKind]
    sender: Required[str]
    recipient: Required[str]
    subject: Required[str]
    body: Required[str]
    now: Required[datetime]
    game: Game | None
    in_reply_to: str | None
    message_id: str | None
    picture: bytes | None
    html: str | None
    calendar: bytes | None
    not_before: datetime | None


def queue_mail(session: Session, *, later: bool = False, **mail: Unpack[MailFields]) -> bool:
    """Queue one mail for one recipient unless a mail with this key was queued before;
    the key makes re-running a use case after a crash harmless. `message_id` (without
    angle brackets): one the caller made with new_message_id and records itself.
    `html`: the HTML alternative of `body` (render_html), showing `picture` as MAP_SRC.
    `calendar`: the next deadline's calendar entry (service/views/calendar_entry.py).
    `not_before`: held until then (the reader's quiet hours, his daily digest).
    `later`: the caller needs no answer, so a batch writing its rows together
    (service/batch_rows.py) may keep this one with them (True, queued or not)."""
    row = outbound_row(session, **mail)
    if row is None:
        return False
    insert = _insert_new(session)
    kept = kept_rows(session) if later else None
    if kept is not None:
        kept.keep(insert, row)
        return True
    result = session.execute(insert, msgspec.structs.asdict(row))
    return result.rowcount == 1  # type: ignore[attr-defined]


def queue_mails(session: Session, rows: list[OutboundRow | None]) -> None:
    """Queue several mails made by outbound_row (None: queued before) in one statement,
    in their order: a results mailing queues one a player."""
    kept = [msgspec.structs.asdict(row) for row in rows if row is not None]
    if kept:
        session.execute(_insert_new(session), kept)


def outbound_row(
    session: Session,
    *,
    key: str,
    kind: MailKind,
    sender: str,
    recipient: str,
    subject: str,
    body: str,
    now: datetime,
    game: Game | None = None,
    in_reply_to: str | None = None,
    message_id: str | None = None,
    picture: bytes | None = None,
    html: str | None = None,
    calendar: bytes | None = None,
    not_before: datetime | None = None,
) -> OutboundRow | None:
    """The outbox row of one mail as queue_mail takes it, for queue_mails; None when a
    mail of this key is in the session already."""
    key = key[:300]  # as stored, so that long keys are found again too
    # Rows added earlier in this transaction as ORM objects and not flushed yet are looked
    # for in the session: the INSERT does not see them.
    if any(isinstance(row, Outbound) and row.key == key for row in session.new):
        return None
    # A plain INSERT, not an ORM object: the unit of work cost more than the rest of
    # queueing, and nothing reads the row back in this transaction but by a query.
    subject = subject[:998]
    message_id = message_id or new_message_id(
        sender, recipient_token(game, recipient, now) if game else None)
    parts = pack(html, None, calendar)  # in one column; the picture kept apart, once
    picture_key = keep_picture(session, picture) if picture else None
    head = _head(session, game, kind, sender=sender, recipient=recipient, subject=subject,
                 body=body, message_id=message_id, date=now, in_reply_to=in_reply_to,
                 parts=parts, picture=picture)
    return OutboundRow(
        key=key, kind=kind, game_id=game.id if game else None, sender=sender,
        recipient=recipient, subject=subject, body=body, message_id=message_id,
        in_reply_to=in_reply_to, created_at=now, status="queued",
        next_attempt_at=max(now, not_before or now), picture=parts, picture_key=picture_key,
        head=head)


class OutboundRow(msgspec.Struct):
    """A mail queued: its Outbound row."""

    key: str
    kind: str
    game_id: int | None
    sender: str
    recipient: str
    subject: str
    body: str
    message_id: str
    in_reply_to: str | None
    created_at: datetime
    status: str
    next_attempt_at: datetime
    picture: bytes | None  # the other parts (mail/parts.py)
    picture_key: str | None  # the map (outbox/pictures.py)
    head: str | None


def _insert_new(session: Session) -> Insert:
    """Queue a mail unless its key was queued before: one statement both checks the key
    and queues it (it was a SELECT and an INSERT per mail)."""
    with session.no_autoflush:
        dialect = session.get_bind().dialect.name
    return insert_new(dialect, Outbound.__table__, "key")


def rewrite_queued(session: Session, key: str, game: Game, subject: str, body: str,
                   html: str | None, calendar: bytes | None = None) -> bool:
    """Give the mail queued under `key`, not sent yet, a new text (the same action
    repeated in one use case: players read its last state once), signed anew; False if
    there is none (sent already)."""
    row = session.scalars(select(Outbound).where(
        Outbound.key == key[:300], Outbound.status == "queued")).first()
    if row is None:
        return False
    row.subject, row.body, row.picture = subject[:998], body, pack(html, None, calendar)
    old_key, row.picture_key = row.picture_key, None  # the new text comes without a map
    if old_key:
        drop_unwanted(session, [old_key])
    row.head = _head(session, game, row.kind, sender=row.sender, recipient=row.recipient,
                     subject=row.subject, body=body, message_id=row.message_id,
                     date=row.created_at, in_reply_to=row.in_reply_to, parts=row.picture)
    return True


def _head(session: Session, game: Game | None, kind: str, *, sender: str, recipient: str,
          subject: str, body: str, message_id: str, date: datetime,
          in_reply_to: str | None, parts: bytes | None, picture: bytes | None = None) -> str:
    """The mail's head (outbox/heads.py): its list headers, signed with the rest when
    the home has a DKIM key."""
    heads: Heads | None = session.info.get(HEADS)
    lists = list_fields(game, kind, sender, recipient, heads)
    if heads is None or heads.dkim is None:
        return lists
    return heads.signed(lists, outgoing(
        sender=sender, recipient=recipient, subject=subject, body=body,
        message_id=message_id, date=date, in_reply_to=in_reply_to, parts=parts,
        picture=picture))
