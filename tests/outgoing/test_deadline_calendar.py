"""The next deadline lands in a phone's calendar: the welcome, results and deadline-change
mails carry it as an iCalendar part (text/calendar; method=PUBLISH), read here as a
phone's mail client decodes it and its calendar parses it. One UID per phase of a game;
when EXTEND, PAUSE, RESUME or an absence moves the deadline, the entry comes again with
the same UID and a higher SEQUENCE, and the calendar moves its event."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

import icalendar
import pytest
from sqlalchemy import select

from gmbot.store.models import PhaseRow
from tests.loop.judgekit import Judge, make_judge, standard_game

GM, FRANCE, ENGLAND = "gm@example.test", "france@example.test", "england@example.test"


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, standard_game())


def entry(msg: EmailMessage) -> icalendar.Event:
    """The one event of the mail's calendar part, as a calendar app reads it."""
    parts = [p for p in msg.walk() if p.get_content_type() == "text/calendar"]
    assert len(parts) == 1, [p.get_content_type() for p in msg.walk()]
    part = parts[0]
    assert part.get_param("method") == "PUBLISH"
    assert part.get_filename() == "deadline.ics"
    cal = icalendar.Calendar.from_ical(part.get_content())
    assert cal["METHOD"] == "PUBLISH" and cal["VERSION"] == "2.0"
    [event] = cal.walk("VEVENT")
    assert isinstance(event, icalendar.Event)
    return event


def deadline(judge: Judge) -> datetime:
    with judge.app.db.transaction() as s:
        row = s.scalars(select(PhaseRow).where(PhaseRow.processed_at.is_(None))
                        .order_by(PhaseRow.seq.desc())).first()
        assert row is not None and row.deadline_at is not None
        return row.deadline_at


def gm(judge: Judge, text: str) -> list[EmailMessage]:
    judge.send(GM, text, subject="[g] gm")
    judge.tick()
    return judge.new_mail()


def test_the_welcome_carries_the_first_deadline(judge: Judge) -> None:
    [welcome] = judge.to(FRANCE, judge.welcomes)
    event = entry(welcome)
    assert event.decoded("DTSTART") == deadline(judge) == datetime(2026, 3, 4, 9, 0, tzinfo=UTC)
    assert event.decoded("DTSTART").tzinfo is not None  # UTC, shown in the phone's zone
    assert int(str(event["SEQUENCE"])) == 0 and event["STATUS"] == "CONFIRMED"
    assert "Spring 1901" in str(event["SUMMARY"]) and str(event["SUMMARY"]).startswith("g:")
    # The GM's welcome tells the same deadline under the same UID.
    [own] = judge.to(GM, judge.welcomes)
    assert entry(own)["UID"] == event["UID"]
    # A mail that tells no deadline carries no calendar.
    judge.send(FRANCE, "HELP\n", subject="[g] help")
    judge.tick()
    [answer] = judge.to(FRANCE, judge.new_mail())
    assert not [p for p in answer.walk() if p.get_content_type() == "text/calendar"]


def test_extend_pause_and_resume_move_the_same_entry(judge: Judge) -> None:
    [welcome] = judge.to(FRANCE, judge.welcomes)
    first = entry(welcome)
    judge.clock.advance(hours=2)
    moved = entry(judge.to(FRANCE, gm(judge, "EXTEND 24h\n"))[0])
    assert moved["UID"] == first["UID"]
    assert int(str(moved["SEQUENCE"])) > int(str(first["SEQUENCE"]))
    assert moved.decoded("DTSTART") == deadline(judge) == first.decoded("DTSTART") + \
        timedelta(hours=24)
    judge.clock.advance(hours=1)
    paused = entry(judge.to(FRANCE, gm(judge, "PAUSE\n"))[0])
    assert paused["UID"] == first["UID"] and paused["STATUS"] == "CANCELLED"
    assert int(str(paused["SEQUENCE"])) > int(str(moved["SEQUENCE"]))
    judge.clock.advance(hours=5)
    resumed = entry(judge.to(FRANCE, gm(judge, "RESUME\n"))[0])
    assert resumed["UID"] == first["UID"] and resumed["STATUS"] == "CONFIRMED"
    assert int(str(resumed["SEQUENCE"])) > int(str(paused["SEQUENCE"]))
    assert resumed.decoded("DTSTART") == deadline(judge) == moved.decoded("DTSTART") + \
        timedelta(hours=5)


def test_the_results_carry_the_next_phase_under_a_new_uid(judge: Judge) -> None:
    [welcome] = judge.to(FRANCE, judge.welcomes)
    first = entry(welcome)
    judge.clock.advance(hours=49)
    judge.tick()
    mails = judge.new_mail()
    results = [m for m in mails if "Spring 1901" in m["Subject"] and m["To"] == FRANCE]
    assert results, [m["Subject"] for m in mails]
    event = entry(results[-1])
    assert event["UID"] != first["UID"] and int(str(event["SEQUENCE"])) == 0
    assert event.decoded("DTSTART") == deadline(judge)
    # The GM and every player read the same entry.
    assert entry(judge.to(ENGLAND, mails)[-1])["UID"] == event["UID"]
    assert entry(judge.to(GM, mails)[-1])["UID"] == event["UID"]


def test_the_time_is_utc_and_the_game_zone_is_named(tmp_path: Path) -> None:
    paris = make_judge(tmp_path, standard_game().replace("timezone: UTC",
                                                         "timezone: Europe/Paris"))
    [welcome] = paris.to(FRANCE, paris.welcomes)
    event = entry(welcome)
    part = next(p for p in welcome.walk() if p.get_content_type() == "text/calendar")
    cal = icalendar.Calendar.from_ical(part.get_content())
    assert cal["X-WR-TIMEZONE"] == "Europe/Paris"
    assert "DTSTART:20260304T090000Z" in part.get_content().replace("\r\n", "\n")
    assert event.decoded("DTSTART") == deadline(paris)
    assert "10:00 CET" in str(event["DESCRIPTION"])


def test_an_absence_that_moves_the_deadline_moves_the_entry(judge: Judge) -> None:
    [welcome] = judge.to(FRANCE, judge.welcomes)
    first = entry(welcome)
    judge.clock.advance(minutes=10)
    judge.send(FRANCE, "VACATION 3 days\n", subject="[g] away")
    judge.tick()
    mails = judge.new_mail()
    [told] = [m for m in judge.to(ENGLAND, mails) if "Absence" in m["Subject"]]
    event = entry(told)
    assert event["UID"] == first["UID"]
    assert int(str(event["SEQUENCE"])) > int(str(first["SEQUENCE"]))
    assert event.decoded("DTSTART") == deadline(judge) == datetime(2026, 3, 6, 9, 10, tzinfo=UTC)
