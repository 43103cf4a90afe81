"""Whether a mail proven by its signature was meant for the judge, and lately.

A DKIM signature (or a trusted server's verdict on it) proves who wrote a mail, not to
whom or when: a signed mail the player sent elsewhere (to another player, to a list)
verifies just as well when that receiver sends it on to the judge. Such a mail counts as
the player's orders only if it was addressed to the judge (To or Cc) and is recent (its
Date within RECENT_PAST before the judge's clock and RECENT_FUTURE after it).

What is read is the mail's single To, Cc and Date header: RFC 5322 allows one of each,
and a second one is refused (`problem`), so the header read is the one a signature
covering it signed (dkimpy verifies the bottom-most). Big providers sign To and Date
(Gmail, Yahoo) or at least Date (Outlook signs no To): where the signature does not
cover To, a receiver can rewrite it, and only the date still limits a replay. A missing
Date is no reason to refuse: where the signature covers Date, removing it breaks the
signature, and where it does not, a receiver could write any date anyway."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.utils import getaddresses, parsedate_to_datetime
from functools import lru_cache

RECENT_PAST = timedelta(days=7)  # mail servers retry for up to 5 days; the judge may be down
RECENT_FUTURE = timedelta(days=1)  # a sender's clock or time zone set wrong


@dataclass(frozen=True)
class Addressing:
    """To whom and when a mail says it was sent, as its headers read."""

    recipients: frozenset[str] = frozenset()  # To and Cc addresses, lower-cased
    date: datetime | None = None  # timezone-aware; None when the mail has no Date
    problem: str = ""  # why the headers cannot be believed at all (then nothing holds)


def addressing(fields: Iterable[tuple[str, str]]) -> Addressing:
    """The To, Cc and Date of a mail's header `fields` ((lower-cased name, value))."""
    found: dict[str, list[str]] = {"to": [], "cc": [], "date": []}
    for name, value in fields:
        if name in found:
            found[name].append(value)
    for name, values in found.items():
        if len(values) > 1:
            return Addressing(problem=f"{len(values)} {name.capitalize()} headers")
    try:
        recipients = _recipients(tuple(found["to"] + found["cc"]))
    except (TypeError, ValueError, IndexError):
        return Addressing(problem="an unreadable To or Cc")
    if not found["date"]:
        return Addressing(recipients)
    try:
        date = parsedate_to_datetime(found["date"][0])
    except (TypeError, ValueError, IndexError, OverflowError):
        return Addressing(recipients, problem="an unreadable Date")
    if date.tzinfo is None:  # "-0000": a date in UTC of an unknown zone (RFC 5322 3.3)
        date = date.replace(tzinfo=UTC)
    return Addressing(recipients, date)


# Kept by the headers' values: nearly every mail to the judge has the same To, and
# reading it with the email package was half of this check (benchmarks/ingest.py asked).
@lru_cache(maxsize=1024)
def _recipients(values: tuple[str, ...]) -> frozenset[str]:
    named = getaddresses(list(values))
    return frozenset(address.strip().lower() for _, address in named if "@" in address)


def addressed_to_judge(sent: Addressing, judge_addresses: Collection[str]) -> bool:
    """Whether To or Cc names one of `judge_addresses` (compared without case)."""
    if sent.problem:
        return False
    judges = {a.strip().lower() for a in judge_addresses if a}
    return bool(judges & sent.recipients)


def recent(sent: Addressing, now: datetime) -> bool:
    """Whether the Date is within the window around `now` (timezone-aware); a mail with
    no Date passes (see above), one with an unreadable or doubled Date does not."""
    if sent.problem:
        return False
    if sent.date is None:
        return True
    return now - RECENT_PAST <= sent.date <= now + RECENT_FUTURE
