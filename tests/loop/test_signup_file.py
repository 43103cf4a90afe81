"""The game file's `signup:` and `takeover:` sections: a wrongly typed value, an open seat
without sign-up, seats that do not match the file are each a problem naming the field,
never a traceback; a sign-up game's file loaded again keeps it waiting, and once the game
has started, keeps the players who came by mail."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from gmbot.store.models import Game
from tests.loop.conftest import Cli
from tests.loop.joinkit import join, signup_game
from tests.loop.judgekit import POWERS, make_judge


def _load(cli: Cli, tmp_path: Path, text: str, ok: bool = False) -> str:
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    return str(cli("game", "load", str(path), ok=ok).output)


def test_wrong_values_name_their_field(cli: Cli, tmp_path: Path) -> None:
    out = _load(cli, tmp_path, signup_game(
        signup="{seats: seven, approval: maybe, close: soon, when: now}",
        extra="takeover: {approval: 2}"))
    assert "signup.seats: expected a whole number of seats, 1 or more, not 'seven'" in out
    assert "signup.approval: expected true or false, not 'maybe'" in out
    assert "signup.close: expected a date such as 2026-04-01" in out
    assert "signup.when: unknown key 'when'" in out
    assert "takeover.approval: expected true or false, not 2" in out
    assert "Traceback" not in out


def test_seats_must_match_the_open_powers(cli: Cli, tmp_path: Path) -> None:
    out = _load(cli, tmp_path, signup_game(
        signup="{seats: 3}", players="players:\n  - {address: a@example.test, power: FRANCE}"
        "\n  - {power: ATLANTIS}"))
    assert "signup.seats: the file leaves 6 powers without a player" in out
    assert "unknown power ATLANTIS" in out


def test_an_open_seat_needs_a_signup_section(cli: Cli, tmp_path: Path) -> None:
    players = "\n".join(f"  - {{address: {p.lower()}@example.test, power: {p}}}"
                        for p in POWERS if p != "FRANCE")
    text = signup_game(players=f"players:\n{players}\n  - {{power: FRANCE}}")
    text = text.replace("signup: {seats: 7}\n", "")
    out = _load(cli, tmp_path, text)
    assert "players[6].address: required" in out


def test_reloading_keeps_the_game_waiting_and_then_its_players(tmp_path: Path) -> None:
    from gmbot.service.gm.load import load_game

    text = signup_game(signup="{seats: 1}", players="players:\n" + "\n".join(
        f"  - {{address: {p.lower()}@example.test, power: {p}}}" for p in POWERS[1:]))
    judge = make_judge(tmp_path, text)
    path = tmp_path / "game.yaml"
    assert "open for sign-up: 1 seats (AUSTRIA)" in load_game(judge.app, path)
    join(judge, "new@example.org", "JOIN open")
    load_game(judge.app, path)  # started: the joiner keeps AUSTRIA
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game).where(Game.name == "open")).one()
        seats = {p.power: p.address for p in game.players if p.active}
        assert game.status == "active" and seats["AUSTRIA"] == "new@example.org"
        assert len(seats) == 7


def test_the_open_seats_stay_once_someone_joined(tmp_path: Path) -> None:
    import pytest

    from gmbot.gamefile import GameFileError
    from gmbot.service.gm.load import load_game

    seated = "\n".join(f"  - {{address: {p.lower()}@example.test, power: {p}}}"
                       for p in POWERS[2:])
    judge = make_judge(tmp_path, signup_game(signup="{seats: 2}",
                                             players=f"players:\n{seated}"))
    join(judge, "new@example.org", "JOIN open")
    path = tmp_path / "game.yaml"
    path.write_text(signup_game(signup="{seats: 1}", players=(
        f"players:\n{seated}\n  - {{address: austria@example.test, power: AUSTRIA}}")))
    with pytest.raises(GameFileError, match="1 players have joined game open: its open "
                                            r"seats \(AUSTRIA, ENGLAND\) can no longer change"):
        load_game(judge.app, path)
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game).where(Game.name == "open")).one()
        signup = game.settings.signup
        assert signup is not None and signup.open_powers == ("AUSTRIA", "ENGLAND")
