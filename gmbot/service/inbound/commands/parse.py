"""Splitting an order mail into the game it is for, its password, its commands and its
order lines (a Request), guessing the command a line misspells, and finding the command
that ends a line of prose. Pure text handling: no store, no rules; the command words are
the command table's (table.py)."""

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


def command_after_prose(text: str) -> str | None:
    """The whole command that ends a line of chatter after a sentence end ("Let's end
    this. DRAW"), as written, or None. It is answered, never run: the prose before it may
    take it back ("I won't. RESIGN").

    A command's bare name is one ("That's a draw. Draw"); with words after it, only words
    the table's row claims (VOTE DRAW, not "Vote for peace") or, for a command whose words
    are free (STATUS, HELP, BACK...), words written in capitals as HELP writes them
    ("RESIGN FRANCE"): "Status quo", "Help me out" and "Back home" are English."""
    # Here, not at the top: the engine's vocabulary is read only for such a line, not by
    # every mail that imports the parser (the gates' pre-routing, a refused stranger's).
    from gmbot.engine.vocabulary import after_sentence_ends

    for tail in after_sentence_ends(text):
        words = tail.split()
        row = table.TABLE.by_name.get(words[0].upper().rstrip(":"))
        if row is not None and row.claims(words[1:]) and (
                len(words) == 1 or row.takes or all(w == w.upper() for w in words[1:])):
            return tail
    return None
