"""Use case: drain the outbox in order. Each mail is marked sent in its own transaction
right after the transport accepted it; temporary failures back off, permanent ones are
parked and the GM is told."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Protocol

from sqlalchemy import bindparam, or_, select, update
from sqlalchemy.orm import Session

from gmbot.mail.errors import PermanentFailure, TemporaryFailure
from gmbot.render import render
from gmbot.service.app import App
from gmbot.service.outbox import queue_mail
from gmbot.store.models import Game, Outbound

if TYPE_CHECKING:
    from email.message import EmailMessage

MAX_ATTEMPTS = 8


class Transport(Protocol):
    def send(self, msg: object, name: str) -> object: ...


def backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(60 * 2 ** (attempts - 1), 6 * 3600))


def flush(app: App, transport: Transport, limit: int = 1000) -> int:
    now = app.now()
    # The rows are read in one go (they stay usable after the transaction); per mail only
    # its status is read again just before sending, and one UPDATE marks it sent.
    with app.db.transaction() as s:
        rows = s.scalars(
            select(Outbound)
            .where(Outbound.status == "queued",
                   or_(Outbound.next_attempt_at.is_(None), Outbound.next_attempt_at <= now))
            .order_by(Outbound.id).limit(limit)
        ).all()
    sent = 0
    for row in rows:
        with app.db.transaction() as s:
            if s.scalar(_STATUS, {"row_id": row.id}) != "queued":
                continue  # another daemon sent it since the rows were read
        try:
            transport.send(_message(row), f"{row.id:09d}.gmbot")
        except PermanentFailure as e:
            _park(app, row.id, str(e))
            continue
        except (TemporaryFailure, OSError) as e:
            _retry(app, row.id, str(e))
            continue
        with app.db.transaction() as s:
            s.execute(_MARK_SENT, {"row_id": row.id, "now": app.now()})
        sent += 1
    close = getattr(transport, "close", None)
    if close is not None:
        close()
    return sent


# Built once: flush runs these for every mail it sends.
_STATUS = select(Outbound.status).where(Outbound.id == bindparam("row_id"))
_MARK_SENT = (
    update(Outbound).where(Outbound.id == bindparam("row_id"))
    .values(status="sent", sent_at=bindparam("now"), attempts=Outbound.attempts + 1)
    .execution_options(synchronize_session=False)
)


def _message(row: Outbound) -> EmailMessage:
    # Imported here: the email package is slow to import, and most ticks send nothing.
    from gmbot.mail.compose import Outgoing, compose

    return compose(Outgoing(sender=row.sender, recipient=row.recipient, subject=row.subject,
                            body=row.body, message_id=row.message_id, date=row.created_at,
                            in_reply_to=row.in_reply_to,
                            auto="auto-replied" if row.in_reply_to else "auto-generated"))


def _retry(app: App, row_id: int, error: str) -> None:
    with app.db.transaction() as s:
        row = s.get(Outbound, row_id)
        row.attempts += 1
        row.last_error = error
        if row.attempts >= MAX_ATTEMPTS:
            _park_row(app, s, row, error)
        else:
            row.next_attempt_at = app.now() + backoff(row.attempts)


def _park(app: App, row_id: int, error: str) -> None:
    with app.db.transaction() as s:
        row = s.get(Outbound, row_id)
        row.attempts += 1
        _park_row(app, s, row, error)


def _park_row(app: App, s: Session, row: Outbound, error: str) -> None:
    row.status, row.last_error = "parked", error
    game = s.get(Game, row.game_id) if row.game_id else None
    if game is None or row.recipient == game.gm or row.kind == "gm-parked":
        return
    subject, body = render("gm_parked.txt.j2", game=game.name, recipient=row.recipient,
                           subject=row.subject, error=error)
    queue_mail(s, key=f"parked:{row.id}", kind="gm-parked", sender=game.judge,
               recipient=game.gm, subject=subject, body=body, now=app.now(), game=game)
