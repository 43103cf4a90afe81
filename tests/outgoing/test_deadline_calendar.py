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


def entries(msg: EmailMessage) -> list[tuple[str, icalendar.Event]]:
    """Each event of the mail's calendar parts with its part's method, as a calendar app
    reads them."""
    found = []
    for part in (p for p in msg.walk() if p.get_content_type() == "text/calendar"):
        assert part.get_filename() == "deadline.ics"
        cal = icalendar.Calendar.from_ical(part.get_content())
        assert cal["METHOD"] == part.get_param("method") and cal["VERSION"] == "2.0"
        [event] = cal.walk("VEVENT")
        assert isinstance(event, icalendar.Event)
        found.append((str(cal["METHOD"]), event))
    return found


def entry(msg: EmailMessage, method: str = "PUBLISH") -> icalendar.Event:
    """The one event of the mail's calendar part (text/calendar; method=`method`)."""
    found = entries(msg)
    assert len(found) == 1, [p.get_content_type() for p in msg.walk()]
    assert found[0][0] == method
    return found[0][1]


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
    paused = entry(judge.to(FRANCE, gm(judge, "PAUSE\n"))[0], "CANCEL")
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


def test_a_rollback_withdraws_the_entry_it_leaves_and_gives_the_new_one(judge: Judge) -> None:
    judge.send(GM, "PROCESS\n", subject="[g] gm")
    judge.tick()
    results = judge.to(FRANCE, judge.new_mail())[-1]
    fall = entry(results)
    [(cancel, left), (publish, reopened)] = entries(
        judge.to(FRANCE, gm(judge, "ROLLBACK S1901M\n"))[0])
    assert (cancel, publish) == ("CANCEL", "PUBLISH")
    assert left["UID"] == fall["UID"] and left["STATUS"] == "CANCELLED"
    assert int(str(left["SEQUENCE"])) > int(str(fall["SEQUENCE"]))
    assert "rolled back to S1901M" in str(left["DESCRIPTION"])
    assert reopened["UID"] != fall["UID"] and reopened["STATUS"] == "CONFIRMED"
    assert reopened.decoded("DTSTART") == deadline(judge)


def test_the_games_end_withdraws_its_last_entry(judge: Judge) -> None:
    [welcome] = judge.to(FRANCE, judge.welcomes)
    first = entry(welcome)
    over = [m for m in gm(judge, "DRAW\n") if "over" in str(m["Subject"]).lower()
            or "draw" in str(m["Subject"]).lower()]
    for address in (FRANCE, GM):
        (mail,) = judge.to(address, over)
        withdrawn = entry(mail, "CANCEL")
        assert withdrawn["UID"] == first["UID"] and withdrawn["STATUS"] == "CANCELLED"
        assert int(str(withdrawn["SEQUENCE"])) > int(str(first["SEQUENCE"]))
        assert "the game is over" in str(withdrawn["DESCRIPTION"])


def test_a_reader_who_named_his_zone_gets_the_entry_in_it(judge: Judge) -> None:
    judge.send(FRANCE, "SET MAIL ZONE America/New_York\n", subject="[g] mail")
    judge.tick()
    judge.new_mail()
    mails = gm(judge, "EXTEND 24h\n")
    (mine,) = judge.to(FRANCE, mails)
    part = next(p for p in mine.walk() if p.get_content_type() == "text/calendar")
    text = part.get_content().replace("\r\n", "\n")
    # 09:00 UTC on 5 March is 04:00 in New York (EST), with the zone's definition.
    assert "DTSTART;TZID=America/New_York:20260305T040000" in text
    assert "BEGIN:VTIMEZONE" in text and "X-WR-TIMEZONE:America/New_York" in text
    assert entry(mine).decoded("DTSTART") == deadline(judge)
    # The text names his local time too, for a calendar that shows it as written.
    assert "due Thu 5 Mar 2026 04:00 EST" in str(entry(mine)["DESCRIPTION"])
    # England named none: UTC, as before, and the text in the game's zone.
    (his,) = judge.to(ENGLAND, mails)
    assert entry(his).decoded("DTSTART").utcoffset().total_seconds() == 0
    assert "due Thu 5 Mar 2026 09:00 UTC" in str(entry(his)["DESCRIPTION"])
