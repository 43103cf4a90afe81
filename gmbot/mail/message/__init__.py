"""Decode a raw RFC 5322 message into what the judge reads: sender, ids, command lines.

Shared by every inbound transport; knows nothing about games. Nothing here raises on
malformed input: whatever can be read is returned. A mail's way through the package:
    1. inbound.py    parse_message: the InboundMail, from
    2. headers.py    the headers it reads, decoded leniently,
    3. parts.py      the body's text part (html_text.py: HTML as text; charset.py: bytes
                     to text in whatever charset),
    4. quoting.py    and the command lines before quotes and signatures;
    5. automated.py  then whether the judge may answer it at all (bounces, auto-replies).
"""

from __future__ import annotations

from gmbot.mail.message.automated import automated_reason
from gmbot.mail.message.charset import decode_bytes
from gmbot.mail.message.headers import MAX_ADDRESS, MAX_MESSAGE_ID
from gmbot.mail.message.html_text import html_to_text
from gmbot.mail.message.inbound import InboundMail, parse_message
from gmbot.mail.message.quoting import command_lines, source_text

__all__ = [
    "MAX_ADDRESS",
    "MAX_MESSAGE_ID",
    "InboundMail",
    "automated_reason",
    "command_lines",
    "decode_bytes",
    "html_to_text",
    "parse_message",
    "source_text",
]
