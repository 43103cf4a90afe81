"""DKIM key lookups: bounded in time and cached, so a slow or hostile name server costs
each lookup at most a few seconds (and each mail and batch at most their DNS budget:
auth/budget.py), and a game's players (a handful of domains) cost one lookup per key
per hour however many mails they send."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable

TxtLookup = Callable[..., bytes | None]  # dkimpy's dnsfunc: (name, timeout=...) -> TXT

LOOKUP_SECONDS = 3.0  # the whole lookup, retries included (dnspython's lifetime)
CACHE_SECONDS = 3600.0  # keys change rarely; selectors are rotated by publishing new ones
MISS_SECONDS = 300.0  # a missing key or a failed lookup, tried again sooner
CACHE_SIZE = 2048


def resolve_txt(name: bytes | str, timeout: float = LOOKUP_SECONDS) -> bytes | None:
    """The TXT record at `name` through the system's resolver, or None."""
    # Imported here: dnspython is a good part of a piped mail's start-up, and only a
    # DKIM signature needs it.
    import dns.exception
    import dns.resolver

    qname = name.decode("ascii") if isinstance(name, bytes) else name
    try:
        answer = dns.resolver.resolve(qname, "TXT", lifetime=min(timeout, LOOKUP_SECONDS),
                                      raise_on_no_answer=False, search=False)
    except (dns.exception.DNSException, OSError):
        return None
    for rrset in answer.response.answer:
        for item in rrset:
            strings = getattr(item, "strings", None)
            if strings:
                return b"".join(strings)
    return None


class KeyCache:
    """A dkimpy `dnsfunc` that remembers answers (and misses, for less long)."""

    def __init__(self, lookup: TxtLookup = resolve_txt,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.lookup = lookup
        self.clock = clock
        self._entries: OrderedDict[bytes, tuple[float, bytes | None]] = OrderedDict()
        self._lock = threading.Lock()

    def cached(self, name: bytes | str) -> tuple[bool, bytes | None]:
        """(True, the answer) when `name` is cached and fresh, else (False, None)."""
        key = name.encode("ascii") if isinstance(name, str) else bytes(name)
        with self._lock:
            hit = self._entries.get(key)
            if hit is not None and hit[0] > self.clock():
                self._entries.move_to_end(key)
                return True, hit[1]
        return False, None

    def __call__(self, name: bytes | str, timeout: float = LOOKUP_SECONDS) -> bytes | None:
        key = name.encode("ascii") if isinstance(name, str) else bytes(name)
        now = self.clock()
        hit, cached = self.cached(key)
        if hit:
            return cached
        value = self.lookup(key, timeout=min(timeout, LOOKUP_SECONDS))
        with self._lock:
            self._entries[key] = (now + (CACHE_SECONDS if value else MISS_SECONDS), value)
            while len(self._entries) > CACHE_SIZE:
                self._entries.popitem(last=False)
        return value
