"""The game file's `votes:` section: how the players may end their game by vote
(docs/votes.md). Each key is a yes/no; a key left out takes the default a GM would pick:
secret votes, draws of all survivors only (the hobby's usual "draws include all
survivors"), concessions and cancelling by vote allowed."""

from __future__ import annotations

from typing import Any

import msgspec


class VoteRules(msgspec.Struct, frozen=True, kw_only=True):
    """As the game keeps them (GameSettings.votes); a key a game stored before it existed
    lacks takes its default."""

    secret: bool = True  # players learn only how many have voted, never who or what
    named_draws: bool = False  # a draw may name some survivors (VOTE DRAW FRANCE GERMANY)
    concede: bool = True  # VOTE CONCEDE TO FRANCE
    cancel: bool = True  # VOTE CANCEL: the game is abandoned, with no result


VOTE_KEYS = VoteRules.__struct_fields__


def check_votes(value: Any) -> tuple[VoteRules | None, list[tuple[str, str]]]:
    """The section read, with its problems as (sub-path, message) pairs."""
    if value is None:
        return VoteRules(), []
    if not isinstance(value, dict):
        return None, [("", "expected a mapping, e.g. {secret: true, named_draws: false}")]
    problems: list[tuple[str, str]] = []
    read: dict[str, bool] = {}
    for key, item in value.items():
        if key not in VOTE_KEYS:
            problems.append((str(key), f"unknown key (allowed: {', '.join(VOTE_KEYS)})"))
        elif not isinstance(item, bool):
            problems.append((str(key), f"expected true or false, not {item!r}"))
        else:
            read[key] = item
    return (None if problems else VoteRules(**read)), problems
