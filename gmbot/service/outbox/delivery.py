"""Use case: drain the outbox in order. Each mail is marked sent in the transaction that
claimed it, right after the transport accepted it; temporary failures back off, permanent
ones are parked and the GM is told; so is a mail that cannot even be written (an
address unfit for a header): one bad mail never stops the others.

Exactly one process sends a given mail, however many run on the database:
- PostgreSQL (daemons possibly on several hosts): a mail is claimed by locking its row
  (SELECT ... FOR UPDATE SKIP LOCKED) in a transaction that lasts until it is marked;
  the others skip it. A process that dies holding it loses its connection, the server
  drops the lock and the mail is still queued: no claim is ever left behind.
- SQLite (processes on one host): one process at a time sends, holding a file lock
  (Database.exclusive) that the kernel drops when it dies; rows are read and marked in
  short transactions, so that the write lock is not held while the transport works.

The one window left: a process killed after the transport accepted a mail and before
the mark committed sends it again when it next runs, with the same Message-ID, Date and
bytes. The Maildir outbox names the file after the Message-ID and finds the first copy
there (no second file while the first is still in new/); over SMTP the recipient gets a
duplicate that mail clients and many servers recognise by its Message-ID
(docs/operations.md). So over SMTP each mail is marked as soon as it is accepted, while
the Maildir outbox (a transport that `batches`) writes up to BATCH mails, then syncs
them and its folder, and marks them all in one transaction: a fraction of the time."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol, cast

from sqlalchemy import bindparam, or_, select, update
from sqlalchemy.orm import Session

from gmbot.mail.errors import PermanentFailure, TemporaryFailure
from gmbot.mail.maildir import outbox_name
from gmbot.service.app import App
from gmbot.service.outbox.heads import outgoing
from gmbot.service.outbox.pictures import drop_unwanted, pictures
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render
from gmbot.store.models import Game
from gmbot.store.outbox import Outbound

if TYPE_CHECKING:
    from gmbot.mail.compose import Outgoing

MAX_ATTEMPTS = 8
SENDER_WAIT = 60.0  # SQLite: seconds to wait for another process's flush to end
BATCH = 50  # mails written before one sync and one marking transaction (batching transports)


class Queued(Protocol):
    """What sending a mail reads of its outbox row: an Outbound, or a row of _QUEUED."""

    id: int
    kind: str
    sender: str
    recipient: str
    subject: str
    body: str
    message_id: str
    in_reply_to: str | None
    created_at: datetime
    picture: bytes | None
    picture_key: str | None
    head: str | None


class Transport(Protocol):
    def send(self, out: Outgoing, name: str) -> object: ...


class BatchTransport(Transport, Protocol):
    """A transport where sending a mail again is harmless (it finds its own copy): mails
    are written, then made durable together by sync()."""

    batches: bool

    def write(self, msg: bytes, name: str) -> object: ...

    def sync(self) -> None: ...


def backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(60 * 2 ** (attempts - 1), 6 * 3600))


def flush(app: App, transport: Transport, limit: int = 1000) -> int:
    """Send the queued mail that is due, oldest first; returns how many were sent."""
    now = app.now()
    # Only the ids are read up front: ordering whole rows (their pictures) by id made
    # SQLite copy them all into a temporary B-tree. Each mail's row is read as it is
    # claimed, in the statement that claims it, and one UPDATE marks it sent.
    with app.db.transaction() as s:
        ids = s.scalars(_DUE, {"now": now, "limit": limit}).all()
    sent = 0
    try:
        if ids:
            with app.db.exclusive("outbox", SENDER_WAIT) as ours:
                # Not ours: another process has been sending for a minute; it sends these
                # too, or the next flush does.
                if ours and getattr(transport, "batches", False):
                    batcher = cast(BatchTransport, transport)  # it says so: `batches`
                    for start in range(0, len(ids), BATCH):
                        sent += _send_batch(app, batcher, ids[start:start + BATCH], now)
                else:
                    for row_id in ids if ours else ():
                        sent += _send_one(app, transport, row_id, now)
    finally:
        close = getattr(transport, "close", None)
        if close is not None:
            close()
    return sent


def _send_one(app: App, transport: Transport, row_id: int, now: datetime) -> int:
    """Claim, send and mark one mail; 1 if it was sent, 0 if not (by this process)."""
    params = {"row_id": row_id, "now": now}
    if app.db.is_sqlite:
        with app.db.transaction() as s:  # the sender's file lock is held: see flush
            row = s.execute(_CLAIM, params).first()
            maps = _maps(s, [row] if row else [])
        if row is None:
            return 0  # sent or put off by another process since the ids were read
        failure = _send(transport, row, maps, envelope=_envelope(app, row))
        with app.db.transaction() as s:
            return _record(app, s, row, failure)
    with app.db.transaction() as s:
        row = s.execute(_CLAIM_LOCKED, params).first()
        if row is None:
            return 0  # sent, put off, or being sent right now by another process
        failure = _send(transport, row, _maps(s, [row]), envelope=_envelope(app, row))
        return _record(app, s, row, failure)


def _send_batch(app: App, transport: BatchTransport, ids: Sequence[int],
                now: datetime) -> int:
    """Claim, write, sync and mark several mails; how many were sent by this process.
    A crash before the marks committed writes them again next time, onto their own files."""
    params = {"ids": list(ids), "now": now}
    if app.db.is_sqlite:
        with app.db.transaction() as s:  # the sender's file lock is held: see flush
            rows = s.execute(_CLAIM_MANY, params).all()
            maps = _maps(s, rows)
        results = _write_all(app, transport, rows, maps)
        with app.db.transaction() as s:
            return _record_all(app, s, results)
    with app.db.transaction() as s:
        rows = s.execute(_CLAIM_MANY_LOCKED, params).all()
        return _record_all(app, s, _write_all(app, transport, rows, _maps(s, rows)))


def _maps(s: Session, rows: Sequence[Queued]) -> dict[str, bytes]:
    """The pictures the rows show, each read once: its mails share the bytes, so the
    picture's base64 is made once too (mail/wire.py)."""
    return pictures(s, {row.picture_key for row in rows if row.picture_key})


def _record_all(app: App, s: Session, results: list[tuple[Queued, tuple[str, str] | None]],
                ) -> int:
    """Mark a batch: the mails sent with one executemany UPDATE, the others one by one."""
    sent = [row for row, failure in results if failure is None]
    _mark_sent(app, s, sent)
    for row, failure in results:
        if failure is not None:
            _record(app, s, row, failure)
    return len(sent)


def _write_all(app: App, transport: BatchTransport, rows: Sequence[Queued],
               maps: dict[str, bytes]) -> list[tuple[Queued, tuple[str, str] | None]]:
    results = [(row, _send(transport, row, maps, batch=True, envelope=_envelope(app, row)))
               for row in rows]
    if any(failure is None for _, failure in results):
        try:
            transport.sync()  # durable before any of them is marked sent
        except OSError as e:  # none of them is known to be: all are tried again later
            return [(row, failure or ("retry", str(e))) for row, failure in results]
    return results


def _send(transport: Transport, row: Queued, maps: dict[str, bytes], batch: bool = False,
          envelope: str | None = None) -> tuple[str, str] | None:
    """Hand the mail to the transport: None when accepted, else (retry|park, why).
    `maps`: the pictures read for it (by key); `envelope`: its return path (SMTP's MAIL
    FROM, the Maildir outbox's Return-Path)."""
    try:
        name = outbox_name(row.id, row.message_id)
        picture = maps.get(row.picture_key) if row.picture_key else None
        if batch:
            transport.write(_wire(row, envelope, picture), name)  # type: ignore[attr-defined]
        else:
            transport.send(_outgoing(row, envelope, picture), name)
    except PermanentFailure as e:
        return "park", str(e)
    except (TemporaryFailure, OSError) as e:
        return "retry", str(e)
    except ValueError as e:
        # The mail cannot be written at all (an address or subject the email package
        # refuses to put in a header, such as one holding CR LF): it never will be, so it
        # is parked like a refused one, and the outbox goes on with the others.
        return "park", f"the mail cannot be written: {e}"
    return None


def _record(app: App, s: Session, queued: Queued, failure: tuple[str, str] | None) -> int:
    if failure is None:
        _mark_sent(app, s, [queued])
        return 1
    kind, error = failure
    row = s.get(Outbound, queued.id)
    assert row is not None  # a row this process claimed; gmbot deletes no outbound row
    row.attempts += 1
    row.last_error = error
    if kind == "park" or row.attempts >= MAX_ATTEMPTS:
        _park_row(app, s, row, error)
    else:
        row.next_attempt_at = app.now() + backoff(row.attempts)
    return 0


# Built once: flush runs these for every mail it sends.
_QUEUED_AND_DUE = (Outbound.status == "queued",
                   or_(Outbound.next_attempt_at.is_(None),
                       Outbound.next_attempt_at <= bindparam("now")))
_DUE = (select(Outbound.id).where(*_QUEUED_AND_DUE).order_by(Outbound.id)
        .limit(bindparam("limit")))
# A mail's columns that writing it needs, read as plain rows (no ORM objects to build).
_OUT = Outbound.__table__.c
_QUEUED = select(_OUT.id, _OUT.kind, _OUT.sender, _OUT.recipient, _OUT.subject, _OUT.body,
                 _OUT.message_id, _OUT.in_reply_to, _OUT.created_at, _OUT.picture,
                 _OUT.picture_key, _OUT.head)
_CLAIM = _QUEUED.where(_OUT.id == bindparam("row_id"), *_QUEUED_AND_DUE)
_CLAIM_LOCKED = _CLAIM.with_for_update(skip_locked=True)
_CLAIM_MANY = (_QUEUED.where(_OUT.id.in_(bindparam("ids", expanding=True)), *_QUEUED_AND_DUE)
               .order_by(_OUT.id))
_CLAIM_MANY_LOCKED = _CLAIM_MANY.with_for_update(skip_locked=True)
# On the table (Core): given many rows, the ORM form would take the rows for primary
# keys ("bulk UPDATE by primary key") instead of running it once per row. The parts and
# the picture are needed only to send the mail again, identical.
_MARK_SENT_MANY = (
    update(Outbound.__table__).where(_OUT.id == bindparam("row_id"))
    .values(status="sent", sent_at=bindparam("now"), attempts=_OUT.attempts + 1, picture=None,
            picture_key=None)
)


def _mark_sent(app: App, s: Session, rows: Sequence[Queued]) -> None:
    """Mark the mails sent, in one UPDATE for the plain ones and one for those whose text
    is forgotten (FORGOTTEN_WHEN_SENT), which is then forgotten; then the pictures no mail
    waits for are deleted.

    SQLite: a mail's parts, freed as it is marked, fill about ten pages; a library built
    with SECURE_DELETE (Debian's) zeroes each freed page, written again to the WAL and
    checkpointed: most of the flush's system time. A plain mail's parts hold nothing the
    database does not keep anyway (the results, the press), so their pages are freed
    without it; the forgotten kinds' (a password in clear) are zeroed whatever the
    library's default, so that no copy lingers in the file's free pages."""
    now = app.now()
    plain = [{"row_id": r.id, "now": now} for r in rows if r.kind not in FORGOTTEN_WHEN_SENT]
    secret = [(r.id, r.kind) for r in rows if r.kind in FORGOTTEN_WHEN_SENT]
    if plain:
        with _zeroed(app, s, False):
            s.execute(_MARK_SENT_MANY, plain)
    if secret:
        with _zeroed(app, s, True):
            s.execute(_MARK_SENT_MANY, [{"row_id": i, "now": now} for i, _ in secret])
            # One executemany: a game's loading queues a welcome a player.
            s.execute(_FORGET_TEXT, [{"row_id": i, "body": FORGOTTEN_WHEN_SENT[kind]}
                                     for i, kind in secret])
    drop_unwanted(s, {r.picture_key for r in rows if r.picture_key})


@contextmanager
def _zeroed(app: App, s: Session, on: bool) -> Iterator[None]:
    """SQLite: pages freed meanwhile zeroed (`on`) or not, then as before (PRAGMA
    secure_delete, the connection's); other databases: nothing to do."""
    if not app.db.is_sqlite:
        yield
        return
    conn = s.connection()
    before = conn.exec_driver_sql("PRAGMA secure_delete").scalar()
    conn.exec_driver_sql(f"PRAGMA secure_delete={int(on)}")
    try:
        yield
    finally:
        conn.exec_driver_sql(f"PRAGMA secure_delete={int(bool(before))}")

_FORGET_TEXT = (
    update(Outbound.__table__).where(_OUT.id == bindparam("row_id"))
    .values(body=bindparam("body"), head=None)  # its signed header lines too
)
# What a sent mail of these kinds keeps of its text: once sent (never to be sent again, so
# no resend can differ) the judge keeps only that it was sent (docs/security.md). A
# welcome held a password in clear; an answer to unproven mail (sign-up, its notices)
# was asked by anyone, and a flood of them must leave a few hundred bytes each.
FORGOTTEN_WHEN_SENT = {
    "welcome": "(sent; the text held a password and is not kept)\n",
    "signup": "", "signup-proven": "", "auth-notice": "", "refusal-stranger": "",
}



def _envelope(app: App, row: Queued) -> str:
    return app.heads.envelope(row.sender, row.id, row.recipient, row.message_id)


def _wire(row: Queued, envelope: str | None = None, picture: bytes | None = None) -> bytes:
    from gmbot.mail.outgoing.verp import return_path_line
    from gmbot.mail.wire import wire_bytes

    data = wire_bytes(_outgoing(row, envelope, picture))
    return return_path_line(envelope) + data if envelope else data


def _outgoing(row: Queued, envelope: str | None = None,
              picture: bytes | None = None) -> Outgoing:
    return outgoing(sender=row.sender, recipient=row.recipient, subject=row.subject,
                    body=row.body, message_id=row.message_id, date=row.created_at,
                    in_reply_to=row.in_reply_to, parts=row.picture, head=row.head,
                    envelope=envelope, picture=picture)


def _park_row(app: App, s: Session, row: Outbound, error: str) -> None:
    row.status, row.last_error = "parked", error
    game = s.get(Game, row.game_id) if row.game_id else None
    if game is None or row.recipient == game.gm or row.kind == "gm-parked":
        return
    # The notice shows a recipient or subject that broke the header as plain text
    # (CR LF as \r\n): it must not break its own.
    subject, body = render("gm_parked.txt.j2", game=game.name,
                           recipient=_printable(row.recipient),
                           subject=_printable(row.subject), error=_printable(error))
    queue_mail(s, key=f"parked:{row.id}", kind="gm-parked", sender=game.judge,
               recipient=game.gm, subject=subject, body=body, now=app.now(), game=game)


def _printable(text: str) -> str:
    """`text` with its control characters written out (\\r, \\n, \\x00)."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)
