"""DMARC's relaxed alignment (RFC 7489 3.1): two domains are aligned when they share
their organisational domain, the name just below its public suffix."""

from __future__ import annotations

from functools import lru_cache

from publicsuffixlist import PublicSuffixList


@lru_cache(maxsize=1)
def _psl() -> PublicSuffixList:
    # The list bundled with the package (no download at run time), read on first use:
    # reading it is a good part of a piped mail's start-up, and most checks need it not.
    return PublicSuffixList()


@lru_cache(maxsize=4096)
def organisational(domain: str) -> str:
    name = domain.strip().rstrip(".").lower()
    # A name that is itself a public suffix (or unknown to the list, as `localhost`) is
    # its own organisation.
    return _psl().privatesuffix(name) or name


def aligned(signer: str, author: str) -> bool:
    if not (signer and author):
        return False
    same = signer.strip().rstrip(".").lower() == author.strip().rstrip(".").lower()
    return same or organisational(signer) == organisational(author)
