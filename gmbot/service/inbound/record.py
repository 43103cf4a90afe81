"""The record of an inbound mail, whatever transport brought it: `receive_batch` (several,
in one transaction) and `receive` (one mail: a batch of one, the same path) parse it, have
its author examined, and record it once, by Message-ID, in the transaction that handles
it (gates.py), so nothing accepted is lost and nothing is handled twice. A duplicate is
recognised here; a mail whose handling fails (a bug, not bad input) is set aside with its
raw text."""

from __future__ import annotations

import hashlib
import logging
from dataclasses import replace

from sqlalchemy import bindparam, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from gmbot.config import max_message_bytes
from gmbot.mail.auth import DnsBudget, Evidence
from gmbot.mail.message import InboundMail, parse_message
from gmbot.mail.oversize import Oversize, Raw, admit, content_id, head_of, size_of
from gmbot.service.app import App
from gmbot.service.batch_rows import BatchRows
from gmbot.service.deadline.parking import park
from gmbot.service.deadline.wakeups import defer_wake_ups, write_wake_ups
from gmbot.service.heap import settle_once
from gmbot.service.inbound.batch import Batch
from gmbot.service.inbound.evidence import examine_all
from gmbot.service.inbound.gates import handle
from gmbot.service.inbound.handling import Outcome, duplicate, rewrite_record, write_record
from gmbot.service.inbound.lookups import RATE_WINDOW
from gmbot.service.inbound.redaction import redact_passwords
from gmbot.service.inbound.reply import queue_reply
from gmbot.service.locks import lock_games_of
from gmbot.service.outbox.render import render
from gmbot.service.outbox.retention import cap_refused_mail
from gmbot.service.runtime import StoredPositionError, log_events
from gmbot.store.models import Game, Inbound

log = logging.getLogger("gmbot")


def receive(app: App, raw: Raw) -> Outcome:
    """Handle one mail: a batch of one (receive_batch), its DKIM checks within no batch's
    DNS budget. A failure inside (a bug, not bad input) sets the mail aside with its raw
    text in the store, so it never blocks the mailbox and is never lost. A database that
    cannot be reached or gives up a transaction (OperationalError: down, restarting,
    locked, a deadlock) is no fault of the mail: that error is raised, and the mail stays
    where it is to be read again. A mail over limits.max_message_bytes is handled from its
    header section only (it can only be refused)."""
    (outcome,) = _receive_all(app, [raw], None)
    return outcome


def _failed(app: App, raw: Raw, ident: str, why: str) -> Inbound:
    """The record of a mail whose handling failed: its whole text kept, to look into
    (its passwords taken out)."""
    return Inbound(message_id=ident, sender="", subject="", received_at=app.now(),
                   size=size_of(raw), status="failed", reason=why[:2000],
                   raw=raw.head if isinstance(raw, Oversize) else redact_passwords(raw))


def _parse(raw: Raw) -> InboundMail:
    if isinstance(raw, Oversize):
        return replace(parse_message(raw.head), size=raw.size)
    return parse_message(raw)


def _kept(raw: Raw, status: str) -> bytes:
    """What the store keeps of a mail's text: all of a handled mail (until
    limits.keep_raw_mail_days) but its passwords (redaction.py), only the header section
    of mail refused or ignored."""
    if status == "handled" and isinstance(raw, bytes):
        return redact_passwords(raw)
    return head_of(raw)


def receive_batch(app: App, raws: list[Raw]) -> list[Outcome]:
    """Handle several mails in one transaction: one commit, so one fsync, for the lot.
    Each mail is still all or nothing (its records, orders and reply): the batch runs
    first with no savepoint, and again with a savepoint a mail if one of them fails, so
    that only that one is set aside. None is acknowledged before the batch has committed:
    the caller marks them read only once this returns, and replies leave the outbox only
    after the commit.
    An OperationalError (database down, locked...) rolls the whole batch back and is
    raised; every mail of it stays unread, to be read again."""
    # Before the batch's transaction (DNS waits), one DNS time budget for the batch.
    return _receive_all(app, raws, app.sender_check.budget())


def _receive_all(app: App, raws: list[Raw], budget: DnsBudget | None) -> list[Outcome]:
    settle_once()  # what start-up loaded, out of every later full collection (heap.py)
    max_bytes = max_message_bytes(app.config)
    raws = [admit(raw, max_bytes) for raw in raws]
    mails: list[InboundMail | Exception] = []
    for raw in raws:
        try:
            mails.append(_parse(raw))
        except Exception as e:  # noqa: BLE001 - set aside below, like any failure
            mails.append(e)
    evidence = examine_all(app, raws, mails, budget)
    mails = [proof if isinstance(proof, Exception) else mail
             for mail, proof in zip(mails, evidence, strict=True)]
    try:
        # First all in one go, no savepoint a mail (a savepoint and its release were about
        # a tenth of the stage: benchmarks/ingest.py, issue 33)...
        return _handle_all(app, raws, mails, evidence, savepoints=False)
    except _MailFailed:
        # ...and if one mail fails, the batch is rolled back and handled again, each mail
        # in its own savepoint, so that the failing one is set aside and none of the
        # others is lost.
        return _handle_all(app, raws, mails, evidence, savepoints=True)


class _MailFailed(Exception):
    """A mail of a batch handled without savepoints failed: the batch is done again."""


def _handle_all(app: App, raws: list[Raw], mails: list[InboundMail | Exception],
                evidence: list[Evidence | Exception], savepoints: bool) -> list[Outcome]:
    """The batch in one transaction; `savepoints`: each mail in one of its own (else a
    mail that fails raises _MailFailed, rolling the whole batch back)."""
    outcomes: list[Outcome] = []
    with app.db.transaction() as s:
        idents = [_ident(m, raw) for m, raw in zip(mails, raws, strict=True)
                  if isinstance(m, InboundMail)]
        batch = Batch(s, idents)
        senders = {m.sender for m, raw in zip(mails, raws, strict=True)
                   if isinstance(m, InboundMail) and _ident(m, raw) not in batch.recorded}
        if not app.db.is_sqlite:
            # Every game the batch may touch, locked now and in id order (service/locks):
            # two daemons' batches locking them mail by mail could each hold one game and
            # wait for the other's.
            batch.locked_games = lock_games_of(s, senders)
        # Then read once what each mail would read again (batch.py), for the gates to ask.
        batch.read_ahead(senders, app.now() - RATE_WINDOW)
        defer_wake_ups(s)
        if savepoints:
            for mail, raw, proof in zip(mails, raws, evidence, strict=True):
                outcomes.append(_receive_nested(app, s, raw, mail, proof, batch))
        else:
            # The mails' records, order sets and replies kept and written together, each
            # table's in one statement (batch_rows.py).
            # As many record ids as mails not recorded before (PostgreSQL's sequence).
            rows = BatchRows(s, len(set(idents) - batch.recorded))
            try:
                for mail, raw, proof in zip(mails, raws, evidence, strict=True):
                    outcomes.append(_receive_direct(app, s, raw, mail, proof, batch))
                _written(rows)
            finally:
                rows.close()
        write_wake_ups(s)
        log_events(s, "mail_handled", batch.events)
        if any(o.status in ("refused", "ignored") for o in outcomes):
            cap_refused_mail(s, app.config)
    return outcomes


def _ident(mail: InboundMail, raw: Raw) -> str:
    # Without a Message-ID the content itself identifies a redelivered copy; a long one
    # is kept as its hash, so that no record keeps more than a few hundred bytes.
    if not mail.message_id:
        return content_id(raw)
    if len(mail.message_id) > MESSAGE_ID_KEPT:
        return "mid-sha256:" + hashlib.sha256(mail.message_id.encode()).hexdigest()
    return mail.message_id


# What the record of a refused or ignored mail keeps for good, besides its sender (at
# most 254 characters) and a hashed Message-ID: a clipped subject and reason. Its header
# text is kept only within limits.refused_mail_kept and refused_mail_bytes (retention.py).
MESSAGE_ID_KEPT = 128
SUBJECT_KEPT = 80
REASON_KEPT = 160


def _clip(record: Inbound) -> None:
    """Clip what the record of a mail not handled keeps forever."""
    if record.status in ("refused", "ignored"):
        record.subject = record.subject[:SUBJECT_KEPT]
        record.reason = record.reason[:REASON_KEPT] if record.reason else record.reason


def _receive_direct(app: App, s: Session, raw: Raw, mail: InboundMail | Exception,
                    evidence: Evidence | Exception, batch: Batch) -> Outcome:
    """One mail of a batch handled with no savepoint: as _receive_nested does, but any
    failure (of the mail, not of the database) raises _MailFailed for the batch to be
    done again with savepoints."""
    try:
        if isinstance(mail, Exception) or isinstance(evidence, Exception):
            raise _MailFailed
        ident = _ident(mail, raw)
        if ident in batch.recorded:
            return duplicate()
        if mail.sender in batch.gms:
            batch.forget()  # as in _receive_nested
        batch.pending_event = None
        outcome, record = _record_and_handle(app, s, raw, mail, evidence, batch, ident,
                                             False)
        s.flush()  # what a savepoint's release flushed: the same rows in the same order
        batch.recorded_mail(ident, mail.sender, record.received_at, record.status,
                            record.reason)
        batch.keep_event()
        return outcome
    except OperationalError:
        raise
    except Exception as e:  # noqa: BLE001 - any failure: the batch again, with savepoints
        raise _MailFailed from e


def _written(rows: BatchRows) -> None:
    """Write the batch's kept rows; a row refused (a Message-ID another process recorded
    meanwhile...) is a failure of its mail: the batch again, with savepoints."""
    try:
        rows.write()
    except OperationalError:
        raise
    except Exception as e:  # noqa: BLE001 - as _receive_direct
        raise _MailFailed from e


def _record_and_handle(app: App, s: Session, raw: Raw, mail: InboundMail,
                       evidence: Evidence, batch: Batch, ident: str,
                       parked_now: bool) -> tuple[Outcome, Inbound]:
    """The mail's record and its handling (in the caller's savepoint, if any)."""
    record = Inbound(message_id=ident, sender=mail.sender, subject=mail.subject[:998],
                     received_at=app.now(), size=mail.size, status="handled", reason=None,
                     raw=_kept(raw, "handled"))
    outcome = handle(app, s, mail, record, evidence, batch, parked_now)
    status, reason = outcome.status, outcome.reason or None
    # A handled mail's text was redacted once, above.
    kept = record.raw if status == "handled" else _kept(raw, status)
    if record.id is None:
        record.status, record.reason = status, reason
        record.raw = kept
        _clip(record)
        write_record(s, record)
    elif (record.status, record.reason) != (status, reason):
        rewrite_record(s, record, status, reason, kept)
    record.status, record.reason = status, reason
    return outcome, record


def _receive_nested(app: App, s: Session, raw: Raw, mail: InboundMail | Exception,
                    evidence: Evidence | Exception, batch: Batch,
                    parked_now: bool = False) -> Outcome:
    """One mail of a batch, inside a savepoint of the batch's transaction.
    The mail's Inbound row is written with a plain INSERT (handling.write_record), not by
    the session's unit of work, which cost more than the rest of the row's handling."""
    try:
        if isinstance(mail, Exception):
            raise mail  # parsing failed: set aside like any failure
        assert isinstance(evidence, Evidence)
        ident = _ident(mail, raw)
        if ident in batch.recorded:
            return duplicate()
        if mail.sender in batch.gms:
            # A GM's commands may change seats and phases (batch.py): forgotten before his
            # mail's savepoint, which may be rolled back.
            batch.forget()
        batch.pending_event = None
        try:
            with s.begin_nested():
                outcome, record = _record_and_handle(app, s, raw, mail, evidence, batch,
                                                     ident, parked_now)
            batch.recorded_mail(ident, mail.sender, record.received_at, record.status,
                                record.reason)
            batch.keep_event()
            return outcome
        except IntegrityError:
            batch.forget()
            # Recorded by another process meanwhile (two daemons reading one inbox, an MTA
            # piping a copy in twice at once): its transaction won.
            if _recorded(s, ident):
                batch.recorded.add(ident)
                return duplicate()
            raise
    except OperationalError:
        raise
    except StoredPositionError as e:
        if not parked_now and not isinstance(mail, Exception):
            # The game's position cannot be read: the game is parked (its GM told), and
            # the mail read again, to be answered that the game is paused.
            batch.forget()
            s.expire_all()
            with s.begin_nested():
                game = s.get(Game, e.game_id)
                if game is not None:
                    park(s, game, str(e), app.now())
            return _receive_nested(app, s, raw, mail, evidence, batch, True)
        return _failed_mail(app, s, raw, batch, e, mail)
    except Exception as e:  # noqa: BLE001 - any bug in handling one mail
        return _failed_mail(app, s, raw, batch, e, mail)


def _failed_mail(app: App, s: Session, raw: Raw, batch: Batch, e: Exception,
                 mail: InboundMail | Exception) -> Outcome:
    """Set aside a mail of a batch whose handling failed (called in the handler of `e`)."""
    log.exception("handling a mail failed; it is kept as failed in the store")  # noqa: LOG004
    # What the failed mail changed before its savepoint was rolled back may linger in
    # the batch's reads and loaded rows: read again from the database.
    batch.forget()
    s.expire_all()
    why = f"{type(e).__name__}: {e}"
    ident = content_id(raw)
    try:
        with s.begin_nested():
            if not _recorded(s, ident):
                _answer_failure(app, s, None if isinstance(mail, Exception) else mail,
                                _failed(app, raw, ident, why))
    except IntegrityError:
        pass  # another process set the same mail aside at the same moment
    return Outcome("failed", why)


def _answer_failure(app: App, s: Session, mail: InboundMail | None, record: Inbound) -> None:
    """Record a failed mail and tell its sender that nothing in it was done (whatever it
    changed was rolled back with its savepoint), so that no mail goes unanswered and no
    accepted command is lost unseen: he sends it again. The reply repeats nothing of
    the mail (its sender is not proven)."""
    s.add(record)
    if mail is None:
        return
    subject, body = render("refusal.txt.j2", subject=None, reason=(
        "the judge met an error of its own while reading it, so nothing in it was carried "
        "out: no order, vote or command. The operator has been told; please send it "
        "again later."))
    queue_reply(app, s, mail, record, None, "failed", subject, body)


# A table column, not a mapped attribute: a plain Core statement skips the ORM's per-call
# set-up, and its autoflush, which it does not need (it runs with nothing pending).
_IN = Inbound.__table__.c
_RECORDED = select(_IN.id).where(_IN.message_id == bindparam("ident")).limit(1)


def _recorded(s: Session, ident: str) -> bool:
    return s.scalar(_RECORDED, {"ident": ident}) is not None
