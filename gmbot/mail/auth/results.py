"""Authentication-Results headers (RFC 8601) written by a server the judge trusts.

Only the topmost run of headers from a trusted authserv-id counts: a trusted server adds
its own above everything the sender wrote, so a header the sender forged in that
server's name sits below it and is ignored (RFC 8601 section 5 asks the server to strip
them too; not every one does)."""

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
    run: list[authres.AuthenticationResultsHeader] = []
    for name, value in fields:
        # Only a trusted server's headers are parsed at all: the authserv-id comes first.
        header = None
        if name == "authentication-results":
            ident = value.split(";", 1)[0].split()[:1]  # the id, maybe then a version
            if ident and ident[0].lower() in trusted_ids:
                header = _parse(value)
        if header is not None and header.authserv_id.lower() in trusted_ids:
            run.append(header)
        elif run:
            break  # the end of the trusted server's own headers
    for header in run:
        for result in header.results:
            if result.result.lower() != "pass":
                continue
            props = {f"{p.type}.{p.name}".lower(): (p.value or "").lower()
                     for p in result.properties}
            method = result.method.lower()
            if method == "dmarc" and aligned(props.get("header.from", ""), author_domain):
                return "dmarc"
            if method == "dkim" and aligned(props.get("header.d", "")
                                            or props.get("header.i", "").rsplit("@", 1)[-1],
                                            author_domain):
                return "dkim"
    return None


@lru_cache(maxsize=1024)  # a server's verdicts for one domain often read the same
def _parse(value: str) -> authres.AuthenticationResultsHeader | None:
    try:
        return authres.AuthenticationResultsHeader.parse(
            "Authentication-Results: " + " ".join(value.split()))
    except Exception:  # noqa: BLE001 - authres raises its own and plain errors on junk
        return None
