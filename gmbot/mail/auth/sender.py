"""The author of a mail, read strictly: the one address a DMARC-checking server judges a
mail by, or no one. The lenient reading in gmbot.mail.message serves replies; this one
decides whom a mail may speak for."""

from __future__ import annotations

import re
from dataclasses import dataclass
from email import policy
from email.errors import HeaderParseError
from email.header import decode_header
from functools import lru_cache

from gmbot.mail.auth.headers import header_values
from gmbot.mail.message.headers import plain_from

_ENCODED_WORD = re.compile(r"=\?[^?\s]+\?[bqBQ]\?[^?\s]*\?=")
_ADDRESS_LIKE = re.compile(r"[^\s<>\"'(),;:@]+@[^\s<>\"'(),;:@]+\.[^\s<>\"'(),;:@]+|"
                           r"[^\s<>\"'(),;:@]+@[^\s<>\"'(),;:@.]+\b")
_PLAIN_ADDRESS = re.compile(r"[^\s<>\"()@,;:]+@[A-Za-z0-9.-]+")


@dataclass(frozen=True)
class Author:
    address: str | None  # lower-cased; None when the From header proves nobody
    problem: str = ""  # why, when address is None

    @property
    def domain(self) -> str:
        return self.address.rsplit("@", 1)[1] if self.address else ""


def author(raw: bytes) -> Author:
    """The single From address of `raw`, or why there is none that can be trusted."""
    values = header_values(raw, "from")
    if len(values) != 1:
        return Author(None, f"{len(values)} From headers")
    return _author_of(values[0])


@lru_cache(maxsize=2048)  # players write again and again; the answer depends on the text
def _author_of(raw_value: str) -> Author:
    plain = plain_from(raw_value)  # the shape nearly every client writes: no defect in it
    if plain is not None:
        return Author(plain[0].lower())
    if _ENCODED_WORD.search(raw_value) and "@" in " ".join(_decoded_words(raw_value)):
        return Author(None, "an address inside an encoded word")
    try:
        header = policy.strict.header_factory("from", raw_value)
        addresses = header.addresses
    except (HeaderParseError, ValueError, TypeError, IndexError):
        return Author(None, "a malformed From header")
    if header.defects:
        return Author(None, "a malformed From header")
    if len(addresses) != 1:
        return Author(None, f"{len(addresses)} addresses in From")
    spec = addresses[0].addr_spec.strip().lower()
    if not _PLAIN_ADDRESS.fullmatch(spec):
        return Author(None, "no plain address in From")
    for shown in _ADDRESS_LIKE.findall(addresses[0].display_name or ""):
        if shown.strip(".").lower() != spec:
            return Author(None, "a display name that is another address")
    return Author(spec)


def _decoded_words(value: str) -> list[str]:
    out = []
    for word in _ENCODED_WORD.findall(value):
        try:
            for data, charset in decode_header(word):
                if isinstance(data, bytes):
                    out.append(data.decode(charset or "ascii", "replace"))
                else:
                    out.append(data)
        except (HeaderParseError, LookupError, ValueError):
            out.append("@")  # an encoded word that cannot be read proves nothing either
    return out
