"""The daemon's deadline job re-arms itself for the next moment something falls due after
it looked: a deadline that passes while the job is still busy (processing other games,
sending mail) is processed at once, not after the safety interval."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from gmbot.daemon.schedule import SAFETY_INTERVAL, Daemon
from gmbot.store.models import PhaseRow
from tests.loop.judgekit import Judge


class FakeScheduler:
    """Records what the daemon arms instead of running it."""

    def __init__(self) -> None:
        self.jobs: dict[str, dict[str, Any]] = {}

    def add_job(self, func: Any, trigger: str, *, id: str, **kw: Any) -> None:  # noqa: A002
        self.jobs[id] = {"func": func, "trigger": trigger, **kw}


def test_a_deadline_passing_during_the_deadline_job_is_processed_at_once(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    with judge.app.db.transaction() as s:
        phase = s.scalars(select(PhaseRow)).one()
        phase.deadline_at = judge.clock() + timedelta(seconds=1)
    daemon = Daemon(judge.app, scheduler=FakeScheduler())
    real_flush = daemon.flush_job

    def slow_flush() -> None:  # the deadline passes while the job sends mail
        judge.clock.advance(seconds=2)
        real_flush()

    monkeypatch.setattr(daemon, "flush_job", slow_flush)
    daemon.deadline_job()
    armed = daemon.scheduler.jobs["deadlines"]["run_date"]
    assert armed < datetime.now(UTC) + SAFETY_INTERVAL / 2  # at once: the deadline has passed

    daemon.deadline_job()  # that run processes it
    with judge.app.db.transaction() as s:
        assert s.scalars(select(PhaseRow).where(PhaseRow.seq == 1)).one().processed_at
