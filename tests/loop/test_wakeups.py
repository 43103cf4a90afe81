"""The deadline jobs read only the phases whose time has come (`phases.wake_at`, indexed),
and every use case that opens, closes, pauses, resumes, extends or rolls back a phase keeps
that time right. Through the real pipeline: game files, mail to the Maildir, ticks on a
clock the test moves, GM commands by mail."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.service.deadline.due import next_wakeup
from gmbot.service.deadline.wakeups import due_phases
from gmbot.service.gm.load import load_game
from gmbot.store.models import Game, PhaseRow
from tests.loop.judgekit import POWERS, Judge, make_judge, standard_game

# On PostgreSQL too (CONTRIBUTING.md): the indexed wake-up times the deadline jobs select.
pytestmark = pytest.mark.dialect(
    "gmbot.service.deadline.wakeups",
    "gmbot.service.deadline.parking",
    "gmbot.service.deadline.absences",
    "gmbot.service.deadline.ballot",
    "gmbot.service.deadline.results",
)

GM = "gm@example.test"


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def open_phase(judge: Judge, game: str = "g") -> tuple[str, datetime | None, datetime | None]:
    """The open phase of a game: its name, deadline and wake-up time."""
    with judge.app.db.transaction() as s:
        row = s.scalars(
            select(PhaseRow).join(Game).where(Game.name == game, PhaseRow.processed_at.is_(None),
                                              PhaseRow.superseded.is_(False))
            .order_by(PhaseRow.seq.desc())).first()
        assert row is not None
        return row.name, row.deadline_at, row.wake_at


def running_phase(judge: Judge, game: str = "g") -> tuple[str, datetime, datetime]:
    """The open phase of a game that is running: its deadline and wake-up time are set."""
    name, deadline, wake = open_phase(judge, game)
    assert deadline is not None and wake is not None, f"{game} {name} is not running"
    return name, deadline, wake


def due_now(judge: Judge) -> list[str]:
    with judge.app.db.transaction() as s:
        return [f"{g.name} {p.name}" for g, p in due_phases(s, judge.clock())]


def gm(judge: Judge, command: str) -> None:
    judge.send(GM, command, subject="[g] gm")
    judge.tick()


def test_an_idle_tick_reads_no_phase_however_many_games(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    for n in range(2, 21):
        (tmp_path / f"g{n}.yaml").write_text(standard_game(f"g{n}"), encoding="utf-8")
        load_game(judge.app, tmp_path / f"g{n}.yaml")
    # A new phase of a game that processes early is looked at once, on the next run (the
    # first game's was, when make_judge's run sent the welcome mails).
    assert len(due_now(judge)) == 19
    judge.tick()
    assert due_now(judge) == []
    judge.clock.advance(hours=23)
    judge.tick()
    assert due_now(judge) == []
    # The first reminder, 24 hours before the 48-hour deadline, wakes every game.
    _, deadline, wake = running_phase(judge)
    assert wake == deadline - timedelta(hours=24)
    assert next_wakeup(judge.app) == wake


def test_reminders_then_the_deadline(judge: Judge) -> None:
    judge.tick()
    _, deadline, wake = running_phase(judge)
    assert wake == deadline - timedelta(hours=24)
    judge.clock.now = wake
    judge.tick()
    assert open_phase(judge)[2] == deadline - timedelta(hours=4)
    judge.clock.now = deadline - timedelta(hours=4)
    judge.tick()
    assert open_phase(judge)[2] == deadline
    judge.clock.now = deadline
    judge.tick()
    name, _, wake = running_phase(judge)
    assert name == "F1901M"
    assert wake <= judge.clock()  # early game: looked at next run


def test_a_judge_down_past_the_deadline_does_not_wait_for_old_reminders(judge: Judge) -> None:
    judge.tick()
    _, deadline, _ = running_phase(judge)
    judge.send(GM, "EXTEND 1h", subject="[g] gm")  # read when the judge is back
    judge.clock.now = deadline + timedelta(minutes=30)
    judge.tick()
    # The reminders can no longer be sent: the next look is the new deadline.
    name, new_deadline, wake = open_phase(judge)
    assert name == "S1901M"
    assert new_deadline == judge.clock() + timedelta(hours=1)
    assert wake == new_deadline


def test_pause_resume_extend_process_and_rollback_keep_the_wake_up(judge: Judge) -> None:
    judge.tick()
    running_phase(judge)
    gm(judge, "PAUSE")
    assert open_phase(judge)[2] is None
    assert next_wakeup(judge.app) is None
    judge.clock.advance(hours=10)
    gm(judge, "RESUME")
    _, deadline, wake = running_phase(judge)
    assert wake == deadline - timedelta(hours=24)
    gm(judge, "EXTEND 24h")
    _, later, wake = running_phase(judge)
    assert later == deadline + timedelta(hours=24)
    assert wake == later - timedelta(hours=24)
    judge.send(GM, "PROCESS", subject="[g] gm")
    judge.tick()  # processed at once
    name, _, _ = running_phase(judge)
    assert name == "F1901M"
    judge.tick()
    assert due_now(judge) == []
    gm(judge, "ROLLBACK S1901M")
    name, deadline, wake = running_phase(judge)
    assert name == "S1901M"
    judge.tick()
    assert open_phase(judge)[2] == deadline - timedelta(hours=24)
    with judge.app.db.transaction() as s:
        stale = s.scalars(select(PhaseRow).where(PhaseRow.superseded.is_(True))).all()
        assert stale and all(r.wake_at is None for r in stale)


def test_orders_in_an_early_game_are_looked_at_on_the_next_run(judge: Judge) -> None:
    judge.tick()
    judge.send(addr("FRANCE"), "A PAR - BUR\nA MAR - SPA\nF BRE - MAO", subject="[g] o")
    judge.tick()
    # Not everyone has ordered: back to the schedule.
    assert due_now(judge) == []
    for power in POWERS:
        if power != "FRANCE":
            judge.send(addr(power), "", subject="[g] o")
    holds = {"ENGLAND": "F LON H\nF EDI H\nA LVP H", "GERMANY": "A BER H\nA MUN H\nF KIE H",
             "ITALY": "A ROM H\nA VEN H\nF NAP H", "AUSTRIA": "A VIE H\nA BUD H\nF TRI H",
             "RUSSIA": "A MOS H\nA WAR H\nF SEV H\nF STP/SC H",
             "TURKEY": "A CON H\nA SMY H\nF ANK H"}
    for power, lines in holds.items():
        judge.send(addr(power), lines, subject="[g] o")
    report = judge.tick()
    assert report.processed == ["g: S1901M processed (early); next F1901M"]
