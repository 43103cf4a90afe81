"""A mail's raw text as the store keeps it: with the secret of every PASSWORD line taken
out. The judge keeps a handled mail whole for a while (limits.keep_raw_mail_days), to look
into a dispute, but no password in clear: secrets are stored only as hashes
(docs/security.md).

Taken out, in every text part (decoded from base64 or quoted-printable and encoded back
the same way), is the word after `PASSWORD`, `PASS` or `PW` at the start of a line
(quoted or not, just after an HTML tag or a press header's colon), which is what the
command parser reads as a password, and the word after "password" or "pw" anywhere (a
quoted welcome mail's "Your password: ..."). A mail with nothing to take out is kept byte
for byte; one with something is kept as its parts re-serialized, so a DKIM signature
over it no longer verifies (the proof was checked when it arrived)."""

from __future__ import annotations

import base64
import email
import email.policy
import quopri
import re
from email.generator import BytesGenerator
from email.message import Message
from io import BytesIO

from gmbot.gamefile.schema import REDACTED
from gmbot.mail.oversize import header_section

_SPACE = r"[^\S\n]"  # horizontal space, a no-break space too
# One pass, left to right: a directive line's secret, or the word after "password".
# A press header's colon starts a line too (`BROADCAST: PW secret`), and PW is a password
# word anywhere, as gmbot/press/secrets.py masks it in the press itself.
_SECRET = re.compile(
    rf"(?im)((?:^|>|:)(?:{_SPACE}|[>|])*(?:password|pass|pw):?{_SPACE}+"
    rf"|\b(?:password|pw)(?:{_SPACE}*:{_SPACE}*|{_SPACE}+))([^\s<]+)")
# Cheap tests that spare parsing a mail that cannot hold a password line (its header
# section is not searched: every Authentication-Results header says "pass").
_HINT = re.compile(rb"(?i)pass|pw")
_ENCODED = re.compile(rb"(?i)base64|quoted-printable")


def redact_passwords(raw: bytes) -> bytes:
    """`raw` with every password taken out; `raw` itself if it holds none."""
    if not _HINT.search(raw, len(header_section(raw))) and not _ENCODED.search(raw):
        return raw
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
        changed = [_redact_part(part) for part in msg.walk() if not part.is_multipart()]
        if not any(changed):
            return raw
        out = BytesIO()
        policy = email.policy.compat32.clone(
            linesep="\r\n" if b"\r\n" in raw[:4096] else "\n")
        BytesGenerator(out, mangle_from_=False, maxheaderlen=0, policy=policy).flatten(msg)
        return out.getvalue()
    except Exception:  # noqa: BLE001 - a mail the email package cannot rebuild
        return _redact_text(raw.decode("ascii", "surrogateescape")).encode(
            "ascii", "surrogateescape")


def _redact_text(text: str) -> str:
    return _SECRET.sub(lambda m: m.group(1) + REDACTED, text)


def _redact_part(part: Message) -> bool:
    """Take the passwords out of one leaf part, in place, encoded as it was; whether any
    was found."""
    if part.get_content_maintype() != "text":
        return False
    cte = str(part.get("Content-Transfer-Encoding", "")).strip().lower()
    if cte not in ("base64", "quoted-printable"):
        payload = part.get_payload()  # the text as written (8-bit bytes kept escaped)
        if not isinstance(payload, str):
            return False
        redacted = _redact_text(payload)
        if redacted == payload:
            return False
        part.set_payload(redacted)
        return True
    data = part.get_payload(decode=True)
    if not isinstance(data, bytes):
        return False
    charset = part.get_content_charset() or "utf-8"
    try:
        text = data.decode(charset, "surrogateescape")
    except (LookupError, UnicodeDecodeError):
        charset, text = "latin-1", data.decode("latin-1")
    redacted = _redact_text(text)
    if redacted == text:
        return False
    encoded = redacted.encode(charset, "surrogateescape")
    if cte == "base64":
        part.set_payload(base64.encodebytes(encoded).decode("ascii"))
    else:
        part.set_payload(quopri.encodestring(encoded).decode("ascii"))
    return True
