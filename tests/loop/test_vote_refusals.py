"""Who may not vote, and on what: each refusal names the rule and changes nothing (issue
24). Through the real pipeline; the board is test_votes.BOARD (France, Germany and Italy
survive; Austria, England, Russia and Turkey own nothing)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select, update

from gmbot.store.models import Event, Game
from tests.loop.test_commands import addr, ask
from tests.loop.test_votes import GM, OBSERVER, OPEN, game, standing, status_of


def refused(judge, sender: str, line: str) -> str:  # noqa: ANN001
    """The reason the judge gives for refusing `line`; nothing was stored or logged."""
    before = _logged(judge)
    text = ask(judge, sender, line + "\n")
    assert f"line 1: {line}\n  refused: " in text, text
    assert _logged(judge) == before
    return text.split("refused: ", 1)[1].split("\n")[0]


def _logged(judge) -> tuple:  # noqa: ANN001
    with judge.app.db.transaction() as s:
        kinds = tuple(s.scalars(select(Event.kind).where(Event.kind.like("vote%"))))
    return kinds, standing(judge)


def test_an_observer_does_not_vote(tmp_path: Path) -> None:
    judge = game(tmp_path)
    text = ask(judge, OBSERVER, "VOTE DRAW\n")
    assert "only the players of a game vote on how it ends, not its observers" in text
    assert standing(judge) == {} and status_of(judge) == "active"


def test_an_eliminated_power_does_not_vote(tmp_path: Path) -> None:
    judge = game(tmp_path)
    assert refused(judge, addr("AUSTRIA"), "VOTE DRAW") == \
        "AUSTRIA is out of the game: only FRANCE, GERMANY, ITALY vote on how it ends"


def test_a_named_draw_only_where_the_game_allows_it(tmp_path: Path) -> None:
    judge = game(tmp_path)  # named_draws: false by default
    assert refused(judge, addr("FRANCE"), "VOTE DRAW FRANCE GERMANY") == \
        "this game allows only draws of all survivors (votes: named_draws: false): write " \
        "VOTE DRAW"


def test_a_named_draw_names_surviving_powers_of_the_game(tmp_path: Path) -> None:
    judge = game(tmp_path, OPEN)
    assert refused(judge, addr("FRANCE"), "VOTE DRAW FRANCE SPAIN") == \
        "SPAIN is not a power of this game that a vote can name (surviving powers: " \
        "FRANCE, GERMANY, ITALY)"
    assert refused(judge, addr("FRANCE"), "DRAW FRANCE TURKEY") == \
        "TURKEY has been eliminated: a vote names surviving powers only (FRANCE, GERMANY, " \
        "ITALY)"


def test_no_concession_to_oneself_or_to_an_eliminated_power(tmp_path: Path) -> None:
    judge = game(tmp_path)
    assert refused(judge, addr("FRANCE"), "VOTE CONCEDE TO FRANCE") == \
        "you cannot concede the game to yourself"
    assert refused(judge, addr("FRANCE"), "CONCEDE RUSSIA").startswith(
        "RUSSIA has been eliminated")


def test_concessions_and_cancelling_only_where_the_game_allows_them(tmp_path: Path) -> None:
    judge = game(tmp_path, "votes: {concede: false, cancel: false}\n")
    assert refused(judge, addr("FRANCE"), "VOTE CONCEDE GERMANY") == \
        "this game allows no concessions (votes: concede: false)"
    assert refused(judge, addr("FRANCE"), "VOTE CANCEL") == \
        "this game cannot be cancelled by vote (votes: cancel: false)"


def test_no_vote_in_a_finished_game(tmp_path: Path) -> None:
    judge = game(tmp_path)
    ask(judge, GM, "DRAW\n")
    assert status_of(judge) == "finished"
    # A player of an ended game is answered with its end, his vote taken nowhere.
    text = ask(judge, addr("FRANCE"), "VOTE DRAW\n")
    assert text.startswith("The game is over.") and standing(judge) == {}


def test_no_vote_before_the_game_runs(tmp_path: Path) -> None:
    judge = game(tmp_path)
    with judge.app.db.transaction() as s:  # a game still open for sign-up (issue 24, 1)
        s.execute(update(Game).values(status="signup"))
    assert refused(judge, addr("FRANCE"), "VOTE DRAW") == \
        "game g has not started: votes are taken once it runs"


def test_the_gm_has_no_vote(tmp_path: Path) -> None:
    judge = game(tmp_path)
    assert refused(judge, GM, "VOTE DRAW").startswith("the game master has no vote; DRAW "
                                                      "ends the game at once")
    assert status_of(judge) == "active"


def test_a_vote_that_says_nothing_is_refused_with_its_usage(tmp_path: Path) -> None:
    judge = game(tmp_path)
    # VOTE followed by none of its words is no vote (a variant may have VOTE orders).
    for line in ("VOTE", "VOTE FOR PEACE"):
        text = ask(judge, addr("FRANCE"), line + "\n")
        assert f"line 1: {line} -- not a command; did you mean VOTE DRAW?" in text
    assert refused(judge, addr("FRANCE"), "VOTE DRAW NOW PLEASE") == \
        "this game allows only draws of all survivors (votes: named_draws: false): write " \
        "VOTE DRAW"
    assert refused(judge, addr("FRANCE"), "VOTE CONCEDE") == \
        "name the one power you concede to: VOTE CONCEDE TO FRANCE"
    assert refused(judge, addr("FRANCE"), "VOTE NONE OF THIS") == \
        "write it as VOTE DRAW, VOTE DRAW FRANCE GERMANY, VOTE CONCEDE TO FRANCE, " \
        "VOTE CANCEL or VOTE NONE"
    assert refused(judge, addr("FRANCE"), "SET ABSENT").startswith("SET takes DRAW")
    assert standing(judge) == {}
