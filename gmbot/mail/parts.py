"""The parts of an outgoing mail besides its text, kept together in the outbox row until
the mail is sent: the HTML part, the map picture it shows, and the calendar entry of the
next deadline. All are rendered when the mail is queued, so that a mail sent again is
the identical message.

Stored as one value (the row's `parts`): a header line naming the lengths of the HTML
and of the calendar entry, the HTML, the entry, then the PNG. A row queued before
calendar entries existed has the header of format 1 (the HTML's length alone); one
queued before HTML parts existed holds the bare PNG, which reads back as a picture
without HTML (compose gives it the plain HTML of its text)."""

from __future__ import annotations

from dataclasses import dataclass

_MAGIC1 = b"gmbot-parts/1 "
_MAGIC = b"gmbot-parts/2 "


@dataclass(frozen=True)
class Parts:
    html: str | None = None
    picture: bytes | None = None
    calendar: bytes | None = None  # an iCalendar text (gmbot/mail/outgoing/calendar.py)


def pack(html: str | None, picture: bytes | None, calendar: bytes | None = None) -> bytes | None:
    if html is None and calendar is None:
        return picture or None
    data = (html or "").encode("utf-8")
    sizes = f"{len(data) if html is not None else -1} {len(calendar or b'')}\n".encode()
    return b"".join((_MAGIC, sizes, data, calendar or b"", picture or b""))


def unpack(stored: bytes | None) -> Parts:
    """The parts pack stored."""
    if not stored:
        return Parts()
    if stored.startswith(_MAGIC1):
        head, _, rest = stored[len(_MAGIC1):].partition(b"\n")
        size = int(head)
        return Parts(rest[:size].decode("utf-8"), rest[size:] or None)
    if not stored.startswith(_MAGIC):
        return Parts(picture=stored)  # a bare picture
    head, _, rest = stored[len(_MAGIC):].partition(b"\n")
    html_size, calendar_size = (int(n) for n in head.split())
    html = rest[:html_size].decode("utf-8") if html_size >= 0 else None
    rest = rest[max(html_size, 0):]
    return Parts(html, rest[calendar_size:] or None, rest[:calendar_size] or None)
