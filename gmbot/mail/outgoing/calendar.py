"""A deadline as a calendar entry (RFC 5545, METHOD:PUBLISH): the part of the welcome,
results and deadline-change mails that a phone's mail client offers to add to its
calendar. One UID per phase of a game: when the deadline moves the entry comes again
with the same UID and a higher SEQUENCE, and the calendar moves the event it holds; when
it is withdrawn (a pause, a rollback past its phase, the game's end) it comes with
METHOD:CANCEL and STATUS:CANCELLED, and the calendar drops it.
Times are UTC (the phone shows them in its own zone), or in the reader's own zone where
he named one (with its VTIMEZONE); the game's zone names the local time in the text,
for readers whose calendar does not convert. A mail's calendar part may hold several
entries, one iCalendar object each (RFC 5545 3.4's stream): `objects` splits them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

PRODID = "-//gmbot//deadlines//EN"


@dataclass(frozen=True)
class DeadlineEntry:
    """One phase's deadline as the judge tells it at `stamp`. `deadline` None: the
    clock is stopped (a paused game): the entry is cancelled until the game resumes."""

    uid: str
    sequence: int
    summary: str
    description: str
    deadline: datetime | None
    stamp: datetime
    zone: str = "UTC"  # the game's time zone (IANA), a display hint
    reader_zone: str | None = None  # the reader's own (SET MAIL ZONE): times written in it


# Written once per entry: every player of a game gets the same one in the mails of one
# load or one deadline (welcomes, results), queued one after another, and the icalendar
# package takes most of a millisecond to write it.
@lru_cache(maxsize=8)
def ics(entry: DeadlineEntry) -> bytes:
    """The iCalendar text of `entry` (CRLF lines)."""
    from icalendar import Calendar, Event  # only mails that carry a deadline need it

    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("method", "PUBLISH" if entry.deadline else "CANCEL")
    cal.add("x-wr-timezone", entry.reader_zone or entry.zone)
    event = Event()
    event.add("uid", entry.uid)
    event.add("sequence", entry.sequence)
    event.add("dtstamp", entry.stamp.astimezone(UTC))
    event.add("summary", entry.summary)
    event.add("description", entry.description)
    # A deadline is a moment: the event lasts a quarter of an hour so that it shows.
    start = (entry.deadline or entry.stamp).astimezone(
        ZoneInfo(entry.reader_zone) if entry.reader_zone else UTC)
    event.add("dtstart", start)
    event.add("dtend", start + timedelta(minutes=15))
    event.add("status", "CONFIRMED" if entry.deadline else "CANCELLED")
    event.add("transp", "TRANSPARENT")  # a deadline does not make the reader busy
    cal.add_component(event)
    if entry.reader_zone:
        cal.add_missing_timezones()  # the VTIMEZONE that TZID= names
    return bytes(cal.to_ical())


def objects(stream: bytes) -> list[tuple[bytes, str]]:
    """Each iCalendar object of `stream` (as ics() wrote them, one after another), with
    its METHOD, which the MIME part's `method` parameter repeats (RFC 6047)."""
    out = []
    for chunk in stream.split(b"BEGIN:VCALENDAR")[1:]:
        text = b"BEGIN:VCALENDAR" + chunk
        method = b"CANCEL" if b"\r\nMETHOD:CANCEL\r\n" in text else b"PUBLISH"
        out.append((text, method.decode("ascii")))
    return out
