"""One inbound mail decoded into what the judge reads (InboundMail): sender, ids, date,
subject, body and command lines. parse_message never raises on malformed input."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from email import policy
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.policy import EmailPolicy
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from gmbot.mail.message.headers import (
    KEPT_HEADERS,
    MAX_ADDRESS,
    from_address,
    header_date,
    header_text,
    message_ids,
    nul_free,
    return_path,
)
from gmbot.mail.message.parts import body_text
from gmbot.mail.message.quoting import command_lines


@dataclass(frozen=True)
class InboundMail:
    """One decoded inbound message; see parse_message."""

    message_id: str | None  # without angle brackets
    sender: str  # bare From address, lower-cased; "" if none
    sender_name: str
    return_path: str | None  # "" for the null path <>, None if the header is absent
    subject: str
    date: datetime | None  # always timezone-aware
    in_reply_to: str | None
    references: tuple[str, ...]
    body: str
    lines: tuple[str, ...]
    size: int
    # Only the headers automated_reason needs (see KEPT_HEADERS) plus every X-* header,
    # so a custom loop header is available too.  Excluded from hashing: it is a mapping.
    headers: Mapping[str, str] = field(hash=False)


class _CachingPolicy(EmailPolicy):
    """policy.default, except that a header asked for again is not parsed again: reading
    a body asks for Content-Type about ten times (type, maintype, charset, params...), and
    the structured parse was most of the time spent on a mail. Header objects are
    immutable, so one may serve every fetch of the same name and value."""

    def header_fetch_parse(self, name: str, value: str) -> Any:
        if hasattr(value, "name"):
            return value
        return _fetch_parse(name, value)


@lru_cache(maxsize=512)
def _fetch_parse(name: str, value: str) -> Any:
    return policy.default.header_fetch_parse(name, value)


_POLICY = _CachingPolicy()


def parse_message(raw: bytes) -> InboundMail:
    """Decode *raw*; never raises, returning whatever fields could be read."""
    data = bytes(raw)
    try:
        msg: Message = BytesParser(policy=_POLICY).parsebytes(data)
        items = list(msg.raw_items())
    except Exception:
        msg, items = EmailMessage(), []
    first: dict[str, str] = {}
    for name, value in items:
        first.setdefault(name.strip().lower(), value)

    try:
        body = nul_free(body_text(msg))
    except Exception:
        body = ""
    first = {name: nul_free(value) for name, value in first.items()}
    sender, sender_name = from_address(first.get("from"))
    if len(sender) > MAX_ADDRESS:
        sender = ""  # nobody to answer
    ids = message_ids(first.get("message-id"))
    reply_to = message_ids(first.get("in-reply-to"))
    kept = {
        name: header_text(name, value)
        for name, value in first.items()
        if name in KEPT_HEADERS or name.startswith("x-")
    }
    return InboundMail(
        message_id=ids[0] if ids else None,
        sender=sender,
        sender_name=sender_name,
        return_path=return_path(first.get("return-path")),
        subject=header_text("subject", first.get("subject")),
        date=header_date(first.get("date")),
        in_reply_to=reply_to[0] if reply_to else None,
        references=tuple(message_ids(first.get("references"))),
        body=body,
        lines=command_lines(body),
        size=len(data),
        headers=MappingProxyType(kept),
    )
