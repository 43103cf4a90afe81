"""A forwarder (a mailing list, an alias service) as the tests' mail travels through it:
its server records what it found on arrival (Authentication-Results), the list adds a
footer (which breaks the author's DKIM signature), and it seals the
result with ARC (RFC 8617, dkimpy's arc_sign) under its own key, published in the
tests' stub DNS."""

from __future__ import annotations

from dataclasses import dataclass, field

import dkim

from tests.auth.signing import Signer, StubDns


@dataclass
class Forwarder:
    domain: str
    dns: StubDns
    key: Signer = field(init=False)

    def __post_init__(self) -> None:
        self.key = Signer(self.domain, self.dns, selector="arc", bits=2048)

    def forward(self, raw: bytes, verdict: str, seal: bool = True) -> bytes:
        """`raw` as this forwarder sends it on: `verdict` (e.g. "dkim=pass
        header.d=example.test") recorded on arrival, a footer added, then sealed (unless
        not `seal`: a forwarder that knows no ARC)."""
        raw = raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        raw = raw.rstrip(b"\r\n") + b"\r\n-- \r\nThe friends list\r\n"
        raw = f"Authentication-Results: {self.domain}; {verdict}\r\n".encode() + raw
        if not seal:
            return raw
        sealed = dkim.arc_sign(raw, b"arc", self.domain.encode(), self.key.private_pem,
                             self.domain.encode(),
                             include_headers=[b"from", b"to", b"subject", b"date",
                                              b"message-id"])
        return b"".join(sealed) + raw
