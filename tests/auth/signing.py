"""Real DKIM signatures for tests: RSA keys generated here, published by a stub name
server (a dkimpy `dnsfunc`) that answers only for the keys it was given; and the key
records a hostile signer publishes (`rsa_record`: any modulus and exponent)."""

from __future__ import annotations

import base64
import hashlib
import secrets
import threading
import time
from dataclasses import dataclass, field

import dkim
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from dkim.canonicalization import CanonicalizationPolicy
from dkim.crypto import parse_pem_private_key

HEADERS = (b"from", b"to", b"subject", b"date", b"message-id", b"in-reply-to", b"references")


@dataclass
class StubDns:
    """TXT records by name; counts the lookups it answers."""

    records: dict[bytes, bytes] = field(default_factory=dict)
    lookups: int = 0
    asked: list[bytes] = field(default_factory=list)  # the names looked up, in order

    def __call__(self, name: bytes | str, timeout: float = 5) -> bytes | None:
        self.lookups += 1
        key = name.encode() if isinstance(name, str) else bytes(name)
        self.asked.append(key.rstrip(b"."))
        return self.records.get(key.rstrip(b"."))


@dataclass
class StallingDns(StubDns):
    """A name server that never answers: each lookup waits `stall` seconds, ignoring
    the timeout it is given, or until `release` is called, then answers nothing."""

    stall: float = 60.0
    _released: threading.Event = field(default_factory=threading.Event)

    def __call__(self, name: bytes | str, timeout: float = 5) -> bytes | None:
        self.lookups += 1
        self._released.wait(self.stall)
        return None

    def release(self) -> None:
        self._released.set()


def rsa_record(modulus: int, exponent: int) -> bytes:
    """A DKIM key record for any RSA modulus and exponent (a SubjectPublicKeyInfo)."""
    def der(tag: int, body: bytes) -> bytes:
        n = len(body)
        width = (n.bit_length() + 7) // 8
        size = bytes([n]) if n < 0x80 else bytes([0x80 | width]) + n.to_bytes(width, "big")
        return bytes([tag]) + size + body

    def integer(v: int) -> bytes:
        return der(0x02, v.to_bytes(v.bit_length() // 8 + 1, "big"))

    rsa_oid = bytes.fromhex("2a864886f70d010101")
    key = der(0x30, integer(modulus) + integer(exponent))
    spki = der(0x30, der(0x30, der(0x06, rsa_oid) + der(0x05, b"")) + der(0x03, b"\0" + key))
    return b"v=DKIM1; k=rsa; p=" + base64.b64encode(spki)


def random_odd(bits: int) -> int:
    """A random odd number of exactly `bits` bits: a modulus no one has the key of."""
    return secrets.randbits(bits) | (1 << (bits - 1)) | 1


@dataclass
class Signer:
    """One domain's DKIM key, published in `dns` under selector._domainkey.domain."""

    domain: str
    dns: StubDns
    selector: str = "mail"
    private_pem: bytes = b""
    bits: int = 1024
    exponent: int = 65537
    record: bytes = b""  # the public key record, published under `selector`

    def __post_init__(self) -> None:
        key = rsa.generate_private_key(public_exponent=self.exponent, key_size=self.bits)
        self.private_pem = key.private_bytes(serialization.Encoding.PEM,
                                             serialization.PrivateFormat.TraditionalOpenSSL,
                                             serialization.NoEncryption())
        public = key.public_key().public_bytes(serialization.Encoding.DER,
                                               serialization.PublicFormat.SubjectPublicKeyInfo)
        self.record = b"v=DKIM1; k=rsa; p=" + base64.b64encode(public)
        self.publish(self.record)

    def sign(self, raw: bytes, headers: tuple[bytes, ...] = HEADERS, length: bool = False,
             selector: str | None = None) -> bytes:
        """`raw` with this domain's DKIM-Signature on top, as its provider sends it:
        signing the header fields `headers`, with l= (the body's length) if `length`,
        under `selector` (this signer's own by default)."""
        raw = raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        chosen = (selector or self.selector).encode()
        if b"from" not in headers:
            return self._sign_without_from(raw, headers, chosen) + raw
        signature = dkim.sign(raw, chosen, self.domain.encode(), self.private_pem,
                              include_headers=list(headers), length=length)
        return signature + raw

    def _sign_without_from(self, raw: bytes, headers: tuple[bytes, ...],
                           selector: bytes) -> bytes:
        # dkimpy's sign() refuses to leave From out (RFC 6376 5.4); a hostile or sloppy
        # signer need not: the same steps, without that check.
        signer = dkim.DKIM(raw)
        signer.hasher = hashlib.sha256
        policy = CanonicalizationPolicy.from_c_value(b"relaxed/simple")
        body_hash = base64.b64encode(
            hashlib.sha256(policy.canonicalize_body(signer.body)).digest())
        fields = [(b"v", b"1"), (b"a", b"rsa-sha256"), (b"c", b"relaxed/simple"),
                  (b"d", self.domain.encode()), (b"s", selector),
                  (b"t", str(int(time.time())).encode()), (b"h", b" : ".join(headers)),
                  (b"bh", body_hash), (b"b", b"0" * 60)]
        return b"DKIM-Signature: " + signer.gen_header(
            fields, headers, policy, b"DKIM-Signature", parse_pem_private_key(self.private_pem))

    def publish(self, record: bytes, selector: str | None = None) -> None:
        """Publish `record` (any text) as this domain's key under `selector`."""
        name = f"{selector or self.selector}._domainkey.{self.domain}".encode()
        self.dns.records[name] = record

    def unpublish(self) -> None:
        self.dns.records.pop(f"{self.selector}._domainkey.{self.domain}".encode(), None)
