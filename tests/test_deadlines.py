from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmbot.gamefile.settings.deadlines import (
    AfterAt,
    DeadlinePolicy,
    Every,
    PolicyError,
    Weekly,
    deadline_for,
    final_deadline,
    format_deadline,
    parse_rule,
    reminder_times,
    resolve_local,
)
from gmbot.gamefile.settings.durations import Duration, parse_duration

LONDON = ZoneInfo("Europe/London")
NEW_YORK = ZoneInfo("America/New_York")


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def policy(tz: str = "UTC", **rules: object) -> DeadlinePolicy:
    return DeadlinePolicy.from_mapping({"timezone": tz, **rules})


# --- parsing -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("90m", timedelta(minutes=90)),
        ("36h", timedelta(hours=36)),
        ("3d", timedelta(days=3)),
        ("2d 12h", timedelta(days=2, hours=12)),
        ("1d12h30m", timedelta(days=1, hours=12, minutes=30)),
        ("1 day 6 hours", timedelta(days=1, hours=6)),
        ("1w", timedelta(days=7)),
        ("0h", timedelta(0)),
        ("0", timedelta(0)),
        (0, timedelta(0)),
        (" 4H ", timedelta(hours=4)),
    ],
)
def test_parse_duration(text: str, expected: timedelta) -> None:
    assert parse_duration(text) == expected


@pytest.mark.parametrize(
    "text", ["", "  ", "3", "1.5h", "-3h", "3x", "1d 1d", "h", "3 d h", "Mon", None, True, 5]
)
def test_parse_duration_errors(text: Any) -> None:  # as a game file's YAML may hold
    with pytest.raises(ValueError):
        parse_duration(text)


def test_duration_keeps_days_apart_from_hours() -> None:
    assert Duration.parse("3d") == Duration(days=3)
    assert Duration.parse("72h") == Duration(exact=timedelta(hours=72))
    assert Duration.parse("2d 12h") == Duration(days=2, exact=timedelta(hours=12))
    assert str(Duration.parse("2d 12h 5m")) == "2d 12h 5m"


def test_parse_rule_forms() -> None:
    assert parse_rule("72h") == Every(Duration(exact=timedelta(hours=72)))
    assert parse_rule("Mon 18:00") == Weekly(0, time(18, 0))
    assert parse_rule("sunday 9:30") == Weekly(6, time(9, 30))
    assert parse_rule({"after": "2d", "at": "20:00"}) == AfterAt(Duration(days=2), time(20, 0))
    bads: list[str | dict[str, str]] = [
        "0h", "Mon 25:00", "Mon", "someday 18:00", {"after": "2d"}, {"at": "1:00"}]
    for bad in bads:
        with pytest.raises(ValueError):
            parse_rule(bad)


def test_every_accepts_a_plain_timedelta_as_elapsed_time() -> None:
    assert Every(timedelta(days=3)) == Every(Duration(exact=timedelta(days=3)))
    with pytest.raises(ValueError):
        Every(timedelta(0))


def test_policy_defaults() -> None:
    p = DeadlinePolicy.from_mapping(None)
    assert p == DeadlinePolicy.from_mapping({})
    assert p.timezone == "UTC"
    assert p.movement == Every(timedelta(hours=72))
    assert p.retreat == p.adjustment == Every(timedelta(hours=24))
    assert p.grace == Duration()
    assert p.reminders == (Duration(exact=timedelta(hours=24)), Duration(exact=timedelta(hours=4)))
    assert p.early is True


def test_policy_errors_carry_relative_paths() -> None:
    with pytest.raises(PolicyError) as info:
        DeadlinePolicy.from_mapping(
            {
                "timezone": "Europe/Londn",
                "movement": "soon",
                "adjustment": {"after": "2d", "at": "25:00", "when": 1},
                "grace": "1.5h",
                "reminders": ["4h", "0h"],
                "early": "yes",
                "remiders": [],
            }
        )
    problems = dict(info.value.problems)
    assert "did you mean Europe/London" in problems["timezone"]
    assert "movement" in problems
    assert "adjustment.at" in problems and "adjustment.when" in problems
    assert "grace" in problems and "reminders[1]" in problems and "early" in problems
    assert "did you mean reminders" in problems["remiders"]


def test_rule_by_kind_and_letter() -> None:
    p = policy(movement="3d", retreat="1d", adjustment="2d")
    assert p.rule("M") is p.movement and p.rule("retreat") is p.retreat
    assert p.rule("a") is p.adjustment
    with pytest.raises(ValueError):
        p.rule("winter")


# --- Every -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tz", "opened", "days_result", "hours_result"),
    [
        # London springs forward on Sun 29 Mar 2026: Fri 18:00 GMT -> Mon 18:00 BST.
        ("Europe/London", utc(2026, 3, 27, 18), utc(2026, 3, 30, 17), utc(2026, 3, 30, 18)),
        # London falls back on Sun 25 Oct 2026: Fri 18:00 BST -> Mon 18:00 GMT.
        ("Europe/London", utc(2026, 10, 23, 17), utc(2026, 10, 26, 18), utc(2026, 10, 26, 17)),
        # New York springs forward on Sun 8 Mar 2026: Fri 18:00 EST -> Mon 18:00 EDT.
        ("America/New_York", utc(2026, 3, 6, 23), utc(2026, 3, 9, 22), utc(2026, 3, 9, 23)),
        # New York falls back on Sun 1 Nov 2026: Fri 18:00 EDT -> Mon 18:00 EST.
        ("America/New_York", utc(2026, 10, 30, 22), utc(2026, 11, 2, 23), utc(2026, 11, 2, 22)),
    ],
)
def test_every_days_keep_wall_clock_hours_are_absolute(
    tz: str, opened: datetime, days_result: datetime, hours_result: datetime
) -> None:
    assert deadline_for(policy(tz, movement="3d"), "movement", opened) == days_result
    assert deadline_for(policy(tz, movement="72h"), "movement", opened) == hours_result
    local = days_result.astimezone(ZoneInfo(tz))
    assert (local.hour, local.minute) == (18, 0)


def test_every_mixed_days_and_hours() -> None:
    # 2 calendar days (to Sun 18:00 BST) then 12 elapsed hours.
    p = policy("Europe/London", movement="2d 12h")
    assert deadline_for(p, "M", utc(2026, 3, 27, 18)) == utc(2026, 3, 30, 5)


def test_every_result_is_utc_for_any_aware_input() -> None:
    opened = datetime(2026, 3, 27, 18, tzinfo=LONDON)
    result = deadline_for(policy("Europe/London", retreat="24h"), "retreat", opened)
    assert result.tzinfo is UTC and result == utc(2026, 3, 28, 18)


# --- Weekly ----------------------------------------------------------------------------------


def test_weekly_next_occurrence_strictly_after() -> None:
    p = policy("Europe/London", movement="Mon 18:00")
    # Wed 4 Mar 2026 -> Mon 9 Mar 18:00 GMT.
    assert deadline_for(p, "M", utc(2026, 3, 4, 12)) == utc(2026, 3, 9, 18)
    # Mon 17:59 -> the same day; Mon 18:00 exactly -> a week later.
    assert deadline_for(p, "M", utc(2026, 3, 9, 17, 59)) == utc(2026, 3, 9, 18)
    assert deadline_for(p, "M", utc(2026, 3, 9, 18)) == utc(2026, 3, 16, 18)


def test_weekly_across_dst_keeps_local_time() -> None:
    p = policy("Europe/London", movement="Mon 18:00")
    assert deadline_for(p, "M", utc(2026, 3, 27, 12)) == utc(2026, 3, 30, 17)  # BST
    assert deadline_for(p, "M", utc(2026, 10, 23, 12)) == utc(2026, 10, 26, 18)  # GMT
    p = policy("America/New_York", movement="monday 18:00")
    assert deadline_for(p, "M", utc(2026, 3, 6, 12)) == utc(2026, 3, 9, 22)  # EDT
    assert deadline_for(p, "M", utc(2026, 10, 30, 12)) == utc(2026, 11, 2, 23)  # EST


def test_weekly_in_spring_gap_moves_to_the_change() -> None:
    # Sun 29 Mar 2026 01:30 does not exist in London: clocks go 01:00 GMT -> 02:00 BST.
    p = policy("Europe/London", movement="Sun 01:30")
    result = deadline_for(p, "M", utc(2026, 3, 28, 12))
    assert result == utc(2026, 3, 29, 1)
    assert result.astimezone(LONDON).strftime("%H:%M %Z") == "02:00 BST"
    # New York: 02:30 on Sun 8 Mar 2026 does not exist; 03:00 EDT is 07:00 UTC.
    p = policy("America/New_York", movement="Sun 02:30")
    assert deadline_for(p, "M", utc(2026, 3, 7, 12)) == utc(2026, 3, 8, 7)


def test_weekly_in_autumn_fold_takes_first_occurrence() -> None:
    # 01:30 happens twice in London on Sun 25 Oct 2026: first at 00:30 UTC (BST).
    p = policy("Europe/London", movement="Sun 01:30")
    assert deadline_for(p, "M", utc(2026, 10, 24, 12)) == utc(2026, 10, 25, 0, 30)
    # ... and once it has passed, the second 01:30 is not "the next" one: a week later.
    assert deadline_for(p, "M", utc(2026, 10, 25, 0, 45)) == utc(2026, 11, 1, 1, 30)
    p = policy("America/New_York", movement="Sun 01:30")
    assert deadline_for(p, "M", utc(2026, 10, 31, 12)) == utc(2026, 11, 1, 5, 30)  # EDT


# --- AfterAt ---------------------------------------------------------------------------------


def test_after_at() -> None:
    p = policy("Europe/London", adjustment={"after": "2d", "at": "20:00"})
    # Fri 27 Mar 18:00 GMT + 2 days = Sun 29 Mar 18:00 BST; first 20:00 after is that evening.
    assert deadline_for(p, "A", utc(2026, 3, 27, 18)) == utc(2026, 3, 29, 19)
    # Opened at 21:00: two days later 20:00 has passed, so the day after.
    assert deadline_for(p, "A", utc(2026, 3, 2, 21)) == utc(2026, 3, 5, 20)
    # "At least": exactly 20:00 two days later counts.
    assert deadline_for(p, "A", utc(2026, 3, 2, 20)) == utc(2026, 3, 4, 20)


def test_after_at_with_hours_and_gap() -> None:
    p = policy("Europe/London", adjustment={"after": "12h", "at": "01:30"})
    # Earliest Sun 29 Mar 00:00 GMT; 01:30 that day is in the gap -> 02:00 BST.
    assert deadline_for(p, "A", utc(2026, 3, 28, 12)) == utc(2026, 3, 29, 1)


def test_resolve_local_gap_and_fold() -> None:
    assert resolve_local(datetime(2026, 3, 29, 1, 30), LONDON) == utc(2026, 3, 29, 1)
    assert resolve_local(datetime(2026, 3, 8, 2, 30), NEW_YORK) == utc(2026, 3, 8, 7)
    assert resolve_local(datetime(2026, 10, 25, 1, 30), LONDON) == utc(2026, 10, 25, 0, 30)
    assert resolve_local(datetime(2026, 11, 1, 1, 30), NEW_YORK) == utc(2026, 11, 1, 5, 30)
    # A zone with a 30-minute shift: Lord Howe Island, 4 Oct 2026 02:00 -> 02:30.
    lord_howe = ZoneInfo("Australia/Lord_Howe")
    result = resolve_local(datetime(2026, 10, 4, 2, 10), lord_howe)
    assert result.astimezone(lord_howe).replace(tzinfo=None) == datetime(2026, 10, 4, 2, 30)


# --- reminders, grace, formatting, naive input -----------------------------------------------


def test_reminders_sorted_and_skipping_the_past() -> None:
    p = policy("Europe/London", reminders=["4h", "24h", "4h"])
    deadline = utc(2026, 3, 5, 18)
    assert reminder_times(p, deadline) == [utc(2026, 3, 4, 18), utc(2026, 3, 5, 14)]
    assert reminder_times(p, deadline, now=utc(2026, 3, 5, 12)) == [utc(2026, 3, 5, 14)]
    assert reminder_times(p, deadline, now=utc(2026, 3, 5, 14)) == []
    assert reminder_times(policy(reminders=[]), deadline) == []


def test_day_reminder_keeps_wall_clock_across_dst() -> None:
    p = policy("Europe/London", reminders=["1d"])
    # Deadline Mon 30 Mar 18:00 BST; a day before is Sun 29 Mar 18:00 BST (not 19:00).
    assert reminder_times(p, utc(2026, 3, 30, 17)) == [utc(2026, 3, 29, 17)]


def test_grace() -> None:
    deadline = utc(2026, 3, 5, 18)
    assert final_deadline(policy(), deadline) == deadline
    p = policy("Europe/London", grace="12h")
    assert final_deadline(p, deadline) == utc(2026, 3, 6, 6)
    p = policy("Europe/London", grace="1d")
    assert final_deadline(p, utc(2026, 3, 28, 18)) == utc(2026, 3, 29, 17)  # 18:00 BST


def test_format_deadline() -> None:
    assert format_deadline(utc(2026, 3, 3, 18), "Europe/London") == "Tue 3 Mar 2026 18:00 GMT"
    assert format_deadline(utc(2026, 3, 30, 17), LONDON) == "Mon 30 Mar 2026 18:00 BST"
    assert format_deadline(utc(2026, 11, 2, 23), NEW_YORK) == "Mon 2 Nov 2026 18:00 EST"
    assert format_deadline(utc(2026, 7, 4, 9, 5), "UTC") == "Sat 4 Jul 2026 09:05 UTC"


def test_naive_datetimes_are_rejected() -> None:
    naive = datetime(2026, 3, 5, 18)
    p = policy()
    with pytest.raises(ValueError):
        deadline_for(p, "movement", naive)
    with pytest.raises(ValueError):
        reminder_times(p, naive)
    with pytest.raises(ValueError):
        reminder_times(p, utc(2026, 3, 5, 18), now=naive)
    with pytest.raises(ValueError):
        final_deadline(p, naive)
    with pytest.raises(ValueError):
        format_deadline(naive, "UTC")


# --- properties ------------------------------------------------------------------------------

ZONES = st.sampled_from(
    ["UTC", "Europe/London", "America/New_York", "Australia/Lord_Howe", "America/Santiago",
     "Asia/Kolkata", "Pacific/Chatham"]
)  # fmt: skip
INSTANTS = st.datetimes(
    min_value=datetime(2020, 1, 1), max_value=datetime(2035, 12, 31), timezones=st.just(UTC)
)


def _exists(naive: datetime, tz: ZoneInfo) -> bool:
    return naive.replace(tzinfo=tz).astimezone(UTC).astimezone(tz).replace(tzinfo=None) == naive


@given(INSTANTS, ZONES, st.integers(0, 6), st.integers(0, 23), st.integers(0, 59))
def test_weekly_property(opened: datetime, zone: str, weekday: int, hour: int, minute: int) -> None:
    p = DeadlinePolicy(movement=Weekly(weekday, time(hour, minute)), timezone=zone)
    tz = ZoneInfo(zone)
    result = deadline_for(p, "movement", opened)
    assert result.tzinfo is UTC
    assert opened < result <= opened + timedelta(days=7, hours=3)
    local = result.astimezone(tz)
    assert local.weekday() == weekday
    wanted = datetime.combine(local.date(), time(hour, minute))
    if _exists(wanted, tz):
        assert (local.hour, local.minute) == (hour, minute)
    else:  # in a gap: the first valid instant after the wanted wall time
        assert local.replace(tzinfo=None) > wanted
        assert local.replace(tzinfo=None) - wanted <= timedelta(hours=1)


@given(INSTANTS, ZONES, st.integers(1, 30))
def test_every_days_property(opened: datetime, zone: str, days: int) -> None:
    p = DeadlinePolicy(movement=Every(Duration(days=days)), timezone=zone)
    tz = ZoneInfo(zone)
    result = deadline_for(p, "movement", opened)
    assert result > opened
    wanted = opened.astimezone(tz).replace(tzinfo=None) + timedelta(days=days)
    if _exists(wanted, tz):
        assert result.astimezone(tz).replace(tzinfo=None) == wanted
