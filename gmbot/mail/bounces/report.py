"""What a bounce says: whether delivery failed for good (hard), for now (soft), or not at
all (a delay warning, a "delivered" or "relayed" notice, which say nothing against the
address). Only the verdict is read here; which mail bounced, and to whom, the judge
learns from the return path the bounce came back to (gmbot/mail/outgoing/verp.py), never
from the report, which anyone can write.

A DSN (RFC 3464: multipart/report; report-type=delivery-status) is read by its
per-recipient fields, Action and Status (RFC 3463's enhanced codes). Servers that write
no DSN (qmail, old Exim and Sendmail, some providers' own) are read by the codes and
phrases in their text, as Mailman's bounce detectors do. A full mailbox (X.2.2) counts
as soft whatever class its server gave it: it empties."""

from __future__ import annotations

import re
from email.message import Message

import msgspec

HARD, SOFT = "hard", "soft"


class BounceReport(msgspec.Struct, frozen=True):
    """A delivery failure: `kind` hard or soft, the enhanced status code if any
    ("5.1.1"), and the reporting server's words (clipped)."""

    kind: str
    status: str = ""
    diagnostic: str = ""


_STATUS = re.compile(r"\b([245])\.(\d{1,3})\.(\d{1,3})\b")
_FAILURE = re.compile(r"\b([45])\.(\d{1,3})\.(\d{1,3})\b")  # in words: a success is none
_SMTP_CODE = re.compile(r"(?<![\d.])([45])\d\d(?![\d.])")
_FULL = re.compile(r"quota|mailbox (is )?full|over ?quota|insufficient (disk )?space"
                   r"|exceeded storage", re.IGNORECASE)
_TEMPORARY = re.compile(r"temporar|try again|will be retried|deferred|delayed|greylist"
                        r"|still trying", re.IGNORECASE)
_PERMANENT = re.compile(r"user unknown|unknown user|no such (user|mailbox|recipient)"
                        r"|mailbox unavailable|does not exist|doesn't exist|not exist"
                        r"|no mailbox here|recipient (address )?rejected|account .*disabled"
                        r"|permanent(ly)? (error|failure)|address rejected|invalid recipient",
                        re.IGNORECASE)
# The markers of a non-DSN bounce's text, one of which must be there before codes count:
# an ordinary mail quoting "5.1.1" is no bounce.
_REPORT_TEXT = re.compile(r"delivery (status notification|has failed|to the following)"
                          r"|undeliver|could not be delivered|returned mail|mail delivery"
                          r" (failed|system|subsystem|software)|qmail-send|failure notice"
                          r"|delivery failure|permanent error|message not delivered",
                          re.IGNORECASE)
DIAGNOSTIC_CHARS = 200


def read_report(msg: Message) -> BounceReport | None:
    """The failure `msg` reports, or None: not a report of failure (a delay, a success,
    an ordinary mail)."""
    if msg.get_content_type() == "multipart/report":
        for part in msg.walk():
            if part.get_content_type() == "message/delivery-status":
                return _dsn(part)
    return _plain(msg)


def _dsn(part: Message) -> BounceReport | None:
    """The worst failure of a message/delivery-status part: its first block describes
    the reporting server, each further one a recipient (one, in the judge's mail)."""
    blocks = part.get_payload()
    if not isinstance(blocks, list):
        return None
    found: BounceReport | None = None
    for block in blocks[1:] if len(blocks) > 1 else blocks:
        if not isinstance(block, Message):
            continue
        action = str(block.get("action", "")).strip().lower()
        if action not in ("failed", ""):
            continue  # delayed, delivered, relayed, expanded: no failure (RFC 3464 2.3.3)
        status = _STATUS.search(str(block.get("status", "")))
        words = " ".join(str(block.get("diagnostic-code", "")).split())
        code = ".".join(status.groups()) if status else ""
        kind = _kind(code, words, failed=action == "failed")
        if kind is None:
            continue
        report = BounceReport(kind, code, words[:DIAGNOSTIC_CHARS])
        if found is None or (found.kind == SOFT and kind == HARD):
            found = report
    return found


def _kind(code: str, words: str, failed: bool) -> str | None:
    if _FULL.search(words) or code[1:].startswith(".2.2"):
        return SOFT
    if code.startswith("5"):
        return HARD
    if code.startswith("4"):
        return SOFT
    if failed:  # a failure with no class said: its words, else the Action's own verdict
        return SOFT if _TEMPORARY.search(words) else HARD
    return None


def _plain(msg: Message) -> BounceReport | None:
    """A bounce without a DSN part, read from its first text part."""
    text = _first_text(msg)
    if not text or not _REPORT_TEXT.search(text):
        return None
    head = text[:8000]
    status = _FAILURE.search(head)
    words = " ".join(head.split())
    if status:
        code = ".".join(status.groups())
        return BounceReport(_kind(code, words, True) or HARD, code, _around(words, status[0]))
    full, later = _FULL.search(words), _TEMPORARY.search(words)
    if full:
        return BounceReport(SOFT, "", _around(words, full[0]))
    refused = _PERMANENT.search(words)
    if later and not refused:
        return BounceReport(SOFT, "", _around(words, later[0]))
    smtp = _SMTP_CODE.search(words)
    if refused or (smtp and smtp.group(1) == "5"):
        return BounceReport(HARD, "", _around(words, refused[0] if refused else ""))
    if smtp:
        return BounceReport(SOFT, "", _around(words, smtp[0]))
    return None


def _first_text(msg: Message) -> str:
    for part in msg.walk():
        if part.get_content_type() == "text/plain":
            payload = part.get_payload(decode=True)
            if isinstance(payload, bytes):
                return payload.decode(part.get_content_charset() or "utf-8", "replace")
    return ""


def _around(words: str, hit: str) -> str:
    """The report's words around `hit`, clipped: what the GM is shown of the reason."""
    at = words.find(hit) if hit else -1
    start = max(0, at - 60) if at >= 0 else 0
    return words[start:start + DIAGNOSTIC_CHARS]
