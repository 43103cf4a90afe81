"""Reading when an absence is (gmbot/service/absence/dates.py): the forms docs/absences.md
lists, in the game's time zone, and a refusal naming the forms for anything else."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from gmbot.service.absence.dates import DatesError, read_span

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # Monday
LONDON = ZoneInfo("Europe/London")


def span(text: str, tz: ZoneInfo | None = None) -> tuple[str, str]:
    got = read_span(tuple(text.split()), NOW, tz or ZoneInfo("UTC"))
    return f"{got.start:%Y-%m-%d %H:%M}", f"{got.end:%Y-%m-%d %H:%M}"


@pytest.mark.parametrize(("text", "start", "end"), [
    ("2026-12-20 2026-12-28", "2026-12-20 00:00", "2026-12-29 00:00"),  # both days included
    ("FROM 2026-12-20 TO 2026-12-28", "2026-12-20 00:00", "2026-12-29 00:00"),
    ("2026-12-20 18:00 TO 2026-12-28 09:00", "2026-12-20 18:00", "2026-12-28 09:00"),
    ("2026-12-20T18:00 - 2026-12-28T09:00", "2026-12-20 18:00", "2026-12-28 09:00"),
    ("20 Dec TO 28 Dec", "2026-12-20 00:00", "2026-12-29 00:00"),
    ("Dec 20 2026 until December 28 2026", "2026-12-20 00:00", "2026-12-29 00:00"),
    ("28 Dec TO 3 Jan", "2026-12-28 00:00", "2027-01-04 00:00"),  # the next 3 January
    ("1 Mar TO 3 Mar", "2027-03-01 00:00", "2027-03-04 00:00"),  # 1 March 2026 is past
    ("2026-03-10", "2026-03-10 00:00", "2026-03-11 00:00"),  # one day
    ("today", "2026-03-02 09:00", "2026-03-03 00:00"),  # from today: from now
    ("10 days", "2026-03-02 09:00", "2026-03-12 09:00"),
    ("2 weeks", "2026-03-02 09:00", "2026-03-16 09:00"),
    ("for 36h", "2026-03-02 09:00", "2026-03-03 21:00"),
])
def test_the_forms_of_a_span(text: str, start: str, end: str) -> None:
    assert span(text) == (start, end)


def test_dates_are_the_games_local_dates() -> None:
    # London is on GMT until 29 March, then BST: a day in April starts at 23:00 UTC.
    assert span("2026-04-10 2026-04-11", LONDON) == ("2026-04-09 23:00", "2026-04-11 23:00")


@pytest.mark.parametrize(("text", "why"), [
    ("", "say when"),
    ("soon", "not a date: 'soon'"),
    ("in 3 days", "not a date: 'in'"),
    ("2026-02-30 2026-03-02", "no such date: '2026-02-30'"),
    ("2026-03-10 24:00 TO 2026-03-11", "not a time of day: '24:00'"),
    ("2026-03-10 18:00", "give the end too"),
    ("2026-03-10 TO", "no end after 'TO'"),
    ("2026-03-10 2026-03-12 please", "not understood: 'please'"),
    ("0h", "an absence of no time"),
])
def test_other_words_are_refused_naming_the_forms(text: str, why: str) -> None:
    with pytest.raises(DatesError) as refused:
        span(text)
    assert why in str(refused.value)
