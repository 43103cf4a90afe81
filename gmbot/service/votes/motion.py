"""A vote as a player writes it, read into a Motion: VOTE's words (DRAW, DRAW FRANCE
GERMANY, CONCEDE TO FRANCE, CANCEL, NONE) and the njudge and DPjudge forms that the
command table maps onto them (SET DRAW, SET CONCEDE FRANCE, plain DRAW and CONCEDE)."""

from __future__ import annotations

import re

from gmbot.service.deadline.motions import CANCEL, CONCEDE, DRAW, Motion
from gmbot.service.gm.errors import AdminError

USAGE = ("write it as VOTE DRAW, VOTE DRAW FRANCE GERMANY, VOTE CONCEDE TO FRANCE, "
         "VOTE CANCEL or VOTE NONE")
WITHDRAW = ("NONE", "WITHDRAW")
VOTE_WORDS = frozenset({"VOTE", "DRAW", "CONCEDE", "SET"})  # the command table's vote rows
# The words after VOTE that make a line a vote: any other VOTE line is an order line, so
# that a variant's own votes (Capitalist's VOTE A PAR (2), VOTE NO BUILD PAR) stay orders.
VOTE_TAKES = frozenset({"DRAW", "DIAS", "CONCEDE", "CONCESSION", "CANCEL", "ABANDON",
                        *WITHDRAW})


def power_words(words: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Powers as written after DRAW: "FRANCE GERMANY", "FRANCE/GERMANY", "France, Germany
    and Italy"; upper-cased, each once, sorted."""
    names = [w for w in re.split(r"[\s/,+&]+", " ".join(words).upper()) if w and w != "AND"]
    return tuple(sorted(set(names)))


def read_motion(words: tuple[str, ...]) -> Motion | None:
    """The Motion VOTE's words ask for; None: the vote is withdrawn."""
    if not words:
        raise AdminError(USAGE)
    head, rest = words[0].upper(), words[1:]
    if head in WITHDRAW and not rest:
        return None
    if head in ("DRAW", "DIAS"):
        return Motion(DRAW, power_words(rest))
    if head in ("CONCEDE", "CONCESSION"):
        return concession(rest)
    if head in ("CANCEL", "ABANDON") and not rest:
        return Motion(CANCEL)
    raise AdminError(USAGE)


def concession(words: tuple[str, ...]) -> Motion:
    """CONCEDE's words: "TO FRANCE" or "FRANCE"."""
    rest = [w.upper() for w in words]
    if rest and rest[0] == "TO":
        rest = rest[1:]
    if len(rest) != 1:
        raise AdminError("name the one power you concede to: VOTE CONCEDE TO FRANCE")
    return Motion(CONCEDE, (rest[0],))
