"""A PASSWORD line in the press syntax: it ends a press message and stays among the mail's
lines, to be read as the password; prose that merely begins with "Pass" does not."""

from __future__ import annotations

import pytest

from gmbot.press.syntax import is_password_line, split_press
from gmbot.service.inbound.commands.parse import parse_request


def lines(text: str) -> list[tuple[int, str]]:
    return list(enumerate(text.splitlines(), 1))


@pytest.mark.parametrize(("line", "secret"), [
    ("PASSWORD abc", True), ("password: abc", True), ("PW abc", True), ("Pass abc", True),
    ("PASSWORD abc please", True), ("Pass through Tyrolia", False), ("PASSWORD", False),
    ("Passing Tyrolia is fine", False), ("PW, are you there?", False),
])
def test_which_lines_give_a_password(line: str, secret: bool) -> None:
    assert is_password_line(line) is secret


def test_a_password_line_ends_press_and_is_read_as_the_password() -> None:
    req = parse_request(["PRESS TO GERMANY", "Let us ally.", "PASSWORD abc", "A PAR - BUR"])
    (block,) = req.press
    assert block.text == "Let us ally." and (block.first, block.last) == (2, 2)
    assert block.ended_by_password and not block.unterminated
    assert req.password == "abc"
    assert [o.text for o in req.orders] == ["A PAR - BUR"]


def test_an_endpress_right_after_the_password_still_ends_the_message() -> None:
    (block,), rest = split_press(lines("BROADCAST\nPeace.\nPW abc\nENDPRESS\nA PAR H"))
    assert block.text == "Peace." and block.ended_by_password
    assert rest == [(3, "PW abc"), (5, "A PAR H")]


def test_a_header_line_message_stays_one_line_before_a_password() -> None:
    (block,), rest = split_press(lines("PRESS TO FRANCE: Dear Kaiser,\nmore\nPASSWORD abc\n"
                                       "ENDPRESS"))
    assert block.text == "Dear Kaiser," and not block.ended_by_password
    assert [t for _, t in rest] == ["more", "PASSWORD abc", "ENDPRESS"]


def test_chatter_before_a_password_swallows_nothing() -> None:
    blocks, rest = split_press(lines("Press on to Moscow!\nA WAR - MOS\nPASSWORD abc"))
    assert blocks == [] and len(rest) == 3
