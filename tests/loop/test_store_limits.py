"""Mail that SQLite stores as it comes but PostgreSQL would refuse (NUL characters, values
longer than their columns, IMAP numbers past 31 bits) is handled alike on both: these
tests run on PostgreSQL too (scripts/test's second run)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from gmbot.service.inbound.imap import _save, _state
from gmbot.store.models import Inbound, OrderSet
from tests.loop.judgekit import Judge, body

# On PostgreSQL too (CONTRIBUTING.md): values at the limits of their columns.
pytestmark = pytest.mark.dialect(
    "gmbot.service.inbound.imap",
    "gmbot.service.inbound.record",
    "gmbot.service.inbound.proof",
    "gmbot.service.inbound.reply",
    "gmbot.service.inbound.relay",
    "gmbot.service.inbound.submit",
)


def inbound_rows(judge: Judge) -> list[Inbound]:
    with judge.app.db.transaction() as s:
        return list(s.scalars(select(Inbound).order_by(Inbound.id)))


def test_nul_characters_are_dropped_and_the_mail_is_handled(judge: Judge) -> None:
    judge.send_raw(b"From: france@example.test\r\nTo: judge@example.test\r\n"
                   b"Subject: orders\x00 now\r\n"
                   b"Message-ID: <nul-1@example.test>\r\n\r\nA PAR - BUR\r\nA MAR\x00 - SPA\r\n")
    [outcome] = judge.tick().mails
    assert outcome.status == "handled"
    [ack] = judge.to("france@example.test", judge.new_mail())
    assert "A PAR - BUR" in body(ack) and "\x00" not in body(ack)
    with judge.app.db.transaction() as s:
        [orders] = s.scalars(select(OrderSet)).all()
        assert "A PAR - BUR" in " ".join(orders.lines)


def test_an_overlong_sender_is_recorded_and_not_answered(judge: Judge) -> None:
    judge.send_raw(b"From: " + b"a" * 400 + b"@example.test\r\nSubject: x\r\n"
                   b"Message-ID: <long-sender@example.test>\r\n\r\nA PAR - BUR\r\n")
    [outcome] = judge.tick().mails
    assert outcome.status == "refused"
    assert judge.new_mail() == []  # no address to answer: RFC 5321 allows 254 characters
    [row] = inbound_rows(judge)
    assert row.sender == ""


def test_an_overlong_message_id_counts_as_none(judge: Judge) -> None:
    raw = (b"From: france@example.test\r\nTo: judge@example.test\r\nSubject: x\r\n"
           b"Message-ID: <" + b"b" * 1200
           + b"@example.test>\r\n\r\nA PAR - BUR\r\n")
    judge.send_raw(raw)
    judge.send_raw(raw)  # the same mail twice: recognised by its content
    assert [m.status for m in judge.tick().mails] == ["handled", "duplicate"]
    [row] = inbound_rows(judge)
    assert row.message_id.startswith("sha256:")
    [ack] = judge.new_mail()
    assert ack["In-Reply-To"] is None


def test_a_refusal_of_a_mail_with_an_overlong_subject_is_sent(judge: Judge) -> None:
    judge.send_raw(b"From: france@example.test\r\nTo: judge@example.test\r\nSubject: "
                   + b"s" * 1200
                   + b"\r\nMessage-ID: <long-subject@example.test>\r\n\r\n"
                   b"GAME nope\r\nA PAR - BUR\r\n")
    [outcome] = judge.tick().mails
    assert outcome.status == "refused"
    [refusal] = judge.new_mail()
    assert str(refusal["Subject"]).startswith("Not accepted: sss")


def test_imap_uidvalidity_and_uids_use_all_32_bits(judge: Judge) -> None:
    account = "judge@imap.example.test:993/INBOX"
    _save(judge.app, account, 4_000_000_000, 4_294_967_295)
    assert _state(judge.app, account) == (4_000_000_000, 4_294_967_295)
