"""Time spent waiting on DNS for DKIM keys, bounded per mail and per batch of mails.

A stranger's name server may stall every lookup for its full timeout, mail after mail.
A `DnsBudget` holds the seconds of waiting a batch may still spend; `share` carves a
per-mail part out of it (spending the part spends the whole). `bounded_lookup` asks the
key lookup only while the budget lasts, waits at most what is left (the lookup runs in a
thread of its own, so even one that ignores its timeout is not waited for longer), and
charges the time waited. A spent budget answers "no key" at once: not a proof, and the
mail is judged by its other proofs. Answers already cached (`KeyCache`) cost nothing and
are given even when the budget is spent."""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable

from gmbot.mail.auth.keys import LOOKUP_SECONDS, KeyCache, TxtLookup

log = logging.getLogger("gmbot")

MAIL_DNS_SECONDS = 3.0  # one full lookup; honest mail needs one key, in milliseconds
BATCH_DNS_SECONDS = 10.0  # a batch of up to 50 mails (daemon/loop.py BATCH)


class DnsBudget:
    """Seconds of DNS waiting still allowed; thread-safe."""

    def __init__(self, seconds: float = math.inf, parent: DnsBudget | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.spent = 0.0
        self.parent = parent
        self.clock = clock
        self._lock = threading.Lock()

    def remaining(self) -> float:
        with self._lock:
            left = self.seconds - self.spent
        return min(left, self.parent.remaining()) if self.parent else left

    def charge(self, seconds: float) -> None:
        with self._lock:
            self.spent += seconds
        if self.parent:
            self.parent.charge(seconds)

    def share(self, seconds: float) -> DnsBudget:
        """A part of this budget of at most `seconds` (for one mail)."""
        return DnsBudget(seconds, parent=self, clock=self.clock)


def bounded_lookup(lookup: TxtLookup, name: bytes | str, budget: DnsBudget) -> bytes | None:
    """The TXT record at `name` by `lookup`, within what is left of `budget`; None when
    the budget is spent, the wait runs out, or the lookup fails."""
    if isinstance(lookup, KeyCache):
        hit, value = lookup.cached(name)
        if hit:
            return value
    left = min(budget.remaining(), LOOKUP_SECONDS)
    if left <= 0:
        log.debug("DKIM key %r not looked up: the DNS time budget is spent", name)
        return None
    answer: list[bytes | None] = []
    done = threading.Event()

    def ask() -> None:
        try:
            answer.append(lookup(name, timeout=left))
        except Exception as e:  # noqa: BLE001 - a failed lookup is no key, whatever failed
            log.debug("DKIM key lookup of %r failed: %s", name, e)
        finally:
            done.set()

    start = budget.clock()
    # A daemon thread per lookup, not a pool: a pool's workers do not survive a fork, and
    # a lookup that never returns must not hold up the process's exit.
    threading.Thread(target=ask, name="dkim-key-lookup", daemon=True).start()
    finished = done.wait(left)
    budget.charge(max(0.0, budget.clock() - start))
    if not finished:
        log.debug("DKIM key lookup of %r gave up after %.1f s", name, left)
        return None
    return answer[0] if answer else None
