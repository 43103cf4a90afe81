"""Deadlines through the real pipeline on the local Maildir, with a clock the test moves:
reminders, the grace period and the GM's late notice, processing with NMR, restarts and
deadlines missed while the judge was down, weekly deadlines across a DST change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.service.app import open_app
from gmbot.service.gm.load import load_game
from gmbot.store.models import PhaseRow
from tests.loop.judgekit import POWERS, Clock, Judge, make_judge, standard_game
from tests.loop.judgekit import body as crlf_body

# On PostgreSQL too (CONTRIBUTING.md): stored times compared with the clock.
pytestmark = pytest.mark.dialect(
    "gmbot.service.deadline.results",
    "gmbot.service.deadline.parking",
    "gmbot.service.gm.load",
)

GM = "gm@example.test"
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # the judge's clock when the game is loaded
DEADLINE = START + timedelta(hours=48)  # movement: 48h


def body(msg: EmailMessage) -> str:
    return crlf_body(msg).replace("\r\n", "\n")


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def judge_at(tmp_path: Path, text: str, start: datetime) -> Judge:
    """Like make_judge, with the game loaded at `start`."""
    clock = Clock(start)
    app = open_app(tmp_path / "home")
    app.clock = clock
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    load_game(app, tmp_path / "game.yaml")
    return Judge(home=tmp_path / "home", clock=clock, app=app)


def at(judge: Judge, when: datetime) -> list[str]:
    """Move the clock to `when`, run the judge; the subjects of what it sent, with the
    recipient in front."""
    assert when >= judge.clock.now
    judge.clock.now = when
    judge.tick()
    return [f"{m['To']}: {m['Subject']}" for m in judge.new_mail()]


def reminders(sent: list[str]) -> list[str]:
    return sorted(s.split(":")[0] for s in sent if "Reminder" in s)


def phases(judge: Judge) -> list[tuple[str, datetime | None, bool]]:
    with judge.app.db.transaction() as s:
        return [(r.name, r.deadline_at, r.processed_at is not None)
                for r in s.scalars(select(PhaseRow).order_by(PhaseRow.seq))]


def test_reminders_go_once_and_only_to_players_missing_orders(judge: Judge) -> None:
    judge.send(addr("FRANCE"), "A PAR - BUR\nA MAR H\nF BRE H\n")  # complete
    judge.send(addr("ENGLAND"), "F LON - NTH\n")  # incomplete: still reminded
    assert at(judge, START + timedelta(hours=1)) == [f"{addr('FRANCE')}: [g] Received",
                                                     f"{addr('ENGLAND')}: [g] Received"]
    assert at(judge, DEADLINE - timedelta(hours=24, minutes=1)) == []

    sent = at(judge, DEADLINE - timedelta(hours=24))
    assert reminders(sent) == sorted(addr(p) for p in POWERS if p != "FRANCE")
    assert len(sent) == 6
    reminder = judge.to(addr("ENGLAND"))[-1]
    assert reminder["Subject"] == \
        "[g] Reminder: orders for S1901M due Wed 4 Mar 2026 09:00 UTC"
    assert "no complete orders from you (ENGLAND)" in body(reminder)
    # It lists the units still to order, as the late notice does (issue 32).
    assert "Still to order: F EDI, A LVP." in body(reminder).replace("\r\n", "\n")

    assert at(judge, DEADLINE - timedelta(hours=23)) == []  # once only
    judge.reopen()
    assert at(judge, DEADLINE - timedelta(hours=12)) == []  # ... even after a restart

    judge.send(addr("ENGLAND"), "F LON - NTH\nF EDI H\nA LVP H\n")  # now complete
    judge.send(addr("GERMANY"), "A BER H\nF KIE H\nA MUN H\n")
    sent = at(judge, DEADLINE - timedelta(hours=4))
    assert reminders(sent) == sorted(addr(p) for p in ("AUSTRIA", "ITALY", "RUSSIA", "TURKEY"))
    assert at(judge, DEADLINE - timedelta(hours=1)) == []


def test_a_late_first_tick_sends_one_reminder_not_two(judge: Judge) -> None:
    sent = at(judge, DEADLINE - timedelta(hours=3))  # past both the 24h and the 4h mark
    assert reminders(sent) == sorted(addr(p) for p in POWERS)
    assert at(judge, DEADLINE - timedelta(hours=2)) == []


def test_no_reminders_when_the_phase_is_shorter_than_the_reminder(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game().replace("movement: 48h", "movement: 12h"))
    sent = at(judge, START + timedelta(hours=8))  # 4h before the deadline
    assert reminders(sent) == sorted(addr(p) for p in POWERS)  # the 4h one only
    assert at(judge, START + timedelta(hours=11)) == []


def test_grace_period_late_notice_then_processing_with_nmr(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra="  grace: 6h\n"))
    judge.send(addr("FRANCE"), "A PAR - BUR\n")  # incomplete
    judge.send(addr("GERMANY"), "A MUN - RUH\nA BER H\nF KIE H\n")
    judge.send(addr("ITALY"), "A VEN H\nA ROM H\nF NAP H\n")
    judge.send(addr("RUSSIA"), "A MOS H\nA WAR H\nF SEV H\nF STP/SC H\n")
    at(judge, START + timedelta(hours=1))

    sent = at(judge, DEADLINE)
    late = ("AUSTRIA", "ENGLAND", "FRANCE", "TURKEY")
    assert sent == [f"{GM}: [g] Late for S1901M: AUSTRIA, ENGLAND, FRANCE, TURKEY"] + [
        f"{addr(p)}: [g] You are late: orders for S1901M" for p in late]
    notice = body(judge.to(GM)[-1])
    assert "processed at the end of the grace period, Wed 4 Mar 2026 15:00 UTC" in notice
    # Each late player is told himself, with what he still has to order, and no one else's.
    french = body(judge.to(addr("FRANCE"))[-1])
    assert "no\ncomplete orders from you (FRANCE)" in french
    assert "Still to order: F BRE, A MAR." in french
    assert "the grace period, Wed 4 Mar 2026 15:00 UTC" in french
    assert "AUSTRIA" not in french and "TURKEY" not in french
    assert phases(judge)[-1][2] is False  # not processed yet

    assert at(judge, DEADLINE + timedelta(hours=3)) == []  # one notice only
    judge.send(addr("AUSTRIA"), "A VIE - TYR\nA BUD H\nF TRI H\n")  # late, but in time
    sent = at(judge, DEADLINE + timedelta(hours=5, minutes=59))
    assert sent == [f"{addr('AUSTRIA')}: [g] Received"]

    sent = at(judge, DEADLINE + timedelta(hours=6))
    assert len([s for s in sent if "Spring 1901 Movement results" in s]) == 8
    results = body(judge.to(addr("ENGLAND"))[-1])
    assert "No orders received from: ENGLAND, TURKEY." in results
    for unit in ("F EDI H", "F LON H", "A LVP H", "F ANK H", "A CON H", "A SMY H"):
        assert unit in results  # the units of the NMR powers held
    assert "A VIE - TYR" in results and "A MUN - RUH" in results
    # France ordered one unit: not NMR; its other units held.
    assert "A PAR - BUR" in results and "F BRE H" in results
    assert [(name, done) for name, _, done in phases(judge)] == [("S1901M", True),
                                                                ("F1901M", False)]


def test_without_grace_the_deadline_processes_at_once_and_the_gm_gets_no_notice(
        judge: Judge) -> None:
    sent = at(judge, DEADLINE)
    assert not [s for s in sent if "Late" in s]
    results = body(judge.to(GM)[-1])
    assert "No orders received from: " + ", ".join(POWERS) + "." in results
    assert "(processed at the deadline)" in results
    assert "Next phase: Fall 1901 Movement. Deadline: Fri 6 Mar 2026 09:00 UTC." in results


def test_a_restart_between_two_deadlines_loses_nothing(judge: Judge) -> None:
    judge.send(addr("FRANCE"), "A PAR - BUR\n")
    at(judge, START + timedelta(hours=1))
    at(judge, DEADLINE)  # S1901M processed with France's order
    judge.send(addr("FRANCE"), "A BUR - MUN\n")
    judge.send(addr("ENGLAND"), "F LON - NTH\n")
    at(judge, DEADLINE + timedelta(hours=1))

    judge.reopen()  # a new process on the same home directory
    judge.send(addr("GERMANY"), "A MUN H\n")
    at(judge, DEADLINE + timedelta(hours=2))
    judge.reopen()

    second = DEADLINE + timedelta(hours=48)
    assert phases(judge)[-1][:2] == ("F1901M", second)
    sent = at(judge, second)
    assert len([s for s in sent if "Fall 1901 Movement results" in s]) == 8
    results = body(judge.to(GM)[-1])
    for line in ("A BUR - MUN", "F LON - NTH", "A MUN H"):
        assert line in results
    assert "No orders received from: AUSTRIA, ITALY, RUSSIA, TURKEY." in results
    # Each results mail went out once, restarts or not.
    assert len([m for m in judge.to(addr("FRANCE")) if "results" in m["Subject"]]) == 2


def test_a_deadline_missed_while_down_is_processed_on_the_next_tick(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra="  grace: 2h\n"))
    judge.send(addr("FRANCE"), "A PAR - BUR\n")
    at(judge, START + timedelta(hours=1))
    judge.app.db.dispose()  # down for ten days: no tick at the reminders or the deadline

    judge.clock.now = START + timedelta(days=10)
    judge.reopen()
    report = judge.tick()
    assert report.processed == ["g: S1901M processed (deadline); next F1901M"]
    assert report.reminders == 0  # no stale reminders, no stale late notice
    mails = judge.new_mail()
    assert sorted(m["To"] for m in mails) == sorted([addr(p) for p in POWERS] + [GM])
    assert "A PAR - BUR" in body(judge.to(GM, mails)[0])
    # The next phase gets its full time, counted from now.
    assert phases(judge)[-1][:2] == ("F1901M", judge.clock.now + timedelta(hours=48))
    assert judge.tick().processed == []  # and only one phase was processed


def test_weekly_deadline_across_the_dst_change(tmp_path: Path) -> None:
    """Europe/London moves to BST on Sunday 29 March 2026: a Monday 18:00 deadline is
    18:00 UTC before and 17:00 UTC after."""
    text = standard_game().replace("timezone: UTC", "timezone: Europe/London").replace(
        "movement: 48h", 'movement: "Mon 18:00"')
    judge = judge_at(tmp_path, text, datetime(2026, 3, 23, 9, 0, tzinfo=UTC))
    before = datetime(2026, 3, 23, 18, 0, tzinfo=UTC)
    assert phases(judge) == [("S1901M", before, False)]

    assert at(judge, before - timedelta(minutes=1)) != []  # reminders only
    assert phases(judge)[-1][2] is False
    sent = at(judge, before)
    assert any("Spring 1901 Movement results" in s for s in sent)
    after = datetime(2026, 3, 30, 17, 0, tzinfo=UTC)
    assert phases(judge)[-1] == ("F1901M", after, False)
    assert "Deadline: Mon 30 Mar 2026 18:00 BST" in body(judge.to(GM)[-1])

    assert not any("results" in s for s in at(judge, after - timedelta(minutes=1)))
    sent = at(judge, after)
    assert any("Fall 1901 Movement results" in s for s in sent)
