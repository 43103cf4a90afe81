"""How much press one mail, and one sender in an hour, may make the judge relay: the game
file's `press:` keys `per_mail` and `per_hour`, each counting press messages (blocks),
the copies they queue (recipients, GM copies and observers' copies) and the bytes of
their text. Without them one mail of 2,000 `BROADCAST: x` lines would queue 16,000 mails.
Pure: the caller counts what was relayed; this says whether one more message fits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

FIELDS = ("messages", "copies", "bytes")


class Allowance(msgspec.Struct, frozen=True, kw_only=True):
    """At most this much press: messages, the copies they queue, the bytes of their text."""

    messages: int
    copies: int
    bytes: int

    def text(self) -> str:
        return (f"{self.messages} messages ({self.copies} mails delivered, "
                f"{self.bytes:,} bytes)")


# A real player sends a few messages to a few powers per mail; a broadcast in a standard
# game is 6 players' copies, the GM's and the observers'. These leave him room for that
# and more, and bound a hostile mail to a few dozen mails queued.
PER_MAIL = Allowance(messages=10, copies=60, bytes=50_000)
PER_HOUR = Allowance(messages=30, copies=200, bytes=150_000)


@dataclass
class Used:
    """What a sender has relayed so far (in this mail, or in the last hour)."""

    messages: int = 0
    copies: int = 0
    bytes: int = 0

    def add(self, copies: int, size: int) -> None:
        self.messages += 1
        self.copies += copies
        self.bytes += size


def over(allowance: Allowance, used: Used, copies: int, size: int, per: str) -> str | None:
    """Why one more message of `copies` copies and `size` bytes does not fit in
    `allowance` (`per`: "mail" or "hour"), or None."""
    if used.messages + 1 > allowance.messages:
        return most_messages(allowance.messages, per)
    if used.copies + copies > allowance.copies:
        return (f"it would make {copies} copies, and this game queues at most "
                f"{allowance.copies} press copies per {per} ({used.copies} so far)")
    if used.bytes + size > allowance.bytes:
        return (f"it is {size:,} bytes, and this game relays at most {allowance.bytes:,} "
                f"bytes of press per {per} ({used.bytes:,} so far)")
    return None


def most_messages(count: int, per: str) -> str:
    return f"this game relays at most {count} press message{'s' * (count != 1)} per {per}"


def check(data: Any, default: Allowance) -> tuple[Allowance | None, list[tuple[str, str]]]:
    """The game file's `per_mail` or `per_hour` mapping checked: each of messages, copies
    and bytes a whole number of at least 1 (what is left out keeps its default)."""
    if data is None:
        return default, []
    if not isinstance(data, dict):
        return None, [("", "expected a mapping, e.g. {messages: 10, copies: 60, "
                           "bytes: 50000}")]
    problems = [(str(k), f"unknown key {k!r} (allowed: {', '.join(FIELDS)})")
                for k in data if k not in FIELDS]
    values: dict[str, int] = {}
    for key in FIELDS:
        value = data.get(key, getattr(default, key))
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            problems.append((key, f"{value!r}: a whole number, at least 1"))
        else:
            values[key] = value
    if problems:
        return None, problems
    return Allowance(**values), []


def check_keys(section: dict[str, Any]) -> tuple[dict[str, Allowance],
                                                 list[tuple[str, str]]]:
    """The `per_mail` and `per_hour` keys of a `press:` mapping checked: the allowances it
    writes, and the problems found (each with its path below `press`)."""
    written: dict[str, Allowance] = {}
    problems: list[tuple[str, str]] = []
    for key, default in (("per_mail", PER_MAIL), ("per_hour", PER_HOUR)):
        allowance, wrong = check(section.get(key), default)
        problems += [(f"{key}.{sub}" if sub else key, message) for sub, message in wrong]
        if allowance is not None and key in section:
            written[key] = allowance
    return written, problems


def broadcast_problems(per_mail: Allowance, per_hour: Allowance,
                       broadcast_copies: int) -> list[tuple[str, str]]:
    """A game whose limits leave no room for one broadcast (a copy for every player, the
    GM and every observer) would refuse every broadcast: said when the file is loaded."""
    return [(f"{name}.copies",
             f"{allowance.copies} copies leave no room for one broadcast, which makes "
             f"{broadcast_copies} (every player, the GM and every observer)")
            for name, allowance in (("per_mail", per_mail), ("per_hour", per_hour))
            if allowance.copies < broadcast_copies]
