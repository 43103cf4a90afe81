"""Building one outgoing RFC 5322 message. One recipient per message, always: a player's
private section can never reach anyone else."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime
from hashlib import sha256
from typing import cast

from gmbot.mail.html import MAP_SRC, text_page
from gmbot.mail.outgoing.calendar import objects

LOOP_HEADER = "X-Gmbot-Loop"
# On the wire: CRLF, and headers folded only past RFC 5322's 998 characters, so a long
# subject is not pushed onto a continuation line (which readers see as a leading space).
WIRE_POLICY = SMTP.clone(max_line_length=998)


@dataclass(frozen=True)
class Outgoing:
    sender: str
    recipient: str
    subject: str
    body: str
    message_id: str  # without angle brackets
    date: datetime
    in_reply_to: str | None = None
    auto: str = "auto-generated"  # or auto-replied
    picture: bytes | None = None  # a PNG map, shown inline by the HTML part
    # The HTML alternative of the text, showing the picture (if any) as MAP_SRC; None: a
    # mail with a picture gets the plain HTML of its text, a mail without stays text only.
    html: str | None = None
    # Header lines written above all the others, exactly as queued (CRLF-terminated):
    # the list headers and the judge's DKIM signature over the rest (gmbot/mail/outgoing).
    head: bytes = b""
    # The next deadline as a calendar entry (iCalendar, gmbot/mail/outgoing/calendar.py).
    calendar: bytes | None = None
    # The envelope sender (SMTP MAIL FROM) a bounce comes back to; None: the sender.
    envelope: str | None = None


def compose(out: Outgoing) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = out.sender
    msg["To"] = out.recipient
    msg["Subject"] = out.subject
    msg["Date"] = format_datetime(out.date)
    msg["Message-ID"] = f"<{out.message_id}>"
    if out.in_reply_to:
        msg["In-Reply-To"] = f"<{out.in_reply_to}>"
        msg["References"] = f"<{out.in_reply_to}>"
    # RFC 3834: tells well-behaved responders not to answer, and marks our own mail so
    # it is recognised if it ever comes back.
    msg["Auto-Submitted"] = out.auto
    msg[LOOP_HEADER] = out.sender
    msg.set_content(out.body, charset="utf-8", cte="quoted-printable")
    html = out.html if out.html is not None or not out.picture else text_page(out.body, True)
    if html is not None:
        _add_html(msg, out, html)
    for calendar, method in objects(out.calendar or b""):
        # An attachment of its own (multipart/mixed), as calendars offer to add a
        # published entry; inside the alternatives it would read as an invitation.
        msg.add_attachment(calendar.decode("utf-8"), subtype="calendar",
                           charset="utf-8", cte="quoted-printable", filename="deadline.ics",
                           params={"method": method})
    _set_boundaries(msg, out.message_id)
    msg.policy = WIRE_POLICY  # after set_content: the body keeps 76-character QP lines
    return msg


def map_cid(message_id: str) -> str:
    return f"map.{message_id}"


def with_map_cid(html: str, message_id: str) -> str:
    """The HTML with its map's source pointed at the picture's Content-ID. Only markup
    can hold the quoted source: text in an attribute or element has its quotes escaped."""
    return html.replace(f'"{MAP_SRC}"', f'"cid:{map_cid(message_id)}"')


def _add_html(msg: EmailMessage, out: Outgoing, html: str) -> None:
    """multipart/alternative: the text, and the HTML part; with a picture, the HTML part
    and the map it shows inline are a multipart/related (by Content-ID), which Gmail,
    Outlook and Apple Mail show without a click."""
    msg.add_alternative(with_map_cid(html, out.message_id), subtype="html", charset="utf-8",
                        cte="quoted-printable")
    if out.picture:
        # The payload is now the two alternatives, the HTML one second; typeshed types a
        # payload item as any payload.
        part = cast(EmailMessage, msg.get_payload(1))
        part.add_related(out.picture, "image", "png", cid=f"<{map_cid(out.message_id)}>",
                         disposition="inline", filename="map.png")


def _set_boundaries(msg: EmailMessage, message_id: str) -> None:
    """Boundaries from the Message-ID: a resend is the same bytes."""
    tag = sha256(message_id.encode()).hexdigest()[:24]
    for i, part in enumerate(p for p in msg.walk() if p.is_multipart()):
        part.set_boundary(f"=_gmbot_{tag}_{i}")
