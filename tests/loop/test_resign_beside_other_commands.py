"""RESIGN and STATUS in one mail (issue 37: the handler failed with a traceback, the mail
went unanswered and the resignation was rolled back, while `gmbot tick` exited 0).
Through the real pipeline on the local Maildir: the mail is answered, the resignation
stands, and the status that follows it says so. tests/loop/test_command_pairs.py tries
every other pair of commands."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from gmbot.store.models import Event, Player
from tests.loop.judgekit import make_judge, standard_game
from tests.loop.test_commands import body

FRANCE = "france@example.test"


def test_resign_then_status_in_one_mail_keeps_the_resignation(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra="nmr: civil_disorder\n"))
    judge.new_mail()
    judge.send(FRANCE, "RESIGN FRANCE\nSTATUS\n")
    report = judge.tick()
    assert not report.errors, report.errors
    assert [m for m in report.mails if m.status == "failed"] == []
    replies = [m for m in judge.to(FRANCE, judge.new_mail()) if m["In-Reply-To"]]
    assert len(replies) == 1, "the mail was not answered"
    text = body(replies[0])
    assert "line 1: RESIGN FRANCE\n  done: FRANCE resigned: the seat is open" in text
    assert "g (active): Spring 1901 Movement" in text  # the status, after the resignation
    assert "You no longer play FRANCE: its seat is open." in text
    with judge.app.db.transaction() as s:
        assert len(s.scalars(select(Event).where(Event.kind == "seat_opened")).all()) == 1
        france = s.scalars(select(Player).where(Player.power == "FRANCE")).one()
        assert not france.active
