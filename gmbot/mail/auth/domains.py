"""DMARC's relaxed alignment (RFC 7489 3.1): two domains are aligned when they share
their organisational domain, the name just below its public suffix."""

from __future__ import annotations

from functools import lru_cache

from publicsuffixlist import PublicSuffixList

_PSL = PublicSuffixList()  # the list bundled with the package: no download at run time


@lru_cache(maxsize=4096)
def organisational(domain: str) -> str:
    name = domain.strip().rstrip(".").lower()
    # A name that is itself a public suffix (or unknown to the list, as `localhost`) is
    # its own organisation.
    return _PSL.privatesuffix(name) or name


def aligned(signer: str, author: str) -> bool:
    return bool(signer and author) and organisational(signer) == organisational(author)
