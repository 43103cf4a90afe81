"""An outgoing message written directly on the wire, byte for byte what the email package
writes for it (compose(out).as_bytes()): building and folding headers and parts with the
email package was most of the cost of sending a mail. Mails this module does not write
verbatim (display names, non-ASCII subjects...) still go through the email package.

Tested byte for byte against the email package (tests/mail/test_wire_bytes.py): a mail
sent again after an upgrade is the same mail."""

from __future__ import annotations

import re
from base64 import encodebytes
from email.utils import format_datetime
from functools import lru_cache
from hashlib import sha256

from gmbot.mail.compose import LOOP_HEADER, Outgoing, compose, map_cid, with_map_cid
from gmbot.mail.html import text_page
from gmbot.mail.outgoing.calendar import objects
from gmbot.mail.quoted_printable import encode_body

# What is written verbatim; anything else goes through the email package.
_PLAIN_ADDRESS = re.compile(r"[A-Za-z0-9._%+=-]+@[A-Za-z0-9.-]+")
_PLAIN_TEXT = re.compile(r"[!-~]+(?: [!-~]+)*")  # printable ASCII, single spaces inside
_PLAIN_ID = re.compile(r"[!-;=?-~]+")  # printable ASCII but "<" and ">"
# Our own Message-IDs (shaped like plain addresses), which the map's Content-ID repeats.
_OWN_ID = _PLAIN_ADDRESS

# The part headers that do not vary, written once.
_TEXT_HEAD = (b'Content-Type: text/plain; charset="utf-8"\r\n'
              b"Content-Transfer-Encoding: quoted-printable\r\n")
_HTML_HEAD = _TEXT_HEAD.replace(b"text/plain", b"text/html")
_MIME = b"MIME-Version: 1.0\r\n"
# The calendar entry's, in the order add_attachment writes them.
def _calendar_head(method: str) -> bytes:
    return (b"Content-Transfer-Encoding: quoted-printable\r\n"
            b'Content-Disposition: attachment; filename="deadline.ics"\r\n'
            b'Content-Type: text/calendar; charset="utf-8"; method="'
            + method.encode("ascii") + b'"\r\n' + _MIME)


def wire_bytes(out: Outgoing) -> bytes:
    """The message on the wire: out.head, then compose(out).as_bytes(), mostly written
    directly."""
    return out.head + _message(out) if out.head else _message(out)


def _message(out: Outgoing) -> bytes:
    if not _plain(out):
        return compose(out).as_bytes()
    head = [f"From: {out.sender}", f"To: {out.recipient}", f"Subject: {out.subject}",
            f"Date: {format_datetime(out.date)}", f"Message-ID: <{out.message_id}>"]
    if out.in_reply_to:
        head += [f"In-Reply-To: <{out.in_reply_to}>", f"References: <{out.in_reply_to}>"]
    head += [f"Auto-Submitted: {out.auto}", f"{LOOP_HEADER}: {out.sender}", ""]
    top = "\r\n".join(head).encode("ascii")
    tag = sha256(out.message_id.encode()).hexdigest()[:24]
    entries = objects(out.calendar) if out.calendar else []
    if not entries:
        fields, body = _content(out, tag, 0)
        # The email package writes MIME-Version after a single part's fields, before a
        # multipart's.
        multipart = fields.startswith(b"Content-Type: multipart/")
        mime = _MIME + fields if multipart else fields + _MIME
        return b"".join((top, mime, b"\r\n", body))
    # With a calendar entry: multipart/mixed of the content (boundaries numbered from 1,
    # the mixed one being 0) and the entry as an attachment. The content's part keeps its
    # Content-* fields only: MIME-Version stays on top, as the email package moves them.
    # Each iCalendar object of the entry (a withdrawn one and its successor) is an
    # attachment of its own, with its METHOD, as compose adds them.
    fields, body = _content(out, tag, 1)
    mixed = f"=_gmbot_{tag}_0".encode()
    parts = [top, _MIME, b'Content-Type: multipart/mixed; boundary="', mixed, b'"\r\n\r\n',
             b"--", mixed, b"\r\n", fields, b"\r\n", body]
    for calendar, method in entries:
        parts += [b"\r\n--", mixed, b"\r\n", _calendar_head(method), b"\r\n",
                  encode_body(calendar.decode("utf-8"))]
    parts += [b"\r\n--", mixed, b"--\r\n"]
    return b"".join(parts)


def _content(out: Outgoing, tag: str, first: int) -> tuple[bytes, bytes]:
    """The Content-* fields and the body of what the mail says, as compose builds it:
    the text alone; or multipart/alternative of the text and the HTML; or, with a picture,
    of the text and a multipart/related holding the HTML and the map it shows by
    Content-ID. Boundaries are numbered from `first`."""
    html = out.html if out.html is not None or not out.picture else text_page(out.body, True)
    if html is None:
        return _TEXT_HEAD, encode_body(out.body)
    html = with_map_cid(html, out.message_id)
    outer = f"=_gmbot_{tag}_{first}".encode()
    text = (b"--", outer, b"\r\n", _TEXT_HEAD, b"\r\n", encode_body(out.body),
            b"\r\n--", outer, b"\r\n")
    fields = b'Content-Type: multipart/alternative; boundary="' + outer + b'"\r\n'
    if not out.picture:
        return fields, b"".join((
            *text, _HTML_HEAD, _MIME, b"\r\n", encode_body(html),
            b"\r\n--", outer, b"--\r\n"))
    inner = f"=_gmbot_{tag}_{first + 1}".encode()
    cid = map_cid(out.message_id)
    return fields, b"".join((
        *text, _MIME, b'Content-Type: multipart/related; boundary="', inner, b'"\r\n\r\n',
        b"--", inner, b"\r\n", _HTML_HEAD, b"\r\n",
        encode_body(html),
        b"\r\n--", inner, b"\r\n",
        b"Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n"
        b'Content-Disposition: inline; filename="map.png"\r\n'
        b"Content-ID: <", cid.encode("ascii"), b">\r\n", _MIME, b"\r\n",
        _base64(out.picture),
        b"\r\n--", inner, b"--\r\n\r\n--", outer, b"--\r\n"))


@lru_cache(maxsize=8)
def _base64(picture: bytes) -> bytes:
    """The picture in base64 lines of 76 characters, as the email package writes it.
    Computed once per picture: the players of a phase who see the same board, and every
    player of a new game, get the same map, and their mails are sent one after another."""
    return encodebytes(picture).replace(b"\n", b"\r\n")


def _plain(out: Outgoing) -> bool:
    return (all(_PLAIN_ADDRESS.fullmatch(a) for a in (out.sender, out.recipient))
            and len(out.message_id) <= 900
            and (_OWN_ID if out.picture else _PLAIN_ID).fullmatch(out.message_id) is not None
            and (not out.in_reply_to or (len(out.in_reply_to) <= 900 and _PLAIN_ID.fullmatch(
                out.in_reply_to) is not None))
            and len(out.subject) <= 900 and _PLAIN_TEXT.fullmatch(out.subject) is not None
            and "=?" not in out.subject)

