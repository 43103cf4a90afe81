"""Building one outgoing RFC 5322 message. One recipient per message, always: a player's
private section can never reach anyone else."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from email import quoprimime
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime
from hashlib import sha256
from html import escape

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


# What wire_bytes writes verbatim; anything else goes through the email package.
_PLAIN_ADDRESS = re.compile(r"[A-Za-z0-9._%+=-]+@[A-Za-z0-9.-]+")
_PLAIN_TEXT = re.compile(r"[!-~]+(?: [!-~]+)*")  # printable ASCII, single spaces inside
_PLAIN_ID = re.compile(r"[!-;=?-~]+")  # printable ASCII but "<" and ">"
# The headers of every text-only mail that do not vary: written once.
_TEXT_TAIL = (b'Content-Type: text/plain; charset="utf-8"\r\n'
              b"Content-Transfer-Encoding: quoted-printable\r\n"
              b"MIME-Version: 1.0\r\n\r\n")


def wire_bytes(out: Outgoing) -> bytes:
    """The message on the wire, byte for byte what compose(out).as_bytes() gives. Most
    mails (no picture; plain addresses; an ASCII subject) are written directly: building
    and folding headers with the email package was most of the cost of sending a mail."""
    if not _plain(out):
        return compose(out).as_bytes()
    head = [f"From: {out.sender}", f"To: {out.recipient}", f"Subject: {out.subject}",
            f"Date: {format_datetime(out.date)}", f"Message-ID: <{out.message_id}>"]
    if out.in_reply_to:
        head += [f"In-Reply-To: <{out.in_reply_to}>", f"References: <{out.in_reply_to}>"]
    head += [f"Auto-Submitted: {out.auto}", f"{LOOP_HEADER}: {out.sender}", ""]
    # As the email package encodes a text part: lines normalised to "\n", then QP with
    # the default policy's 78 characters; on the wire every line ends in CRLF.
    lines = out.body.encode("utf-8").splitlines()
    body = quoprimime.body_encode((b"\n".join(lines) + b"\n").decode("latin-1"), 78)
    wire_body = "\r\n".join(body.splitlines()) + "\r\n"
    return "\r\n".join(head).encode("ascii") + _TEXT_TAIL + wire_body.encode("ascii")


def _plain(out: Outgoing) -> bool:
    return (out.picture is None
            and all(_PLAIN_ADDRESS.fullmatch(a) for a in (out.sender, out.recipient))
            and _PLAIN_ID.fullmatch(out.message_id) is not None
            and (not out.in_reply_to or _PLAIN_ID.fullmatch(out.in_reply_to) is not None)
            and len(out.subject) <= 900 and _PLAIN_TEXT.fullmatch(out.subject) is not None
            and "=?" not in out.subject)


def _add_picture(msg: EmailMessage, out: Outgoing) -> None:
    """multipart/alternative: the text, and an HTML part showing the same text and the map
    inline (multipart/related, by Content-ID), which Gmail, Outlook and Apple Mail show
    without a click. Boundaries come from the Message-ID: a resend is the same bytes."""
    cid = f"map.{out.message_id}"
    html = (f'<html><body><pre style="font-family: monospace">{escape(out.body)}</pre>\n'
            f'<p><img src="cid:{escape(cid)}" alt="Map of the board"></p></body></html>\n')
    msg.add_alternative(html, subtype="html", charset="utf-8", cte="quoted-printable")
    msg.get_payload()[1].add_related(out.picture, "image", "png", cid=f"<{cid}>",
                                     disposition="inline", filename="map.png")
    tag = sha256(out.message_id.encode()).hexdigest()[:24]
    for i, part in enumerate(p for p in msg.walk() if p.is_multipart()):
        part.set_boundary(f"=_gmbot_{tag}_{i}")
