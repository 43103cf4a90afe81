"""Mail over limits.max_message_bytes is measured, never read whole: through the Maildir
inbox and the `gmbot ingest` pipe, only its header section is read and kept, its sender
is told the limit, and nothing of it reaches a game. Mail refused or ignored keeps only
its headers in the store; handled mail is kept whole."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.mail.oversize import HEAD_BYTES
from gmbot.store.models import Inbound
from tests.authkit import stamp
from tests.loop.conftest import Cli
from tests.loop.judgekit import Judge, body

# On PostgreSQL too (CONTRIBUTING.md): what the store keeps of mail past the size limit.
pytestmark = pytest.mark.dialect("gmbot.service.inbound.record")

MB = 1_000_000


def big_mail(sender: str, size: int, first_line: str = "A PAR - BUR") -> bytes:
    """A mail as the judge's trusted mail server hands it on (stamped: tests/authkit)."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "judge@example.test"
    msg["Subject"] = "orders"
    msg["Message-ID"] = make_msgid(domain="example.test")
    msg.set_content(first_line + "\n" + ("junk line of filler text\n" * (size // 25)))
    return stamp(msg.as_bytes())


def records(judge: Judge) -> list[Inbound]:
    with judge.app.db.transaction() as s:
        return list(s.scalars(select(Inbound).order_by(Inbound.id)))


def peak_memory(work: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def refused_for_size(judge: Judge, size: int) -> None:
    [refusal] = judge.to("france@example.test", judge.new_mail())
    text = body(refusal)
    assert f"your mail is {size} bytes" in text
    assert "the judge reads mail up to 1000000 bytes" in text
    [row] = records(judge)
    assert (row.status, row.size) == ("refused", size)
    assert row.raw is not None  # its headers are kept
    assert b"From: france@example.test" in row.raw and b"junk line" not in row.raw
    assert len(row.raw) < 1000


def test_an_oversize_mail_in_the_maildir_is_refused_without_being_read(judge: Judge) -> None:
    raw = big_mail("france@example.test", 20 * MB)
    judge.send_raw(raw, dmarc=None)
    peak = peak_memory(judge.tick)
    assert peak < 8 * MB  # the 20 MB mail was never in memory
    refused_for_size(judge, len(raw))
    assert judge.tick().mails == []  # it left new/ like any mail handled


def test_an_oversize_mail_on_the_pipe_is_refused_reading_at_most_the_limit(
        judge: Judge, cli: Cli, tmp_path: Path) -> None:
    raw = big_mail("france@example.test", 20 * MB)
    (tmp_path / "mail").write_bytes(raw)
    with open(tmp_path / "mail", "rb") as pipe:
        # Spooled only: the test's own tick below handles it, on the judge's clock.
        peak = peak_memory(lambda: cli("ingest", "--no-worker", input=pipe))
        assert pipe.read() == b""  # read to its end, so the MTA sees the mail taken
    assert peak < 8 * MB
    [spooled] = (judge.app.config.spool / "new").iterdir()
    assert spooled.stat().st_size <= HEAD_BYTES  # the spool keeps its header section only
    judge.tick()
    refused_for_size(judge, len(raw))


def test_a_mail_just_under_the_limit_is_read(judge: Judge) -> None:
    raw = big_mail("france@example.test", MB - 2000)
    assert len(raw) <= MB
    judge.send_raw(raw, dmarc=None)
    [outcome] = judge.tick().mails
    assert outcome.status == "handled"
    [row] = records(judge)
    assert row.raw == raw  # handled mail is kept whole (until the retention prunes it)


def test_a_duplicate_oversize_mail_is_recognised_by_its_headers(judge: Judge) -> None:
    raw = big_mail("france@example.test", 3 * MB).replace(b"Message-ID", b"X-Old-Id", 1)
    judge.send_raw(raw, dmarc=None)
    judge.send_raw(raw, dmarc=None)
    assert [m.status for m in judge.tick().mails] == ["refused", "duplicate"]
    [row] = records(judge)
    assert row.message_id is not None and row.message_id.startswith("sha256:")


def test_refused_and_ignored_mail_keeps_only_its_headers(judge: Judge) -> None:
    judge.send("stranger@example.org", "Buy our pills\n" * 50, subject="offer")
    judge.send("england@example.test", "I am away\n" * 50,
               headers={"Auto-Submitted": "auto-replied"})
    judge.send("germany@example.test", "A MUN - RUH\n")
    assert [m.status for m in judge.tick().mails] == ["refused", "ignored", "handled"]
    refused, ignored, handled = records(judge)
    for row in (refused, ignored):
        assert row.raw is not None
        assert b"From: " in row.raw and b"Message-ID: " in row.raw
        assert b"pills" not in row.raw and b"away" not in row.raw
        assert row.reason
    assert handled.raw is not None and b"A MUN - RUH" in handled.raw
