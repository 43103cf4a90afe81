"""Which DKIM public keys the judge verifies with at all, decided from the key record
before any RSA arithmetic.

The key comes from the signer's own DNS, and the signer may be anyone: a stranger with
his own domain and name server. RSA verification costs about (modulus bits)^2 times
(exponent bits) in dkimpy's pure-Python `pow`, so a 16384-bit modulus with a
16384-bit exponent cost seconds per signature. Only keys of a bounded cost are used:

- RSA with a modulus of 1024 to 4096 bits (RFC 8301: verifiers must accept 1024 to
  4096; below 1024 is breakable) and the public exponent 65537 or 3. Every key
  generator in use (OpenSSL, opendkim-genkey, the big providers) writes 65537; 3 is
  accepted because it is cheaper still and harmless here: dkimpy compares the whole
  PKCS #1 v1.5 encoding it expects, so the small-exponent forgeries against lax parsers
  (Bleichenbacher 2006) do not apply. Verifying with 65537 and 4096 bits takes 17
  modular multiplications: about a millisecond.
- Ed25519 (RFC 8463): a fixed, small cost. (dkimpy verifies it only when PyNaCl is
  installed; without it such a signature is no proof, at no cost.)

Anything else (a bigger modulus, another exponent, an unknown k=, a record too long to be
one of these) is treated as no key: not a proof, and the mail is judged by its other
proofs. The record's length is bounded before it is parsed: dkimpy's ASN.1 reader is
quadratic in the length of an integer."""

from __future__ import annotations

import base64
import binascii

MIN_RSA_BITS = 1024
MAX_RSA_BITS = 4096
RSA_EXPONENTS = frozenset({65537, 3})
# A 4096-bit SubjectPublicKeyInfo is 550 bytes; a record may add notes (n=) to its key.
MAX_RECORD_BYTES = 4096
MAX_KEY_BYTES = 600
ED25519_KEY_BYTES = 32


def key_problem(record: bytes | str | None) -> str | None:
    """Why the DKIM key record `record` (a TXT value) will not be used, or None when its
    key is one the judge verifies with."""
    if not record:
        return "no key"
    if isinstance(record, str):
        record = record.encode("ascii", "replace")
    if len(record) > MAX_RECORD_BYTES:
        return f"a key record of {len(record)} bytes"
    from dkim.util import InvalidTagValueList, parse_tag_value

    try:
        tags = parse_tag_value(record)
    except InvalidTagValueList:
        return "a malformed key record"
    kind = tags.get(b"k", b"rsa").strip().lower()
    data = b"".join(tags.get(b"p", b"").split())
    if not data:
        return "a revoked key (empty p=)"
    try:
        key = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return "a key that is not base64"
    if kind == b"ed25519":
        return None if len(key) == ED25519_KEY_BYTES else "a malformed Ed25519 key"
    if kind != b"rsa":
        return f"an unknown key type k={kind.decode('ascii', 'replace')}"
    if len(key) > MAX_KEY_BYTES:
        return f"an RSA key of {len(key)} bytes"
    return _rsa_problem(key)


def _rsa_problem(der: bytes) -> str | None:
    # dkimpy's own reader: the key judged is the key it would use.
    from dkim.crypto import parse_public_key

    try:
        key = parse_public_key(der)
    except Exception:  # noqa: BLE001 - its reader raises many kinds
        return "an unreadable RSA key"
    bits = int(key["modulus"]).bit_length()
    if not MIN_RSA_BITS <= bits <= MAX_RSA_BITS:
        return f"an RSA key of {bits} bits"
    exponent = int(key["publicExponent"])
    if exponent not in RSA_EXPONENTS:
        return f"an RSA key with a {exponent.bit_length()}-bit exponent other than 3 or 65537"
    return None
