"""A mail whose handling fails is set aside, kept, and does not block the mailbox; the
GM's EXTEND during a pause adds to the time left."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from gmbot.store.models import Inbound, PhaseRow
from tests.loop.judgekit import Judge, fail_mails_with


def test_a_crashing_mail_is_set_aside_and_the_next_one_is_read(
    judge: Judge, monkeypatch: pytest.MonkeyPatch
) -> None:
    fail_mails_with(monkeypatch, "boom")
    judge.send("france@example.test", "boom\nA PAR - BUR\n")
    judge.send("germany@example.test", "A MUN - RUH\n")
    report = judge.tick()
    assert sorted(m.status for m in report.mails) == ["failed", "handled"]
    assert not list((judge.home / "mail/inbox/new").iterdir())
    with judge.app.db.transaction() as s:
        failed = s.scalars(select(Inbound).where(Inbound.status == "failed")).one()
        assert b"boom" in failed.raw and "RuntimeError: a bug" in failed.reason


def test_extend_while_paused_adds_to_the_time_left(judge: Judge) -> None:
    with judge.app.db.transaction() as s:
        deadline = s.scalars(select(PhaseRow)).one().deadline_at
    left = deadline - judge.clock()
    judge.send("gm@example.test", "PAUSE\nEXTEND 24h\n")
    judge.tick()
    judge.clock.advance(days=10)
    judge.send("gm@example.test", "RESUME\n")
    judge.tick()
    with judge.app.db.transaction() as s:
        phase = s.scalars(select(PhaseRow)).one()
        assert phase.deadline_at == judge.clock() + left + timedelta(hours=24)
        assert phase.processed_at is None
