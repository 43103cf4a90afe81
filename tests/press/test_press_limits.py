"""The press limits in the game file's `press:` section: read with their defaults, stored
and read back, checked with the line of every problem, and never so low that a broadcast
could not go."""

from __future__ import annotations

import msgspec
import pytest

from gmbot.gamefile import GameFileError, parse_game_text
from gmbot.gamefile.settings.press import PressRules
from gmbot.press.limits import PER_HOUR, PER_MAIL, Allowance, Used, over

GAME = """name: g
variant: standard
gm: gm@example.org
judge: judge@example.org
players:
  - {address: a@example.org, power: FRANCE}
  - {address: b@example.org, power: GERMANY}
"""


def test_the_limits_default_and_what_the_file_says_replaces_only_its_own_keys() -> None:
    assert parse_game_text(GAME).press == PressRules()
    assert (PressRules().per_mail, PressRules().per_hour) == (PER_MAIL, PER_HOUR)
    spec = parse_game_text(GAME + "press:\n  per_mail: {copies: 12}\n"
                                  "  per_hour: {messages: 5, bytes: 9000}\n")
    assert spec.press.per_mail == Allowance(messages=PER_MAIL.messages, copies=12,
                                            bytes=PER_MAIL.bytes)
    assert spec.press.per_hour == Allowance(messages=5, copies=PER_HOUR.copies, bytes=9000)
    # Stored in the game's row as plain data and read back alike; an older row without
    # them gets the defaults.
    assert msgspec.convert(msgspec.to_builtins(spec.press), PressRules) == spec.press
    assert msgspec.convert({"allowed": "public"}, PressRules).per_hour == PER_HOUR


@pytest.mark.parametrize(("extra", "line", "message"), [
    ("press:\n  per_mail: {messages: 0}\n", 9, "press.per_mail.messages: 0: a whole number"),
    ("press:\n  per_hour: {bytes: lots}\n", 9, "press.per_hour.bytes: 'lots': a whole number"),
    ("press:\n  per_hour: {mails: 3}\n", 9, "press.per_hour.mails: unknown key 'mails'"),
    ("press:\n  per_mail: 10\n", 9, "press.per_mail: expected a mapping"),
    ("press:\n  per_mail: {copies: 1}\n", 9,
     "press.per_mail.copies: 1 copies leave no room for one broadcast, which makes 2"),
    ("observers: [c@example.org, d@example.org]\npress:\n  per_hour: {copies: 3}\n", 10,
     "press.per_hour.copies: 3 copies leave no room for one broadcast, which makes 4"),
])
def test_wrong_limits_are_named_with_their_line(extra: str, line: int, message: str) -> None:
    with pytest.raises(GameFileError) as e:
        parse_game_text(GAME + extra)
    assert any(message in str(p) and p.line == line for p in e.value.problems), \
        e.value.problems


def test_one_more_message_fits_or_says_which_limit_it_passes() -> None:
    allowance = Allowance(messages=3, copies=10, bytes=100)
    used = Used()
    assert over(allowance, used, copies=10, size=100, per="mail") is None
    used.add(copies=8, size=40)
    assert "at most 10 press copies per mail (8 so far)" in str(
        over(allowance, used, copies=3, size=1, per="mail"))
    assert "at most 100 bytes of press per mail (40 so far)" in str(
        over(allowance, used, copies=2, size=61, per="mail"))
    used.add(copies=0, size=0)
    used.add(copies=0, size=0)
    assert "at most 3 press messages per hour" in str(
        over(allowance, used, copies=0, size=0, per="hour"))
