"""DKIM (RFC 6376) with DMARC's relaxed alignment: a mail is vouched for by the domain
of its From address when one of its signatures verifies for that organisation.

A signature is tried only when it could prove this mail, and what it costs is bounded
before it is tried (see docs/security.md):
- at most MAX_SIGNATURES per mail, and only those aligned with the From domain;
- its h= must list From (RFC 6376 6.1.1), Message-ID and Date (else the same mail sent
  again under a new Message-ID is a replay no one can tell from a fresh mail), and at
  most MAX_SIGNED_HEADERS names;
- with l= it must cover the whole canonicalised body: orders added after the signed
  length are not signed, so such a signature proves nothing of this mail;
- the key lookup is bounded by the DNS budget (auth/budget.py), and the key must be one
  of a bounded cost (auth/keyrecord.py), checked before dkimpy uses it;
- a header section of more than MAX_HEADER_FIELDS fields is not checked at all
  (dkimpy's choice of the signed headers costs fields x h= names)."""

from __future__ import annotations

import hashlib
import logging
import re
from typing import TYPE_CHECKING

from gmbot.mail.auth.budget import DnsBudget, bounded_lookup
from gmbot.mail.auth.domains import aligned
from gmbot.mail.auth.keyrecord import key_problem
from gmbot.mail.auth.keys import TxtLookup

if TYPE_CHECKING:
    from dkim import DKIM

log = logging.getLogger("gmbot")

MAX_SIGNATURES = 5  # each may cost a key lookup; real mail carries one to three
MAX_SIGNED_HEADERS = 64  # real signatures list 5 to 30 names (oversigning included)
MAX_HEADER_FIELDS = 500  # real mail has tens; a long Received chain adds a few tens


def aligned_signer(raw: bytes, author_domain: str, lookup: TxtLookup,
                   budget: DnsBudget | None = None) -> tuple[str, str] | None:
    """The signing domain of the first signature that verifies and is aligned with
    `author_domain`, and a digest of that signature (its b= value: the same signed mail
    sent again under any Message-ID has the same), or None. Unaligned signatures are not
    even checked: they prove nothing about the author (a mailing list's, a forwarder's,
    an attacker's own).
    Key lookups spend `budget` (none given: unbounded but for each lookup's timeout)."""
    if not author_domain or not _signed(raw):
        return None
    # Imported here: dkimpy takes a tenth of a second to import, and most mail that comes
    # with a trusted verdict or a reply token needs no signature checked.
    import dkim

    try:
        checker = dkim.DKIM(raw, minkey=1024, timeout=3)
        signatures = [v for k, v in checker.headers if k.lower() == b"dkim-signature"]
    except Exception:  # noqa: BLE001 - dkimpy's parser raises many kinds on bad mail
        return None
    if len(checker.headers) > MAX_HEADER_FIELDS:
        log.debug("DKIM not checked: %d header fields", len(checker.headers))
        return None
    key = bounded_keys(lookup, budget if budget is not None else DnsBudget())
    bodies: dict[bytes, int] = {}
    for index, value in enumerate(signatures[:MAX_SIGNATURES]):
        tags = _tags(value)
        domain = tags.get(b"d", b"").decode("ascii", "replace").strip().lower()
        if not domain or not aligned(domain, author_domain):
            continue
        problem = _unprovable(tags, checker, bodies)
        if problem:
            log.debug("DKIM signature %d of d=%s proves nothing: %s", index, domain, problem)
            continue
        try:
            if checker.verify(idx=index, dnsfunc=key):
                b_value = b"".join(tags.get(b"b", b"").split())
                return domain, hashlib.sha256(b_value).hexdigest()
        except dkim.DKIMException as e:
            log.debug("DKIM signature %d of d=%s fails: %s", index, domain, e)
    return None


def bounded_keys(lookup: TxtLookup, spend: DnsBudget) -> TxtLookup:
    """A dkimpy `dnsfunc` that spends `spend` and answers no key for a key of unbounded
    cost (auth/keyrecord.py)."""
    def key(name: bytes | str, timeout: float = 3) -> bytes | None:
        record = bounded_lookup(lookup, name, spend)
        problem = key_problem(record) if record else None
        if problem:
            log.debug("DKIM key %r not used: %s", name, problem)
            return None
        return record

    return key


def _unprovable(tags: dict[bytes, bytes], checker: DKIM, bodies: dict[bytes, int]) -> str:
    """Why a signature, whatever its key says, cannot prove this mail; "" if it may."""
    names = [n.strip().lower() for n in tags.get(b"h", b"").split(b":") if n.strip()]
    if b"from" not in names:
        return "From is not signed (h=)"
    if b"message-id" not in names or b"date" not in names:
        # Unsigned, they can be changed: the same signed mail sent again under a new
        # Message-ID would pass as a fresh one (a replay; docs/security.md).
        return "Message-ID and Date are not both signed (h=)"
    if len(names) > MAX_SIGNED_HEADERS:
        return f"{len(names)} names in h="
    if b"l" in tags:
        length = tags[b"l"].strip()
        if not length.isdigit():
            return "a malformed l="
        body = _body_length(tags.get(b"c", b"simple/simple"), checker, bodies)
        if body is None:
            return "an unknown c="
        if int(length) < body:
            return f"l={int(length)} signs {int(length)} of the body's {body} bytes"
    return ""


def _body_length(c_value: bytes, checker: DKIM, bodies: dict[bytes, int]) -> int | None:
    """The length of the body as canonicalised for a signature with c=`c_value` (which
    ignores trailing empty lines, and with relaxed, trailing spaces), cached per form."""
    from dkim.canonicalization import CanonicalizationPolicy, InvalidCanonicalizationPolicyError

    try:
        policy = CanonicalizationPolicy.from_c_value(c_value.strip())
    except InvalidCanonicalizationPolicyError:
        return None
    form = policy.to_c_value()
    if form not in bodies:
        bodies[form] = len(policy.canonicalize_body(checker.body))
    return bodies[form]


_SIGNATURE_FIELD = re.compile(rb"^dkim-signature[ \t]*:", re.IGNORECASE | re.MULTILINE)


def _signed(raw: bytes) -> bool:
    """Whether the header section has a DKIM-Signature field at all."""
    end = min((i for i in (raw.find(b"\r\n\r\n"), raw.find(b"\n\n")) if i >= 0),
              default=len(raw))
    return _SIGNATURE_FIELD.search(raw, 0, end) is not None


def _tags(value: bytes) -> dict[bytes, bytes]:
    import dkim

    try:
        return dkim.util.parse_tag_value(value)
    except Exception:  # noqa: BLE001 - a malformed signature proves nothing
        return {}
