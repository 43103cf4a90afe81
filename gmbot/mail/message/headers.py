"""The headers the judge reads (From, Return-Path, Message-ID, In-Reply-To, References,
Date, Subject), decoded leniently: raw 8-bit bytes, RFC 2047 words, unbalanced quotes or
brackets and overlong values give whatever can be read, never an exception."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from email import policy
from email.utils import parseaddr, parsedate_to_datetime
from functools import lru_cache
from typing import Any

from gmbot.mail.message.charset import decode_bytes

KEPT_HEADERS = frozenset(
    {"auto-submitted", "precedence", "list-id", "list-unsubscribe", "list-post", "content-type"}
)
_SURROGATES = re.compile("[\udc80-\udcff]")
_LINEBREAKS = re.compile(r"[\r\n]")
_MSG_ID = re.compile(r"<([^<>]*)>")
_BRACKETED_ADDR = re.compile(r"<([^<>\s]+@[^<>\s]+)>")
_BARE_ADDR = re.compile(r"[^\s<>\"'(),;:]+@[\w.-]+")
_PLAUSIBLE_ADDR = re.compile(r'^("[^"]*"|[^\s<>"()@,;:]+)@[^\s<>"()@,;:]+$')
# RFC 5321 4.5.3.1: a path is at most 256 octets, so no address anyone can answer is longer
# than 254 characters; RFC 5322 2.1.1: no header line, so no Message-ID, passes 998.
MAX_ADDRESS = 254
MAX_LINE = MAX_MESSAGE_ID = 998
# A From header as nearly every mail client writes it: a name of plain words and an address
# of plain atoms in brackets, or the bare address. The email package reads such a header
# the same way and without a defect; its parse of one new sender's From cost a tenth of
# reading a short mail.
_WORD = r"[A-Za-z0-9]+"
_ATOMS = r"[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*"
_PLAIN_SPEC = rf"{_ATOMS}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*"
_PLAIN_FROM = re.compile(rf"[ \t]*(?:(?:({_WORD}(?:[ \t]+{_WORD})*)[ \t]*)?<({_PLAIN_SPEC})>"
                         rf"|({_PLAIN_SPEC}))[ \t]*")


def plain_from(raw: str) -> tuple[str, str] | None:
    """(address as written, display name) of a From header of the plain shape above, read
    without the email package; None for any other header (the caller parses it)."""
    found = _PLAIN_FROM.fullmatch(raw) if len(raw) <= MAX_LINE else None
    if found is None:
        return None
    name, bracketed, bare = found.groups()
    return bracketed or bare, " ".join((name or "").split())


def fix_8bit(value: str) -> str:
    # Raw 8-bit header bytes reach us surrogate-escaped; read them like an undeclared body.
    if _SURROGATES.search(value):
        value = decode_bytes(value.encode("utf-8", "surrogateescape"), None)
    return _LINEBREAKS.sub("", value)


@lru_cache(maxsize=1024)  # senders write again and again; header objects are immutable
def _header(name: str, raw: str) -> Any:
    """A policy.default header object (RFC 2047 decoded), degrading to plain text."""
    value = fix_8bit(raw)
    for factory_name in (name, "x-unstructured"):
        try:
            return policy.default.header_factory(factory_name, value)
        except Exception:
            continue
    return value


# The two below are cached by the header's text: players write again and again from the
# same address, and the `email` package's structured parse of one header cost more than
# the rest of reading a short mail.
@lru_cache(maxsize=2048)
def header_text(name: str, raw: str | None) -> str:
    return "" if raw is None else " ".join(str(_header(name, raw)).split())


@lru_cache(maxsize=2048)
def from_address(raw: str | None) -> tuple[str, str]:
    if raw is None:
        return "", ""
    plain = plain_from(raw)
    if plain is not None:
        return plain[0].lower(), plain[1]
    header = _header("from", raw)
    try:
        for addr in header.addresses:
            if _PLAUSIBLE_ADDR.match(addr.addr_spec):
                return addr.addr_spec.lower(), " ".join(addr.display_name.split())
    except Exception:
        pass
    # Unbalanced quotes or brackets defeat the parser; pick out anything address-shaped.
    text = str(header)
    found = _BRACKETED_ADDR.search(text) or _BARE_ADDR.search(text)
    if not found:
        return "", ""
    name = text[: found.start()].strip(" \t\"'<")
    return found.group(found.lastindex or 0).lower(), " ".join(name.split())


def return_path(raw: str | None) -> str | None:
    if raw is None:
        return None
    value = fix_8bit(raw).strip()
    if not value.strip("<> \t"):
        return ""
    return (parseaddr(value)[1] or value.strip("<> \t")).lower()


def message_ids(raw: str | None) -> list[str]:
    if raw is None:
        return []
    value = fix_8bit(raw)
    ids = ["".join(m.split()) for m in _MSG_ID.findall(value)]
    if not ids:  # missing or unbalanced brackets: take whatever looks like an id
        ids = [token for token in re.split(r"[\s<>]+", value) if "@" in token]
    return [i for i in ids if i and len(i) <= MAX_MESSAGE_ID]


def nul_free(value: str) -> str:
    """NUL is no character of any mail text (and PostgreSQL cannot store it)."""
    return value.replace("\x00", "") if "\x00" in value else value


def header_date(raw: str | None) -> datetime | None:
    if not raw:
        return None
    try:
        when = parsedate_to_datetime(fix_8bit(raw).strip())
    except Exception:
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)  # "-0000" parses naive
