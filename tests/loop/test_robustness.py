"""A mail whose handling fails is set aside, kept, answered (nothing in it done), does not
block the mailbox and makes `gmbot tick` exit 1; the GM's EXTEND during a pause adds to
the time left."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from gmbot.store.models import Inbound, PhaseRow, Player
from tests.loop.conftest import Cli
from tests.loop.judgekit import Judge, body, fail_mails_with


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
    assert any("a mail could not be handled (RuntimeError: a bug)" in e for e in report.errors)
    [answer] = judge.to("france@example.test", judge.new_mail())
    assert "nothing in it was carried out: no order, vote or command" in body(answer)


def test_a_failed_mail_loses_no_accepted_command_unseen_and_the_tick_exits_1(
        judge: Judge, cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    fail_mails_with(monkeypatch, "boom")
    judge.send("france@example.test", "RESIGN FRANCE\nboom\n")
    result = cli("tick", ok=False)
    assert "error: a mail could not be handled (RuntimeError: a bug)" in result.output
    with judge.app.db.transaction() as s:  # the resignation was rolled back with the mail
        assert all(p.active for p in s.scalars(select(Player)))
    [answer] = judge.to("france@example.test", judge.new_mail())  # ... and he is told so
    assert "nothing in it was carried out" in body(answer)


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
