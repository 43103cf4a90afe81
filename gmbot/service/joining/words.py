"""The sign-up commands of a mail (LIST, JOIN, OBSERVE, TAKEOVER), read from its lines in
njudge's and DPjudge's forms too: SIGN ON game, SIGNON game, TAKE OVER game POWER. Only
the first few are read: a mail of a thousand JOIN lines is one request."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

VERBS = {"LIST": "LIST", "JOIN": "JOIN", "SIGNON": "JOIN", "SIGN-ON": "JOIN",
         "OBSERVE": "OBSERVE", "TAKEOVER": "TAKEOVER", "TAKE-OVER": "TAKEOVER",
         "UNOBSERVE": "UNOBSERVE", "QUIET": "QUIET"}
TWO_WORDS = {("SIGN", "ON"): "JOIN", ("TAKE", "OVER"): "TAKEOVER"}
MOST = 5  # sign-up commands read from one mail


@dataclass(frozen=True)
class Ask:
    verb: str  # LIST | JOIN | OBSERVE | TAKEOVER | UNOBSERVE | QUIET
    args: tuple[str, ...]  # the words after it, as written
    line: str  # the line, clipped: for the store's event, never for the answer
    number: int = 0  # its line in the mail's own text: what the answer names


def read_asks(lines: Sequence[str]) -> list[Ask]:
    """The sign-up commands among `lines` (the mail's own lines, quoting taken out)."""
    found: list[Ask] = []
    for number, text in enumerate(lines[:200], 1):
        words = text.split()[:12]
        if not words:
            continue
        head = words[0].upper().rstrip(":")
        if len(words) >= 2 and (head, words[1].upper()) in TWO_WORDS:
            found.append(Ask(TWO_WORDS[head, words[1].upper()],
                             tuple(_clean(w) for w in words[2:]), text.strip()[:80], number))
        elif head in VERBS:
            found.append(Ask(VERBS[head], tuple(_clean(w) for w in words[1:]),
                             text.strip()[:80], number))
        if len(found) >= MOST:
            break
    return found


def _clean(word: str) -> str:
    """njudge writes a game after a '?' at times, and powers come with commas."""
    return word.strip(",;").lstrip("?").strip("[]")
