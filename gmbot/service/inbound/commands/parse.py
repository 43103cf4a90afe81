"""Splitting an order mail into the game it is for, its password, its commands and its
order lines (a Request), and guessing the command a line misspells. Pure text handling:
no store, no rules; the command words are the command table's (table.py)."""

from __future__ import annotations

import re

from gmbot.press.syntax import split_press
from gmbot.service.inbound.commands import table
from gmbot.service.inbound.commands.request import Command, Line, Request

_TAG = re.compile(r"\[([a-z0-9][a-z0-9-]*)\]", re.IGNORECASE)


def game_from_subject(subject: str) -> str | None:
    m = _TAG.search(subject or "")
    return m.group(1).lower() if m else None


def parse_request(lines: tuple[str, ...] | list[str], subject: str = "") -> Request:
    req = Request(game=game_from_subject(subject))
    req.press, rest = split_press(list(enumerate(lines, 1)))
    commands = table.TABLE.by_name  # read at the call: a test may give the judge another
    for n, text in rest:
        words = text.split()
        if not words:
            continue
        head = words[0].upper().rstrip(":")
        if head == "GAME" and len(words) >= 2:
            req.game = words[1].lower().strip("[]")
        elif head in ("PASSWORD", "PASS", "PW") and len(words) >= 2:
            req.password = words[1]
        elif head == "SET" and len(words) >= 2 and words[1].upper() == "ABSENCE" \
                and "ABSENCE" in commands:
            # njudge's form: SET ABSENCE from TO to
            req.commands.append(Command("ABSENCE", tuple(words[2:]), Line(n, text)))
        elif head in commands and commands[head].claims(words[1:]):
            req.commands.append(Command(head, tuple(words[1:]), Line(n, text)))
        else:
            req.orders.append(Line(n, text))
    return req


def near_command(text: str, gm: bool = False,
                 powers: dict[str, str] | None = None) -> str | None:
    """The command a short line most likely misspells ("STAUTS" -> STATUS), if any: of the
    players' commands, or (`gm`) of all; a command's name followed by words it does not
    take ("VOTE FOR PEACE") is offered as the command written right ("VOTE DRAW")."""
    words = text.split()
    if not words or len(words) > 3:
        return None
    head = words[0].upper().rstrip(":")
    row = table.TABLE.by_name.get(head)
    if row is not None:  # its name, but not the words it takes: "VOTE FOR PEACE"
        return table.spelt(row.synopsis, powers)  # the game's powers, else standard's
    return table.TABLE.near(head, gm) if len(head) >= 4 else None
