"""Observers (the game file's `observers:`) learn of the GM's public actions as players
do, and never of anything private: no player's orders, no address, no power's welcome, no
late notice, no private press. Through the real pipeline on the local Maildir."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from gmbot.service.gm.load import load_game
from tests.loop.judgekit import Judge, make_judge, standard_game
from tests.loop.test_commands import GM, addr, ask, body, play_spring

OBSERVER = "watcher@example.test"


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    game = standard_game(extra=f"observers: [{OBSERVER}]\n")
    return make_judge(tmp_path, game.replace("  early: true", "  early: true\n  grace: 12h"))


def seen(judge: Judge, word: str = "") -> list[EmailMessage]:
    """The observer's mails so far whose subject has `word`."""
    return [m for m in judge.outbox() if m["To"] == OBSERVER and word in m["Subject"]]


def assert_public(text: str) -> None:
    """Nothing of any player's own in what an observer reads."""
    assert "@" not in text  # no address, the new player's least of all
    assert "kept for you" not in text and "no orders for" not in text
    assert "Your orders" not in text and "You (" not in text
    assert "You receive the game's public mail as an observer; a mail to the judge with the " \
        "line UNOBSERVE g stops it." in text


def test_an_observer_of_the_game_file_is_told_once_and_so_is_one_added_by_a_reload(
        judge: Judge, tmp_path: Path) -> None:
    (told,) = [m for m in judge.welcomes if m["To"] == OBSERVER]
    assert told["Subject"] == "[g] You observe game g"
    text = body(told)
    assert "you give no orders" in text
    assert "The game is in Spring 1901 Movement; the deadline is Wed 4 Mar 2026 09:00 UTC." \
        in text
    assert_public(text)
    # The GM adds a second observer to the file and loads it again: only he is told.
    path = tmp_path / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        f"observers: [{OBSERVER}]", f"observers: [{OBSERVER}, late@example.test]"),
        encoding="utf-8")
    load_game(judge.app, path)
    judge.tick()
    assert [m["To"] for m in judge.new_mail() if "You observe" in m["Subject"]] == [
        "late@example.test"]
    load_game(judge.app, path)  # the same file again: nobody new, nobody told
    judge.tick()
    assert [m for m in judge.new_mail() if "You observe" in m["Subject"]] == []


def test_extend_pause_and_resume_reach_the_observer(judge: Judge, cli) -> None:  # noqa: ANN001
    assert [m["Subject"] for m in judge.welcomes if m["To"] == OBSERVER] == [
        "[g] You observe game g"]  # he has no seat: no welcome with a power
    assert "7 players told" in ask(judge, GM, "EXTEND 24h\n")
    (extended,) = seen(judge, "Deadline extended")
    assert extended["Subject"] == "[g] Deadline extended: S1901M"
    assert "New deadline: Thu 5 Mar 2026 09:00 UTC." in body(extended)
    assert_public(body(extended))

    cli("game", "pause", "g")
    judge.tick()
    (paused,) = seen(judge, "Game paused")
    assert paused["Subject"] == "[g] Game paused in S1901M"
    assert "nothing will be processed until the game resumes" in body(paused)
    assert_public(body(paused))

    cli("game", "resume", "g")
    judge.tick()
    (resumed,) = seen(judge, "Game resumed")
    assert resumed["Subject"].startswith("[g] Game resumed: S1901M due")
    assert_public(body(resumed))


def test_rollback_tells_the_observer_without_anyones_orders(judge: Judge) -> None:
    play_spring(judge)
    reply = ask(judge, GM, "ROLLBACK S1901M\n")
    assert "7 players told" in reply  # players are counted; the observer comes on top
    (rolled,) = seen(judge, "Rolled back")
    text = body(rolled)
    assert "rolled game g back to S1901M" in text and "New deadline:" in text
    assert "A PAR - BUR" not in text and "A MUN - RUH" not in text
    assert_public(text)


def test_replace_tells_the_observer_who_changed_hands_but_not_to_whom(
        judge: Judge, cli) -> None:  # noqa: ANN001
    cli("game", "replace", "g", "italy", "Luca Rossi <luca@example.test>")
    judge.tick()
    mails = seen(judge)
    assert [m["Subject"] for m in mails] == ["[g] New player for ITALY"]  # not "no longer"
    assert "luca" not in body(mails[0]).lower()
    assert_public(body(mails[0]))


def test_the_draw_reaches_the_observer_and_reminders_and_late_notices_do_not(
        judge: Judge) -> None:
    for hours in (30, 20):  # past the 24h reminder, then into the grace period
        judge.clock.advance(hours=hours)
        judge.tick()
    subjects = [m["Subject"] for m in judge.to(addr("FRANCE"))]
    assert any("Reminder" in s for s in subjects) and any("You are late" in s for s in subjects)
    assert seen(judge) == []
    ask(judge, GM, "DRAW\n")
    over = seen(judge, "draw")
    assert len(over) == 1 and "The game is over." in body(over[0])


def test_private_press_never_reaches_the_observer(judge: Judge) -> None:
    judge.send(addr("FRANCE"), "PRESS TO GERMANY: secret\n", subject="[g] x")
    judge.send(addr("FRANCE"), "BROADCAST: public\n", subject="[g] x")
    judge.tick()
    assert [m["Subject"] for m in seen(judge)] == ["[g] Broadcast from France"]
    assert "secret" not in body(seen(judge)[0])
