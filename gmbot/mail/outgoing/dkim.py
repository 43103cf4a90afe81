"""The judge's own DKIM signature (RFC 6376) on every mail it sends. A mail is signed
once, when it is queued (gmbot/service/outbox/queue.py): the signature is stored with
the mail and written on top of the same bytes at every attempt, so a resend is the
identical message and the CPU of signing is paid once."""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass
from pathlib import Path

# Signed when present; signed though absent too (RFC 6376 5.4: a header named in h=
# that the mail lacks may not be added later without breaking the signature), so nobody
# on the way can add a List-Unsubscribe to a results mail, or a second Subject.
SIGNED = (b"from", b"to", b"subject", b"date", b"message-id", b"in-reply-to",
          b"references", b"list-id", b"list-unsubscribe", b"list-unsubscribe-post",
          b"auto-submitted", b"x-auto-response-suppress", b"mime-version", b"content-type")
KEY_BITS = 2048  # what the big mailbox providers ask; 1024 is refused by some


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
        if b"PRIVATE KEY" not in pem:
            raise DkimKeyError(f"dkim.key_file {key_file}: not a PEM private key")
        return cls(domain=domain.lower(), selector=selector, private_pem=pem)

    def signature(self, message: bytes) -> bytes:
        """The DKIM-Signature header line (CRLF-terminated) for `message` (CRLF lines)."""
        import dkim  # slow to import; only a judge that signs needs it

        return dkim.sign(message, self.selector.encode(), self.domain.encode(),
                         self.private_pem, include_headers=list(SIGNED),
                         canonicalize=(b"relaxed", b"relaxed"), linesep=b"\r\n")


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
