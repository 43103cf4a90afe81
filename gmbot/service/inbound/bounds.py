"""How much of a mail a reply repeats. However large the mail (up to
limits.max_message_bytes) and however many of its lines are junk, the reply stays about
the size of a useful one: a flood of bad lines must not buy a flood of text (mail
amplification), nor the store keep what nobody reads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

LISTED = 20  # rejected or ignored lines listed, one by one, in a reply
ECHO = 200  # characters of one line of the mail repeated in a reply
REPLY_CHARS = 200_000  # a whole reply; only a runaway one gets near this

T = TypeVar("T")


def clip(text: str, limit: int = ECHO) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def listed(items: Sequence[T], limit: int = LISTED) -> tuple[list[T], int]:
    """The first `limit` items, and how many more there are."""
    return list(items[:limit]), max(0, len(items) - limit)


def more(count: int) -> str:
    return f"…and {count:,} more"


def rejections(rejected: Sequence[tuple[int | None, str, str]]
               ) -> tuple[list[tuple[int | None, str, str]], int]:
    """An acknowledgement's rejected lines as it lists them: the first LISTED, each line
    and reason clipped, and how many more were rejected."""
    shown, rest = listed(rejected)
    return [(n, clip(line), clip(why)) for n, line, why in shown], rest


def cap_reply(text: str) -> str:
    """The last guard: a reply cut at REPLY_CHARS, saying so."""
    if len(text) <= REPLY_CHARS:
        return text
    cut = text.rfind("\n", 0, REPLY_CHARS)
    cut = cut if cut > 0 else REPLY_CHARS
    return text[:cut] + f"\n\n(The rest of this reply, {len(text) - cut:,} characters, " \
        "was left out: it was too long.)\n"
