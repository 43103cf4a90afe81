"""Queueing outgoing mail inside the caller's transaction, and marking it sent."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.store.models import Game, Outbound


def new_message_id(sender: str) -> str:
    domain = sender.rsplit("@", 1)[-1] or "gmbot.invalid"
    return f"{uuid.uuid4().hex}@{domain}"


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
) -> bool:
    """Queue one mail for one recipient unless a mail with this key was queued before;
    the key makes re-running a use case after a crash harmless."""
    if session.scalars(select(Outbound.id).where(Outbound.key == key)).first() is not None:
        return False
    session.add(
        Outbound(
            key=key[:300], kind=kind, game_id=game.id if game else None, sender=sender,
            recipient=recipient, subject=subject, body=body,
            message_id=new_message_id(sender), in_reply_to=in_reply_to, created_at=now,
            status="queued", next_attempt_at=now,
        )
    )
    return True
