"""The raw text of handled mail is kept for limits.keep_raw_mail_days, then dropped by
`gmbot tick` and by the daemon; the mail's record stays, so a copy delivered again is
still a duplicate. Mail set aside as failed keeps its text for whoever looks into it."""

from __future__ import annotations

import signal
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest
import yaml
from sqlalchemy import select, update

from gmbot.store.models import Inbound
from tests.loop.judgekit import Judge, fail_mails_with
from tests.loop.test_daemon import wait_for

# On PostgreSQL too (CONTRIBUTING.md): window functions over the kept raw mail.
pytestmark = pytest.mark.dialect("gmbot.service.outbox.retention")


def texts(judge: Judge) -> dict[str, bytes | None]:
    with judge.app.db.transaction() as s:
        return {row.sender or row.status: row.raw
                for row in s.scalars(select(Inbound).order_by(Inbound.id))}


def test_raw_mail_is_pruned_after_the_retention_and_duplicates_still_recognised(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    fail_mails_with(monkeypatch, "boom")
    first = judge.send("france@example.test", "A PAR - BUR\n")
    raw = (judge.home / "mail/inbox/new" / first).read_bytes()
    judge.send("germany@example.test", "boom\n")
    judge.tick()
    assert all(texts(judge).values())

    judge.clock.advance(days=29)
    assert judge.tick().pruned == 0
    judge.clock.advance(days=1, minutes=1)
    assert judge.tick().pruned == 1
    kept = texts(judge)
    assert kept["france@example.test"] is None
    assert b"boom" in kept["failed"]

    judge.send_raw(raw)  # the same mail again, a month later
    assert [m.status for m in judge.tick().mails] == ["duplicate"]


def test_the_retention_is_configurable(judge: Judge) -> None:
    (judge.home / "gmbot.yaml").write_text(yaml.safe_dump({"limits": {"keep_raw_mail_days": 2}}))
    judge.reopen()
    judge.send("france@example.test", "A PAR - BUR\n")
    judge.tick()
    judge.clock.advance(days=1)
    assert judge.tick().pruned == 0
    judge.clock.advance(days=1, minutes=1)
    assert judge.tick().pruned == 1
    assert texts(judge)["france@example.test"] is None


def test_the_daemon_prunes_old_mail(judge: Judge) -> None:
    judge.send("france@example.test", "A PAR - BUR\n")
    judge.send("germany@example.test", "A MUN - RUH\n")
    judge.tick()
    with judge.app.db.transaction() as s:  # one mail of six weeks ago, one of today
        s.execute(update(Inbound).where(Inbound.sender == "france@example.test")
                  .values(received_at=datetime.now(UTC) - timedelta(days=42)))
        s.execute(update(Inbound).where(Inbound.sender == "germany@example.test")
                  .values(received_at=datetime.now(UTC)))
    judge.app.db.dispose()
    (judge.home / "gmbot.yaml").write_text("poll_interval: 0.5\n", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "gmbot", "--home", str(judge.home), "run"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        assert wait_for(lambda: texts(judge)["france@example.test"] is None)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()  # never leave a daemon behind
            proc.communicate()
    assert texts(judge)["germany@example.test"]
