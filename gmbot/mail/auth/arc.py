"""ARC (RFC 8617): a forwarder the judge's operator lists (`arc_forwarders:` in
gmbot.yaml: a mailing list, a university's alias service) seals what it saw when the
mail reached it, so a mail whose own DKIM signature broke on the way (a subject tag, a
footer) can still be proven. Such a seal counts only when

- the whole chain validates (cv=pass: every seal and the newest message signature),
  with at most MAX_SETS sets, each key of a bounded cost within the mail's DNS budget;
- the newest set is sealed and signed (ARC-Seal and ARC-Message-Signature d=) by a
  listed forwarder, and its message signature covers From, Message-ID and Date (else
  the forwarded mail could be sent again under a new Message-ID: a replay);
- what that forwarder recorded on arrival (its ARC-Authentication-Results) says, as a
  trusted Authentication-Results would (auth/results.py), dmarc=pass for the From
  domain, or, with no DMARC verdict, dkim=pass for a domain aligned with it.

Any other ARC, however valid, proves nothing: anyone can seal a chain with his own
domain's key, saying what he likes of what he received."""

from __future__ import annotations

import hashlib
import logging
import re

from gmbot.mail.auth.budget import DnsBudget
from gmbot.mail.auth.keys import TxtLookup
from gmbot.mail.auth.results import trusted_verdict
from gmbot.mail.auth.signatures import MAX_HEADER_FIELDS, bounded_keys

log = logging.getLogger("gmbot")

MAX_SETS = 5  # each costs two key lookups and two RSA steps; real chains hold one to three
_SEAL_FIELD = re.compile(rb"^arc-seal[ \t]*:", re.IGNORECASE | re.MULTILINE)
_INSTANCE = re.compile(r"^\s*i\s*=\s*\d+\s*;", re.IGNORECASE)


def sealed(raw: bytes) -> bool:
    """Whether the header section of `raw` carries an ARC-Seal at all."""
    end = min((i for i in (raw.find(b"\r\n\r\n"), raw.find(b"\n\n")) if i >= 0),
              default=len(raw))
    return _SEAL_FIELD.search(raw, 0, end) is not None


def forwarded_proof(raw: bytes, author_domain: str, forwarders: frozenset[str],
                    lookup: TxtLookup, budget: DnsBudget | None = None) -> str | None:
    """A digest of the newest seal (the same forwarded mail sent again has the same)
    when a listed forwarder's valid seal vouches for `author_domain`; else None."""
    if not forwarders or not author_domain or not sealed(raw):
        return None
    import dkim  # slow to import: only a sealed mail from a listed forwarder needs it

    try:
        arc = dkim.ARC(raw, minkey=1024, timeout=3)
        seals = [v for k, v in arc.headers if k.lower() == b"arc-seal"]
        if not seals or len(seals) > MAX_SETS or len(arc.headers) > MAX_HEADER_FIELDS:
            return None
        newest = max(_instance(v) for v in seals)
        ams = _tags(arc, b"arc-message-signature", newest)
        seal = _tags(arc, b"arc-seal", newest)
        sealer = seal.get(b"d", b"").decode("ascii", "replace").strip().lower()
        signer = ams.get(b"d", b"").decode("ascii", "replace").strip().lower()
        if sealer not in forwarders or signer not in forwarders:
            return None  # an unlisted forwarder's seal: its key is never fetched
        names = {n.strip().lower() for n in ams.get(b"h", b"").split(b":")}
        if not {b"from", b"message-id", b"date"} <= names:
            return None
        spend = budget if budget is not None else DnsBudget()
        cv, results, why = arc.verify(dnsfunc=bounded_keys(lookup, spend))
    except Exception as e:  # noqa: BLE001 - dkimpy raises many kinds on malformed ARC
        log.debug("ARC not checked: %s", e)
        return None
    if cv != dkim.CV_Pass or not results:
        log.debug("ARC chain of %s does not validate: %s", sealer, why)
        return None
    aar = results[0].get("aar-value", b"")
    verdict = _INSTANCE.sub("", aar.decode("utf-8", "replace"), count=1)
    # Whatever the forwarder's server calls itself: its seal vouches for its record.
    server = verdict.split(";", 1)[0].split()[:1]
    if not server or not trusted_verdict([("authentication-results", verdict)],
                                         frozenset({server[0].lower()}), author_domain):
        return None
    return hashlib.sha256(b"".join(seal.get(b"b", b"").split())).hexdigest()


def _instance(value: bytes) -> int:
    m = re.search(rb"(?:^|;)\s*i\s*=\s*(\d+)", value)
    return int(m.group(1)) if m else 0


def _tags(arc: object, name: bytes, instance: int) -> dict[bytes, bytes]:
    """The tags of the `name` field of set `instance` ({} when there is none)."""
    import dkim

    for k, v in getattr(arc, "headers", []):
        if k.lower() == name and _instance(v) == instance:
            return dict(dkim.util.parse_tag_value(v))
    return {}
