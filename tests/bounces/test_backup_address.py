"""A player's other address (`backup:`), where he is warned when his mail bounces: an
address, and not his own."""

from __future__ import annotations

import pytest

from gmbot.gamefile import GameFileError, parse_game_text

GAME = """\
name: g1
variant: standard
gm: gm@example.org
judge: judge@example.org
players:
  - {{address: a@example.org, power: ENGLAND, backup: {backup}}}
"""


def problems(backup: str) -> list[str]:
    with pytest.raises(GameFileError) as info:
        parse_game_text(GAME.format(backup=backup), "games/x.yaml")
    return [str(p) for p in info.value.problems]


def test_a_backup_address_is_kept() -> None:
    spec = parse_game_text(GAME.format(backup="a.home@example.net"), "games/x.yaml")
    assert spec.players[0].backup == "a.home@example.net"


def test_a_backup_must_be_an_address() -> None:
    assert problems("home") == [
        "games/x.yaml:6: players[0].backup: not an email address: 'home'"]


def test_a_backup_must_be_another_address() -> None:
    assert problems("A@example.org") == [
        "games/x.yaml:6: players[0].backup: give another address than the player's own"]
