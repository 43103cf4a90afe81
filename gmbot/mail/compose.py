"""Building one outgoing RFC 5322 message. One recipient per message, always: a player's
private section can never reach anyone else."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime

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
    msg.policy = WIRE_POLICY  # after set_content: the body keeps 76-character QP lines
    return msg
