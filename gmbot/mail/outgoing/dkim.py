"""The judge's own DKIM signature (RFC 6376) on every mail it sends. A mail is signed
once, when it is queued (gmbot/service/outbox/queue.py): the signature is stored with
the mail and written on top of the same bytes at every attempt, so a resend is the
identical message and the CPU of signing is paid once.

dkimpy canonicalises the mail and hashes its headers (the part a verifier must agree
with byte for byte); the RSA step is OpenSSL's, through `cryptography`: dkimpy's own is
pure Python, about 8 ms a mail, which made a signing home read its mail 7 times slower
(benchmarks/ingest.py --dkim). RSASSA-PKCS1-v1_5 is deterministic, so the header is the
one dkimpy would write (tests/outgoing/test_dkim_signing.py compares them)."""

from __future__ import annotations

import base64
import hashlib
import os
import time
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.rsa import RSAPrivateKey

# Signed when present; signed though absent too (RFC 6376 5.4: a header named in h=
# that the mail lacks may not be added later without breaking the signature), so nobody
# on the way can add a List-Unsubscribe to a results mail, or a second Subject.
SIGNED = (b"from", b"to", b"subject", b"date", b"message-id", b"in-reply-to",
          b"references", b"list-id", b"list-unsubscribe", b"list-unsubscribe-post",
          b"auto-submitted", b"x-auto-response-suppress", b"mime-version", b"content-type")
KEY_BITS = 2048  # what the big mailbox providers ask; 1024 is refused by some
CANON = b"relaxed/relaxed"


class DkimKeyError(ValueError):
    pass


@dataclass(frozen=True)
class DkimKey:
    """One signing key: the domain (d=), selector (s=) and the private key (PEM)."""

    domain: str
    selector: str
    private_pem: bytes

    @classmethod
    def load(cls, domain: str, selector: str, key_file: Path) -> DkimKey:
        try:
            pem = key_file.read_bytes()
        except OSError as e:
            raise DkimKeyError(f"dkim.key_file {key_file}: {e.strerror or e}") from None
        key = cls(domain=domain.lower(), selector=selector, private_pem=pem)
        try:
            key.rsa  # noqa: B018 - parsed now, so that a bad file stops the judge at start
        except (ValueError, TypeError):
            raise DkimKeyError(f"dkim.key_file {key_file}: not a PEM RSA private key") from None
        return key

    @cached_property
    def rsa(self) -> RSAPrivateKey:
        from cryptography.hazmat.primitives.asymmetric.rsa import RSAPrivateKey
        from cryptography.hazmat.primitives.serialization import load_pem_private_key

        key = load_pem_private_key(self.private_pem, password=None)
        if not isinstance(key, RSAPrivateKey):
            raise TypeError("not an RSA key")
        return key

    def signature(self, message: bytes) -> bytes:
        """The DKIM-Signature header line (CRLF-terminated) for `message` (CRLF lines):
        relaxed/relaxed, rsa-sha256, every field of SIGNED named."""
        import dkim  # slow to import; only a judge that signs needs it
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import padding, utils
        from dkim.canonicalization import CanonicalizationPolicy

        policy = CanonicalizationPolicy.from_c_value(CANON)
        headers, body = dkim.rfc822_parse(message)
        domain = self.domain.encode()
        body_hash = base64.b64encode(hashlib.sha256(policy.canonicalize_body(body)).digest())
        fields = [(b"v", b"1"), (b"a", b"rsa-sha256"), (b"c", CANON), (b"d", domain),
                  (b"i", b"@" + domain), (b"q", b"dns/txt"), (b"s", self.selector.encode()),
                  (b"t", str(int(time.time())).encode()), (b"h", b" : ".join(SIGNED)),
                  (b"bh", body_hash), (b"b", b"0" * 60)]
        name = b"DKIM-Signature"
        # As dkimpy's DKIM.gen_header: the header hashed with b= empty, then filled.
        value = dkim.fold(b"; ".join(b"=".join(f) for f in fields), namelen=len(name))
        hashed = hashlib.sha256()
        dkim.hash_headers(hashed, policy, policy.canonicalize_headers(headers), SIGNED,
                          (name, b" " + dkim.RE_BTAG.sub(b"\\1", value)), dict(fields))
        signed = self.rsa.sign(hashed.digest(), padding.PKCS1v15(),
                               utils.Prehashed(hashes.SHA256()))
        fields[-1] = (b"b", base64.b64encode(signed))
        value = b"; ".join(b"=".join(f) for f in fields) + b"\r\n"
        return name + b": " + dkim.fold(value, namelen=len(name))


def new_key(bits: int = KEY_BITS) -> tuple[bytes, bytes]:
    """(private key PEM, public key record) of a new RSA key."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    public = key.public_key().public_bytes(serialization.Encoding.DER,
                                           serialization.PublicFormat.SubjectPublicKeyInfo)
    return pem, b"v=DKIM1; k=rsa; p=" + base64.b64encode(public)


def dns_record(domain: str, selector: str, record: bytes) -> str:
    """The TXT record to publish, as a zone file line: strings of at most 255 characters
    (RFC 1035), which resolvers join again."""
    text = record.decode("ascii")
    strings = " ".join(f'"{text[i:i + 255]}"' for i in range(0, len(text), 255))
    return f"{selector}._domainkey.{domain}. IN TXT ( {strings} )"


def write_private_key(path: Path, pem: bytes) -> None:
    """The key file, readable by its owner only, never overwriting one."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(pem)
