"""Press blocks in a mail's lines, njudge's syntax and a little more:

    PRESS TO FRANCE, GERMANY          BROADCAST            PRESS GREY TO F G
    ...text...                        ...text...           ...text...
    ENDPRESS                          ENDPRESS             END PRESS

Header words: `TO <names>` (powers, role players' names, initials such as `FG`, `GM`),
`ALL` / `EVERYONE` (a broadcast), `ALL BUT <names>`, `GREY` / `GRAY` / `ANONYMOUS`,
`WHITE` / `SIGNED`, `FAKE AS <name>` (grey press signed with another name). Pure text:
names are resolved later, against the game (gmbot/press/names.py).

One line is enough for a short message: a colon after the header's names starts it,
`PRESS TO FRANCE: see you in Burgundy`, `BROADCAST: Russia offers peace`. Where an
ENDPRESS follows (before any other press header or PASSWORD line), the line opens a
longer message.

A PASSWORD line (`PASSWORD word`, or `PW word`, `PASS word`) ends a press message like
ENDPRESS, but stays in the mail to be read as its password: a secret is never relayed. An
ENDPRESS right after it is passed over."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

_HEADS = {"PRESS", "BROADCAST"}
_END = re.compile(r"^(END\s*-?\s*PRESS|ENDPRESS|END\s+OF\s+PRESS)\W*$", re.IGNORECASE)
_SPLIT = re.compile(r"[\s,;]+")
_GREY = {"GREY", "GRAY", "ANONYMOUS", "ANON"}
_WHITE = {"WHITE", "SIGNED"}
_ALL = {"ALL", "EVERYONE", "EVERYBODY"}
_FILLER = {"AND", "&", "+"}
_NAME = re.compile(r"[^\W_][\w.'/-]*")
_KEYWORDS = _GREY | _WHITE | _ALL | {"TO", "BUT", "EXCEPT", "FAKE", "AS"}


@dataclass(frozen=True)
class PressBlock:
    """One press message as written. `to` holds the names as written (empty with
    `broadcast`); `but` the names left out of a broadcast (njudge's partial press)."""

    line: int  # the header's line number among the mail's command lines
    header: str
    text: str
    broadcast: bool = False
    to: tuple[str, ...] = ()
    but: tuple[str, ...] = ()
    grey: bool | None = None  # None: the sender did not say (the game's default)
    fake_as: str | None = None
    problems: tuple[str, ...] = field(default=())  # what is wrong with the header
    unterminated: bool = False  # no ENDPRESS: the rest of the mail was taken as press
    ended_by_password: bool = False  # a PASSWORD line ended it (and was left out of it)
    # Where the text stands in the mail: `opening` written on the header line after its
    # colon, then command lines `first` to `last` (none when last < first), so the caller
    # can take them from the mail as written, blank and quoted lines included.
    opening: str = ""
    first: int = 0
    last: int = -1


def is_press_header(text: str) -> bool:
    words = text.split(None, 1)
    return bool(words) and words[0].upper().rstrip(":") in _HEADS


def some_names(words: list[str] | tuple[str, ...], shown: int = 5, width: int = 40) -> str:
    """The first few of a header's words, each cut short, for a problem's text: a header
    of 10,000 names is not repeated in the ack."""
    text = ", ".join(w if len(w) <= width else w[:width - 1] + "…" for w in words[:shown])
    return text + (f" …and {len(words) - shown:,} more" if len(words) > shown else "")


def is_password_line(text: str) -> bool:
    """A line that gives the mail's password: `PASSWORD word` (or `PASSWORD: word`),
    `PW word`; `PASS` only as `PASS word`, since prose may begin "Pass through Tyrolia"."""
    words = text.split()
    if len(words) < 2:
        return False
    head = words[0].upper().rstrip(":")
    return head in ("PASSWORD", "PW") or (head == "PASS" and len(words) == 2)


def split_press(lines: list[tuple[int, str]]) -> tuple[list[PressBlock], list[tuple[int, str]]]:
    """The press blocks among numbered lines, and the lines outside them (in order).
    No line inside a block is ever returned as a line outside: press is never read as
    orders or commands."""
    blocks: list[PressBlock] = []
    rest: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        number, text = lines[i]
        if not is_press_header(text):
            rest.append((number, text))
            i += 1
            continue
        header, opening = split_opening(text)
        end = i + 1
        while (end < len(lines) and not _END.match(lines[end][1])
               and not is_password_line(lines[end][1])):
            if opening and is_press_header(lines[end][1]):
                break  # a one-line message: the next press has begun
            end += 1
        one_line = bool(opening) and (end == len(lines) or not _END.match(lines[end][1]))
        if one_line:
            end = i + 1
        # Ended by a PASSWORD line: not consumed, so that it is read as the password.
        secret = (not one_line and end < len(lines) and not _END.match(lines[end][1]))
        body = "\n".join(x for x in [opening, *(t for _, t in lines[i + 1:end])] if x)
        block = parse_header(number, header, body,
                             unterminated=end == len(lines) and not one_line)
        if block.problems and (block.unterminated or one_line or secret):
            # "Press on to Moscow!" with no ENDPRESS after it: chatter, not a press header
            # that would swallow the orders below it.
            rest.append((number, text))
            i += 1
            continue
        first = lines[i + 1][0] if i + 1 < end else number + 1
        last = lines[end - 1][0] if i + 1 < end else number
        blocks.append(replace(block, opening=opening, first=first, last=last,
                              ended_by_password=secret))
        if one_line:
            i = end
        elif secret:
            rest.append(lines[end])  # the PASSWORD line, read as the password
            # An ENDPRESS right after it, meant to end the message, is passed over.
            after = end + 1 < len(lines) and _END.match(lines[end + 1][1])
            i = end + 2 if after else end + 1
        else:
            i = end + 1  # past ENDPRESS
    return blocks, rest


def split_opening(line: str) -> tuple[str, str]:
    """A press header line and the message begun on it after a colon: ("PRESS TO FRANCE",
    "see you in Burgundy"). The head's own colon (`PRESS: TO FRANCE`) is not the one,
    save for a broadcast, which names nobody: `BROADCAST: Russia offers peace`."""
    head, _, rest = line.strip().partition(" ")
    words = [w.upper().rstrip(":") for w in _SPLIT.split(rest) if w]
    if head.endswith(":") and head[:-1].upper() == "BROADCAST" and not set(words) <= _KEYWORDS:
        return head[:-1], rest.strip()
    before, colon, after = rest.partition(":")
    if colon and before.strip() and after.strip():
        return f"{head} {before.strip()}", after.strip()
    return line, ""


def parse_header(number: int, header: str, text: str, unterminated: bool = False) -> PressBlock:
    words = [w for w in _SPLIT.split(header.strip()) if w]
    head = words.pop(0).upper().rstrip(":")
    broadcast = head == "BROADCAST"
    to: list[str] = []
    but: list[str] = []
    grey: bool | None = None
    fake: str | None = None
    problems: list[str] = []
    target = to  # where names go: after TO, or after BUT
    i = 0
    while i < len(words):
        word = words[i].upper().rstrip(":")
        if word in _GREY:
            grey = True
        elif word in _WHITE:
            grey = False
        elif word == "TO" or word in _FILLER:
            pass
        elif word in _ALL:
            broadcast = True
        elif word in ("BUT", "EXCEPT"):
            target = but
        elif word == "FAKE":
            grey = True
            if i + 1 < len(words) and words[i + 1].upper() == "AS":
                i += 1
            if i + 1 < len(words):
                i += 1
                fake = words[i].upper()
            else:
                problems.append("FAKE needs a name: FAKE AS ENGLAND")
        else:
            target.append(word)
        i += 1
    odd = [w for w in to + but if not _NAME.fullmatch(w)]
    if odd:
        problems.append(f"not a player's name: {some_names(odd)}")
    if but and not broadcast:
        problems.append("BUT follows ALL: PRESS TO ALL BUT FRANCE")
    if broadcast and to:
        problems.append(f"a broadcast goes to everyone; drop {some_names(to)} "
                        "or write PRESS TO ALL BUT ...")
    if not broadcast and not to:
        problems.append("say who it is for: PRESS TO FRANCE, GERMANY (or BROADCAST)")
    if not text.strip():
        problems.append("the press message is empty")
    return PressBlock(line=number, header=header, text=text, broadcast=broadcast,
                      to=tuple(to), but=tuple(but), grey=grey, fake_as=fake,
                      problems=tuple(problems), unterminated=unterminated)
