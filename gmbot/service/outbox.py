"""Queueing outgoing mail inside the caller's transaction, and marking it sent."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import bindparam, insert, select
from sqlalchemy.orm import Session

from gmbot.mail.auth.secrets import token_message_id
from gmbot.service.tokens import recipient_token
from gmbot.store.models import Game, Outbound

# Built once: composing a select() costs about as much as running this one.
_KEY_TAKEN = select(Outbound.__table__.c.id).where(
    Outbound.__table__.c.key == bindparam("key")).limit(1)  # Core columns: less set-up
_INSERT = insert(Outbound.__table__)


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


def queue_mail(
    session: Session,
    *,
    key: str,
    kind: str,
    sender: str,
    recipient: str,
    subject: str,
    body: str,
    now: datetime,
    game: Game | None = None,
    in_reply_to: str | None = None,
    message_id: str | None = None,
    picture: bytes | None = None,
) -> bool:
    """Queue one mail for one recipient unless a mail with this key was queued before;
    the key makes re-running a use case after a crash harmless. `message_id` (without
    angle brackets): one the caller made with new_message_id and records itself."""
    key = key[:300]  # as stored, so that long keys are found again too
    if is_queued(session, key):
        return False
    # A plain INSERT, not an ORM object: the unit of work cost more than the rest of
    # queueing, and nothing reads the row back in this transaction but by a query.
    session.execute(_INSERT, {
        "key": key, "kind": kind, "game_id": game.id if game else None, "sender": sender,
        "recipient": recipient, "subject": subject[:998], "body": body,
        "message_id": message_id or new_message_id(
            sender, recipient_token(game, recipient) if game else None),
        "in_reply_to": in_reply_to, "created_at": now, "status": "queued",
        "next_attempt_at": now, "picture": picture,
    })
    return True
