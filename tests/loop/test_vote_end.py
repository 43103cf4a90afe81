"""How a vote ends a game beyond the vote that passes it: after a phase that eliminates
the last holdout, once only, with nothing lost when the judge dies in the middle (issue
24); the GM's named draw by mail and on the command line; SUMMARY and the game-over
reveal, and an anonymous game that never shows another player's address."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import gmbot.service.deadline.gameover as gameover
from tests.loop.test_commands import addr, ask, body
from tests.loop.test_votes import (
    EVERYONE,
    GM,
    events,
    game,
    standing,
    status_of,
)


class Killed(BaseException):
    """The process dies here: no handler of the judge catches it (as with kill -9)."""


def die_while_ending(monkeypatch: pytest.MonkeyPatch) -> None:
    """The next game-over mail queued kills the judge, in the middle of ending the game."""
    real = gameover.queue_mail

    def dying(*args, **kw):  # noqa: ANN002, ANN003, ANN202
        monkeypatch.setattr(gameover, "queue_mail", real)
        raise Killed

    monkeypatch.setattr(gameover, "queue_mail", dying)


def over_counts(judge) -> Counter:  # noqa: ANN001
    return Counter(m["To"] for m in judge.outbox()
                   if m["Subject"] and m["Subject"].startswith("[g] The game ends in a draw"))


def test_a_phase_that_eliminates_the_holdout_passes_the_others_draw(tmp_path: Path) -> None:
    judge = game(tmp_path)
    ask(judge, addr("FRANCE"), "VOTE DRAW\nA PIE - VEN\nA PAR H\n")
    ask(judge, addr("GERMANY"), "VOTE DRAW\n")
    assert status_of(judge) == "active"  # Italy, owning Venice, has not voted
    judge.send(GM, "PROCESS\n", subject="[g] go")
    judge.tick()
    assert status_of(judge) == "finished"
    [passed] = events(judge, "vote_passed")
    assert passed["phase"] == "W1901A" and passed["voters"] == ["FRANCE", "GERMANY"]
    assert over_counts(judge) == Counter(EVERYONE)
    text = body(next(m for m in judge.outbox() if m["To"] == addr("ITALY")
                     and m["Subject"] == "[g] The game ends in a draw"))
    assert "the players have voted a draw in Winter 1901 Adjustment" in text
    assert "shared by the surviving powers: FRANCE, GERMANY." in text
    judge.clock.advance(days=30)
    assert judge.tick().processed == [] and over_counts(judge) == Counter(EVERYONE)


def test_killed_while_the_last_vote_ends_the_game_loses_nothing_and_ends_it_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    judge = game(tmp_path)
    ask(judge, addr("FRANCE"), "VOTE DRAW\n")
    ask(judge, addr("GERMANY"), "VOTE DRAW\n")
    die_while_ending(monkeypatch)
    judge.send(addr("ITALY"), "VOTE DRAW\n", subject="[g] vote")
    with pytest.raises(Killed):
        judge.tick()
    # The vote, the end and its mails are one transaction: none of it happened...
    assert status_of(judge) == "active" and "ITALY" not in standing(judge)
    assert over_counts(judge) == Counter()
    judge.reopen()  # ... and the restarted judge reads the mail again and does it all once.
    judge.tick()
    assert status_of(judge) == "finished"
    judge.tick()
    assert over_counts(judge) == Counter(EVERYONE)
    assert len(events(judge, "vote_passed")) == 1 and len(events(judge, "game_over")) == 1


def test_killed_while_a_phase_passes_the_votes_ends_the_game_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    judge = game(tmp_path)
    ask(judge, addr("FRANCE"), "VOTE DRAW\nA PIE - VEN\nA PAR H\n")
    ask(judge, addr("GERMANY"), "VOTE DRAW\n")
    die_while_ending(monkeypatch)
    judge.send(GM, "PROCESS\n", subject="[g] go")
    with pytest.raises(Killed):
        judge.tick()  # the GM's PROCESS is done; the phase processed dies in the ending
    # The phase, its results and the end are one transaction: none of them happened.
    assert status_of(judge) == "active" and events(judge, "phase_processed") == []
    judge.reopen()
    judge.tick()
    judge.tick()
    assert status_of(judge) == "finished"
    assert over_counts(judge) == Counter(EVERYONE)
    assert len(events(judge, "phase_processed")) == 1 and len(events(judge, "game_over")) == 1
    results = Counter(m["To"] for m in judge.outbox()
                      if "Fall 1901 Movement results" in str(m["Subject"]))
    assert sorted(results) == EVERYONE and set(results.values()) == {1}
