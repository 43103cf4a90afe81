"""The return path of each mail the judge sends (VERP): its envelope sender names the
outbox row it came from and is signed with the home's bounce key,
`judge+bounce-123-TOKEN@judge.example.org`. A bounce comes back to that address, so the
judge knows which mail to whom bounced without trusting anything the bounce says of it;
a bounce forged without the token, or with a token of another mail, matches nothing.

The token is an HMAC of the row, its recipient and its Message-ID: 80 bits, in the
lower-case base32 every mail server keeps as it is (local parts are compared without
case by many)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Iterable
from dataclasses import dataclass

TAG = "bounce"
TOKEN_CHARS = 16  # base32: 80 bits


@dataclass(frozen=True)
class ReturnPath:
    """What a home's return paths are made of: its bounce key and the character its
    mail server takes as the start of an address's extension (Postfix's
    recipient_delimiter, qmail's and Exim's "-" or "+")."""

    key: bytes
    delimiter: str = "+"

    def address(self, sender: str, row_id: int, recipient: str, message_id: str) -> str:
        """The envelope sender of outbox row `row_id`, sent from `sender`."""
        local, _, domain = sender.rpartition("@")
        token = self._token(row_id, recipient, message_id)
        return f"{local}{self.delimiter}{TAG}-{row_id}-{token}@{domain}"

    def matches(self, found: Bounced, sender: str, recipient: str, message_id: str) -> bool:
        """Whether `found` (read from a bounce's addresses) is the return path of this
        row, sent from `sender` to `recipient` as `message_id`."""
        local, _, domain = sender.lower().rpartition("@")
        if (found.local, found.domain) != (local, domain):
            return False
        return hmac.compare_digest(found.token,
                                   self._token(found.row_id, recipient, message_id))

    def _token(self, row_id: int, recipient: str, message_id: str) -> str:
        mac = hmac.new(self.key, f"{row_id}\0{recipient.lower()}\0{message_id}".encode(),
                       hashlib.sha256).digest()
        return base64.b32encode(mac).decode("ascii").lower()[:TOKEN_CHARS]


@dataclass(frozen=True)
class Bounced:
    """A return path as found on a bounce: the judge's local part and domain, the row it
    names and the token it carries (checked by ReturnPath.matches against that row)."""

    local: str
    domain: str
    row_id: int
    token: str


_FOUND = re.compile(rf"([A-Za-z0-9._%=-]+)[+=-]{TAG}-(\d{{1,18}})-([a-z2-7]{{{TOKEN_CHARS}}})"
                    r"@([A-Za-z0-9.-]+)", re.IGNORECASE)


def return_paths_in(values: Iterable[str]) -> list[Bounced]:
    """Every return path of the judge's shape in `values` (header values: To,
    Delivered-To, X-Original-To...), first found first, each once."""
    found: dict[tuple[str, int, str], Bounced] = {}
    for value in values:
        for m in _FOUND.finditer(value):
            b = Bounced(local=m.group(1).lower(), domain=m.group(4).lower().rstrip("."),
                        row_id=int(m.group(2)), token=m.group(3).lower())
            found.setdefault((b.domain, b.row_id, b.token), b)
    return list(found.values())


def return_path_line(envelope: str) -> bytes:
    """The Return-Path header a Maildir delivery writes on top (RFC 5321 4.4): what the
    consumer of the outbox gives its mail server as the envelope sender."""
    return f"Return-Path: <{envelope}>\r\n".encode("ascii", "replace")
