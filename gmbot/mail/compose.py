"""Building one outgoing RFC 5322 message. One recipient per message, always: a player's
private section can never reach anyone else."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime

LOOP_HEADER = "X-Gmbot-Loop"


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
    return msg
