"""A mail's refused lines as its order set keeps them (OrderSet.errors): each line's number
in the mail, the line, the reason, and, when a later line of the mail gave its unit an
order that stands, that unit (the player corrected the line himself: engine/corrections.py;
it does not hold early processing, views/readiness.py). Rows are JSON arrays; rows kept
before the unit was (and a bot's, and the row counting the lines not listed) have three
items, and hold as they did."""

from __future__ import annotations

from typing import Any

import msgspec


class RefusedLine(msgspec.Struct, array_like=True, frozen=True):
    number: int | None  # the line's number in the mail, when it came from one
    line: str
    reason: str
    corrected: str | None = None  # the unit a later line of the mail ordered


def refused_lines(errors: list[Any] | None) -> list[RefusedLine]:
    """A set's stored rows, read."""
    return msgspec.convert(errors or [], list[RefusedLine])


def stored(refused: RefusedLine) -> list[Any]:
    """The row a refused line is kept as: three items unless it was corrected."""
    row: list[Any] = msgspec.to_builtins(refused)
    return row if refused.corrected is not None else row[:3]


def holds(errors: list[Any] | None) -> bool:
    """Whether a set's refused lines hold early processing: any that was not corrected."""
    return any(r.corrected is None for r in refused_lines(errors))
