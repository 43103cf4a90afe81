"""Splitting an order mail into the game it is for, its password, its commands and its
order lines. Pure text handling: no store, no rules."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache

from gmbot.press.syntax import PressBlock, split_press

PLAYER_COMMANDS = {"HELP", "ORDERS", "STATUS", "CLEAR", "HISTORY", "BALANCE"}
GM_COMMANDS = {"PROCESS", "EXTEND", "PAUSE", "RESUME", "ROLLBACK", "REPLACE", "DRAW"}
_TAG = re.compile(r"\[([a-z0-9][a-z0-9-]*)\]", re.IGNORECASE)


@dataclass(frozen=True)
class Line:
    number: int  # 1-based position among the mail's command lines
    text: str


@dataclass(frozen=True)
class Command:
    name: str
    args: tuple[str, ...]
    line: Line


@dataclass
class Request:
    game: str | None = None
    password: str | None = None
    commands: list[Command] = field(default_factory=list)
    orders: list[Line] = field(default_factory=list)
    press: list[PressBlock] = field(default_factory=list)  # never read as orders

    def has(self, name: str) -> bool:
        return any(c.name == name for c in self.commands)


def game_from_subject(subject: str) -> str | None:
    m = _TAG.search(subject or "")
    return m.group(1).lower() if m else None


def parse_request(lines: tuple[str, ...] | list[str], subject: str = "") -> Request:
    req = Request(game=game_from_subject(subject))
    req.press, rest = split_press(list(enumerate(lines, 1)))
    for n, text in rest:
        words = text.split()
        if not words:
            continue
        head = words[0].upper().rstrip(":")
        if head == "GAME" and len(words) >= 2:
            req.game = words[1].lower().strip("[]")
        elif head in ("PASSWORD", "PASS", "PW") and len(words) >= 2:
            req.password = words[1]
        elif head in PLAYER_COMMANDS or head in GM_COMMANDS:
            req.commands.append(Command(head, tuple(words[1:]), Line(n, text)))
        else:
            req.orders.append(Line(n, text))
    return req


def near_command(text: str, gm: bool = False) -> str | None:
    """The command a short line most likely misspells ("STAUTS" -> STATUS), if any."""
    words = text.split()
    if not words or len(words) > 3:
        return None
    head = words[0].upper().rstrip(":")
    return _near_command(head, gm) if len(head) >= 4 else None


@lru_cache(maxsize=1024)  # a player's greeting and signature recur in his every mail
def _near_command(head: str, gm: bool) -> str | None:
    names = sorted(PLAYER_COMMANDS | (GM_COMMANDS if gm else set()))
    hits = difflib.get_close_matches(head, names, 1, 0.75)
    return hits[0] if hits else None
