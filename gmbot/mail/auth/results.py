"""Authentication-Results headers (RFC 8601) written by a server the judge trusts.

Only the topmost header with a trusted authserv-id counts, and its verdict is final: a
trusted server adds its own above everything the sender wrote, so any header in that
server's name further down may be the sender's forgery (RFC 8601 section 5 asks the
server to strip them; not every one does), however it reads. In that header a DMARC
result, when there is one, decides alone: `dmarc=pass` for the From domain proves the
author, anything else (fail, none, temperror...) proves nothing, whatever else it says;
without a DMARC result, `dkim=pass` for an aligned domain proves him.

A server that writes its verdicts in several headers (OpenDKIM and OpenDMARC as two
milters each add one) is read by its topmost header only: put the one with the DMARC
verdict on top, or use a server that writes one header (rspamd, Gmail, Fastmail...)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import authres

from gmbot.mail.auth.domains import aligned


def trusted_verdict(fields: Iterable[tuple[str, str]], trusted_ids: frozenset[str],
                    author_domain: str) -> str | None:
    """The proof a trusted header gives for `author_domain` ('dmarc' or 'dkim'), or None.
    `fields` are the mail's headers as (lower-cased name, value), topmost first."""
    if not trusted_ids or not author_domain:
        return None
    header = _topmost(fields, trusted_ids)
    if header is None:
        return None
    dmarc = [r for r in header.results if r.method.lower() == "dmarc"]
    if dmarc:
        # The server's verdict on the From domain: every one of them must pass.
        if all(r.result.lower() == "pass"
               and aligned(_props(r).get("header.from", ""), author_domain) for r in dmarc):
            return "dmarc"
        return None
    for result in header.results:
        if result.method.lower() != "dkim" or result.result.lower() != "pass":
            continue
        props = _props(result)
        if aligned(props.get("header.d", "") or props.get("header.i", "").rsplit("@", 1)[-1],
                   author_domain):
            return "dkim"
    return None


def _topmost(fields: Iterable[tuple[str, str]],
             trusted_ids: frozenset[str]) -> authres.AuthenticationResultsHeader | None:
    """The topmost Authentication-Results header with a trusted authserv-id, parsed; None
    when there is none, or when it cannot be parsed (then nothing below may stand in)."""
    for name, value in fields:
        if name != "authentication-results":
            continue
        # Only a trusted server's headers are parsed at all: the authserv-id comes first.
        ident = value.split(";", 1)[0].split()[:1]  # the id, maybe then a version
        if ident and ident[0].lower() in trusted_ids:
            header = _parse(value)
            if header is None or header.authserv_id.lower() not in trusted_ids:
                return None
            return header
    return None


def _props(result: authres.core.AuthenticationResult) -> dict[str, str]:
    return {f"{p.type}.{p.name}".lower(): (p.value or "").lower() for p in result.properties}


@lru_cache(maxsize=1024)  # a server's verdicts for one domain often read the same
def _parse(value: str) -> authres.AuthenticationResultsHeader | None:
    try:
        return authres.AuthenticationResultsHeader.parse(
            "Authentication-Results: " + " ".join(value.split()))
    except Exception:  # noqa: BLE001 - authres raises its own and plain errors on junk
        return None
