"""Building one outgoing RFC 5322 message. One recipient per message, always: a player's
private section can never reach anyone else."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime
from hashlib import sha256
from html import escape
from typing import cast

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
    picture: bytes | None = None  # a PNG map, shown inline under the text


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
    if out.picture:
        _add_picture(msg, out)
    msg.policy = WIRE_POLICY  # after set_content: the body keeps 76-character QP lines
    return msg


def _add_picture(msg: EmailMessage, out: Outgoing) -> None:
    """multipart/alternative: the text, and an HTML part showing the same text and the map
    inline (multipart/related, by Content-ID), which Gmail, Outlook and Apple Mail show
    without a click. Boundaries come from the Message-ID: a resend is the same bytes."""
    cid = f"map.{out.message_id}"
    msg.add_alternative(map_html(out.body, cid), subtype="html", charset="utf-8",
                        cte="quoted-printable")
    # The payload is now the two alternatives, the HTML one second; typeshed types a
    # payload item as any payload.
    html = cast(EmailMessage, msg.get_payload(1))
    html.add_related(out.picture, "image", "png", cid=f"<{cid}>",
                     disposition="inline", filename="map.png")
    tag = sha256(out.message_id.encode()).hexdigest()[:24]
    for i, part in enumerate(p for p in msg.walk() if p.is_multipart()):
        part.set_boundary(f"=_gmbot_{tag}_{i}")


def map_html(body: str, cid: str) -> str:
    """The HTML alternative of a mail with a map: the text as it is, and the map below."""
    return (f'<html><body><pre style="font-family: monospace">{escape(body)}</pre>\n'
            f'<p><img src="cid:{escape(cid)}" alt="Map of the board"></p></body></html>\n')
