"""Reading when an absence is, from the words of an ABSENCE or VACATION line: a length
from now ("10 days", "2 weeks", "36h") or two dates ("2026-12-20 2026-12-28",
"2026-12-20 18:00 TO 2026-12-28 09:00", "20 Dec TO 28 Dec", njudge's "from TO to").
Pure text and arithmetic; dates are the game's local dates (its time zone)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo

from gmbot.gamefile.settings.deadlines import resolve_local
from gmbot.gamefile.settings.durations import Duration

FORMS = ("ABSENCE 2026-12-20 2026-12-28 (whole days, both included), "
         "ABSENCE 2026-12-20 18:00 TO 2026-12-28 09:00, ABSENCE 20 Dec TO 28 Dec, "
         "or VACATION 10 days (from now; also 2 weeks, 36h)")

_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})(?:T(\d{1,2}):(\d{2}))?")
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})")
_DAY = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")
_YEAR = re.compile(r"\d{4}")
_MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august",
                "september", "october", "november", "december")
_BETWEEN = ("TO", "UNTIL", "TILL", "-", "–", "THROUGH")


class DatesError(ValueError):
    """The words name no absence: the message says why and how to write one."""


@dataclass(frozen=True)
class Span:
    """An absence's start and end, aware (UTC); `from_now`: given as a length."""

    start: datetime
    end: datetime
    from_now: bool = False


@dataclass(frozen=True)
class _Point:
    day: date
    clock: time | None  # None: the whole day


def read_span(words: tuple[str, ...], now: datetime, tz: tzinfo) -> Span:
    """The span the words name, as of `now` in the game's zone `tz`."""
    text = " ".join(words).strip()
    if not text:
        raise DatesError(f"say when: {FORMS}")
    length = text[4:] if text.lower().startswith("for ") else text
    try:
        duration = Duration.parse(length)
    except ValueError:
        pass
    else:
        if not duration:
            raise DatesError("an absence of no time: give a length such as 10 days")
        return Span(now, now + duration.total, from_now=True)
    return _two_points([w for w in words if w], now, tz)


def _two_points(words: list[str], now: datetime, tz: tzinfo) -> Span:
    if words and words[0].upper() == "FROM":
        words = words[1:]
    today = now.astimezone(tz).date()
    first, rest = _point(words, today)
    if rest and rest[0].upper() in _BETWEEN:
        rest = rest[1:]
        if not rest:
            raise DatesError(f"no end after {words[-1]!r}: {FORMS}")
    if rest:
        second, left = _point(rest, first.day)
        if left:
            raise DatesError(f"not understood: {' '.join(left)!r}; {FORMS}")
    elif first.clock is None:
        second = first  # one whole day
    else:
        raise DatesError(f"give the end too: {FORMS}")
    start = resolve_local(datetime.combine(first.day, first.clock or time(0)), tz)
    if first.clock is None and first.day == today:
        start = max(start, now)  # "from today": from now
    # A date alone ends with its day: "20 to 28 Dec" includes the 28th.
    end_day = second.day + timedelta(days=0 if second.clock is not None else 1)
    end = resolve_local(datetime.combine(end_day, second.clock or time(0)), tz)
    return Span(start, end)


def _point(words: list[str], after: date) -> tuple[_Point, list[str]]:
    """One date (and time) from the start of `words`; the words left. A date without a
    year is the first such date from `after` on."""
    if not words:
        raise DatesError(f"no date: {FORMS}")
    head = words[0]
    m = _ISO.fullmatch(head)
    if m:
        y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
        day = _date(y, mo, d, head)
        rest = words[1:]
        clock = _clock(int(m.group(4)), int(m.group(5)), head) if m.group(4) else None
        if clock is None and rest and _CLOCK.fullmatch(rest[0]):
            clock, rest = _clock_word(rest[0]), rest[1:]
        return _Point(day, clock), rest
    if head.lower() in ("today", "tomorrow"):
        day = after if head.lower() == "today" else after + timedelta(days=1)
        return _with_clock(day, words[1:])
    # 20 Dec [2026] or Dec 20 [2026]
    if len(words) >= 2:
        for d_word, m_word in ((words[0], words[1]), (words[1], words[0])):
            month = _month(m_word)
            dm = _DAY.fullmatch(d_word)
            if month and dm:
                rest = words[2:]
                if rest and _YEAR.fullmatch(rest[0]):
                    day, rest = _date(int(rest[0]), month, int(dm.group(1)), " ".join(words[:3])), \
                        rest[1:]
                else:
                    day = _date(after.year, month, int(dm.group(1)), " ".join(words[:2]))
                    if day < after:
                        day = _date(after.year + 1, month, int(dm.group(1)), " ".join(words[:2]))
                return _with_clock(day, rest)
    raise DatesError(f"not a date: {head!r}; {FORMS}")


def _with_clock(day: date, rest: list[str]) -> tuple[_Point, list[str]]:
    if rest and _CLOCK.fullmatch(rest[0]):
        return _Point(day, _clock_word(rest[0])), rest[1:]
    return _Point(day, None), rest


def _month(word: str) -> int | None:
    """The month a word names: "Dec", "dec.", "December" (three letters at least)."""
    w = word.lower().rstrip(".,")
    if len(w) < 3:
        return None
    for i, name in enumerate(_MONTH_NAMES, 1):
        if name.startswith(w):
            return i
    return None


def _date(y: int, mo: int, d: int, shown: str) -> date:
    try:
        return date(y, mo, d)
    except ValueError:
        raise DatesError(f"no such date: {shown!r}") from None


def _clock_word(word: str) -> time:
    m = _CLOCK.fullmatch(word)
    assert m is not None
    return _clock(int(m.group(1)), int(m.group(2)), word)


def _clock(h: int, mi: int, shown: str) -> time:
    if h > 23 or mi > 59:
        raise DatesError(f"not a time of day: {shown!r} (write HH:MM, e.g. 18:00)")
    return time(h, mi)
