"""A Capitalist game started past the opening (created at a later phase, or loaded
mid-game) shows no line of the capital phase or the opening vote: they belong only to the
phases that have them. A game at its capital phase shows both."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, body, make_judge
from tests.loop.test_capitalist_mail import addr, capitalist_game, yaml_position

EXAMPLE = Path(__file__).resolve().parents[2] / "gmbot/variants/capitalist/example.yaml"
OPENING = ("every capital needs 1 to 3 of your 10 votes", "opening vote", "Winter 1897")
CAPITALS = ("CAPITALS", "capital phase")


def help_of(judge: Judge, power: str, game: str) -> str:
    judge.send(addr(power), "HELP\n", subject=f"[{game}] help")
    judge.tick()
    [reply] = judge.to(addr(power), judge.new_mail())
    return " ".join(body(reply).split())


def welcome_of(judge: Judge, power: str) -> str:
    return " ".join(body(next(m for m in judge.welcomes if m["To"] == addr(power))).split())


def test_a_game_started_in_spring_1899_shows_no_opening_lines(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, capitalist_game(yaml_position()))  # S1899M
    for text in (welcome_of(judge, "ENGLAND"), help_of(judge, "ENGLAND", "g")):
        for words in (*OPENING, *CAPITALS):
            assert words not in text, words
        assert "BRIBE" in text and "VOTE" in text  # the rest of Capitalist's lines stay


def test_a_game_at_its_capital_phase_shows_both(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, EXAMPLE.read_text(encoding="utf-8"))  # W1896A
    for text in (welcome_of(judge, "ENGLAND"), help_of(judge, "ENGLAND", "capitalist-example")):
        for words in (*OPENING, *CAPITALS):
            assert words in text, words
