"""Real DKIM signatures for tests: RSA keys generated here, published by a stub name
server (a dkimpy `dnsfunc`) that answers only for the keys it was given."""

from __future__ import annotations

import base64
from dataclasses import dataclass, field

import dkim
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa


@dataclass
class StubDns:
    """TXT records by name; counts the lookups it answers."""

    records: dict[bytes, bytes] = field(default_factory=dict)
    lookups: int = 0

    def __call__(self, name: bytes | str, timeout: float = 5) -> bytes | None:
        self.lookups += 1
        key = name.encode() if isinstance(name, str) else bytes(name)
        return self.records.get(key.rstrip(b"."))


@dataclass
class Signer:
    """One domain's DKIM key, published in `dns` under selector._domainkey.domain."""

    domain: str
    dns: StubDns
    selector: str = "mail"
    private_pem: bytes = b""

    def __post_init__(self) -> None:
        key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
        self.private_pem = key.private_bytes(serialization.Encoding.PEM,
                                             serialization.PrivateFormat.TraditionalOpenSSL,
                                             serialization.NoEncryption())
        public = key.public_key().public_bytes(serialization.Encoding.DER,
                                               serialization.PublicFormat.SubjectPublicKeyInfo)
        name = f"{self.selector}._domainkey.{self.domain}".encode()
        self.dns.records[name] = b"v=DKIM1; k=rsa; p=" + base64.b64encode(public)

    def sign(self, raw: bytes) -> bytes:
        """`raw` with this domain's DKIM-Signature on top, as its provider sends it."""
        raw = raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        signature = dkim.sign(raw, self.selector.encode(), self.domain.encode(),
                              self.private_pem,
                              include_headers=[b"from", b"to", b"subject", b"date",
                                               b"message-id", b"in-reply-to", b"references"])
        return signature + raw

    def unpublish(self) -> None:
        self.dns.records.pop(f"{self.selector}._domainkey.{self.domain}".encode(), None)
