"""DKIM (RFC 6376) with DMARC's relaxed alignment: a mail is vouched for by the domain
of its From address when one of its signatures verifies for that organisation."""

from __future__ import annotations

import logging
import re

from gmbot.mail.auth.domains import aligned
from gmbot.mail.auth.keys import TxtLookup

log = logging.getLogger("gmbot")

MAX_SIGNATURES = 5  # each may cost a key lookup; real mail carries one to three


def aligned_signer(raw: bytes, author_domain: str, lookup: TxtLookup) -> str | None:
    """The signing domain of the first signature that verifies and is aligned with
    `author_domain`, or None. Unaligned signatures are not even checked: they prove
    nothing about the author (a mailing list's, a forwarder's, an attacker's own)."""
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
    for index, value in enumerate(signatures[:MAX_SIGNATURES]):
        domain = _signing_domain(value)
        if not domain or not aligned(domain, author_domain):
            continue
        try:
            if checker.verify(idx=index, dnsfunc=lookup):
                return domain
        except dkim.DKIMException as e:
            log.debug("DKIM signature %d of d=%s fails: %s", index, domain, e)
    return None


_SIGNATURE_FIELD = re.compile(rb"^dkim-signature[ \t]*:", re.IGNORECASE | re.MULTILINE)


def _signed(raw: bytes) -> bool:
    """Whether the header section has a DKIM-Signature field at all."""
    end = min((i for i in (raw.find(b"\r\n\r\n"), raw.find(b"\n\n")) if i >= 0),
              default=len(raw))
    return _SIGNATURE_FIELD.search(raw, 0, end) is not None


def _signing_domain(value: bytes) -> str:
    import dkim

    try:
        tags = dkim.util.parse_tag_value(value)
    except Exception:  # noqa: BLE001 - a malformed signature proves nothing
        return ""
    return tags.get(b"d", b"").decode("ascii", "replace").strip().lower()
