"""Votes on how a game ends (issue 24, item 4), through the real pipeline on the local
Maildir: cast, changed and withdrawn by mail in every accepted form, refused with the rule
for those who may not vote, counted when every voter agrees, and the end mailed once to
everyone."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from gmbot.store.models import Event, Game, Vote
from tests.loop.judgekit import POWERS, Judge, make_judge, standard_game
from tests.loop.test_commands import addr, ask, body

GM = "gm@example.test"
OBSERVER = "watcher@example.test"
# Three survivors; Austria, England, Russia and Turkey own nothing: eliminated.
BOARD = """position:
  phase: F1901M
  units:
    FRANCE: [A PIE, A PAR]
    GERMANY: [A BER]
  centers:
    FRANCE: [PAR, MAR, BRE]
    GERMANY: [BER, MUN, KIE]
    ITALY: [VEN]
"""
SURVIVORS = ("FRANCE", "GERMANY", "ITALY")


def game(tmp_path: Path, votes: str = "", extra: str = "") -> Judge:
    text = standard_game(extra=BOARD + f"observers: [{OBSERVER}]\n" + votes + extra)
    judge = make_judge(tmp_path, text)
    judge.new_mail()
    return judge


def status_of(judge: Judge) -> str:
    with judge.app.db.transaction() as s:
        return s.scalars(select(Game.status)).one()


def standing(judge: Judge) -> dict[str, tuple[str, list[str]]]:
    with judge.app.db.transaction() as s:
        return {v.voter: (v.kind, list(v.powers)) for v in s.scalars(select(Vote))}


def events(judge: Judge, kind: str) -> list[dict]:
    with judge.app.db.transaction() as s:
        return list(s.scalars(select(Event.data).where(Event.kind == kind)
                              .order_by(Event.id)))


def game_over_mails(judge: Judge) -> list:
    return [m for m in judge.outbox() if "[g] The game" in m["Subject"]
            and "wins" not in m["Subject"] and m["In-Reply-To"] is None]


EVERYONE = sorted([addr(p) for p in POWERS] + [GM, OBSERVER])

OPEN = "votes: {secret: false, named_draws: true}\n"


def test_an_open_draw_passes_when_every_survivor_votes_and_everyone_is_told(
        tmp_path: Path) -> None:
    judge = game(tmp_path, OPEN)
    assert "done: your vote for a draw of all survivors is recorded; it stands from phase " \
           "to phase" in ask(judge, addr("FRANCE"), "VOTE DRAW\n")
    told = [m for m in judge.outbox() if m["Subject"] == "[g] FRANCE votes for a draw of "
                                                          "all survivors"]
    assert sorted(m["To"] for m in told) == EVERYONE  # open: who and what, to all
    assert "1 of 3 voters have a vote standing" in body(told[0])
    # The njudge and DPjudge forms count the same.
    ask(judge, addr("GERMANY"), "SET DRAW\n")
    status = ask(judge, addr("ITALY"), "STATUS\n")
    assert "Votes on ending the game (open): 2 of 3 voters have voted" in status
    assert "  FRANCE: a draw of all survivors\n  GERMANY: a draw of all survivors\n" \
           "  not voted: ITALY" in status
    last = ask(judge, addr("ITALY"), "DRAW\n")
    assert "done: your vote for a draw of all survivors is the last one needed: game g " \
           "ends in a draw in F1901M: FRANCE, GERMANY, ITALY" in last
    assert status_of(judge) == "finished"
    over = [m for m in judge.outbox() if m["Subject"] == "[g] The game ends in a draw"]
    assert sorted(m["To"] for m in over) == EVERYONE
    text = body(over[0])
    assert "the players have voted a draw in Fall 1901 Movement" in text
    assert "The draw is shared by the surviving powers: FRANCE, GERMANY, ITALY." in text
    # The final map rides along, as with every results mail.
    assert any(part.get_content_type() == "image/png" for part in over[0].walk())
    assert "Who played whom:\n  AUSTRIA\n" in text  # no addresses: the file did not opt in
    assert events(judge, "vote_passed")[0]["powers"] == list(SURVIVORS)
    assert standing(judge) == {}  # spent
    assert "refused: game g is already over" in ask(judge, GM, "DRAW\n")


def test_secret_votes_show_players_only_a_count_and_their_own(tmp_path: Path) -> None:
    judge = game(tmp_path)  # secret by default
    ask(judge, addr("FRANCE"), "VOTE DRAW\n")
    assert judge.new_mail() == []  # nobody is told of a secret vote
    mine = ask(judge, addr("FRANCE"), "STATUS\n")
    assert "Votes on ending the game (secret): 1 of 3 voters have voted" in mine
    assert "your vote: a draw of all survivors" in mine
    other = ask(judge, addr("GERMANY"), "STATUS\n")
    assert "1 of 3 voters have voted" in other and "your vote: none" in other
    assert "FRANCE: a draw" not in other and "draw of all survivors" not in other
    # The GM sees who voted what.
    assert "  FRANCE: a draw of all survivors\n" in ask(judge, GM, "STATUS\n")
    ask(judge, addr("GERMANY"), "VOTE DRAW\n")
    ask(judge, addr("ITALY"), "VOTE DRAW\n")
    assert status_of(judge) == "finished"
    over = body(next(m for m in judge.outbox() if m["To"] == addr("ITALY")
                     and m["Subject"] == "[g] The game ends in a draw"))
    assert "the players have voted a draw" in over


def test_a_vote_stands_until_changed_or_withdrawn(tmp_path: Path) -> None:
    judge = game(tmp_path)
    ask(judge, addr("FRANCE"), "VOTE DRAW\n")
    assert standing(judge) == {"FRANCE": ("draw", [])}
    ask(judge, addr("FRANCE"), "VOTE CONCEDE TO GERMANY\n")
    assert standing(judge) == {"FRANCE": ("concede", ["GERMANY"])}
    # SET NODRAW withdraws a draw vote only; SET NOCONCEDE this one.
    assert "no such vote standing" in ask(judge, addr("FRANCE"), "SET NODRAW\n")
    assert "done: your vote is withdrawn" in ask(judge, addr("FRANCE"), "SET NOCONCEDE\n")
    assert standing(judge) == {}
    ask(judge, addr("FRANCE"), "VOTE CANCEL\n")
    assert "done: your vote is withdrawn" in ask(judge, addr("FRANCE"), "VOTE NONE\n")
    # Across a phase: the vote made in Fall still stands in the Winter.
    ask(judge, addr("FRANCE"), "VOTE DRAW\n")
    judge.send(GM, "PROCESS\n", subject="[g] go")
    judge.tick()
    assert standing(judge) == {"FRANCE": ("draw", [])}
    assert "your vote: a draw of all survivors" in ask(judge, addr("FRANCE"), "STATUS\n")


def test_a_concession_passes_when_every_other_voter_concedes(tmp_path: Path) -> None:
    judge = game(tmp_path)
    ask(judge, addr("GERMANY"), "VOTE DRAW\n")  # the winner's own vote does not count
    ask(judge, addr("FRANCE"), "CONCEDE GERMANY\n")
    assert status_of(judge) == "active"  # Italy has not conceded
    last = ask(judge, addr("ITALY"), "SET CONCEDE GERMANY\n")
    assert "is the last one needed: game g ends in F1901M: conceded to GERMANY" in last
    over = [m for m in judge.outbox()
            if m["Subject"] == "[g] The game is over: conceded to GERMANY"]
    assert sorted(m["To"] for m in over) == EVERYONE
    assert "the players have conceded the game to GERMANY in Fall 1901 Movement" in \
        body(over[0])
    summary = ask(judge, addr("FRANCE"), "SUMMARY\n")
    assert "Fall 1901 Movement: conceded to GERMANY by the players' vote" in summary


def test_the_players_may_cancel_the_game(tmp_path: Path) -> None:
    judge = game(tmp_path)
    for power in SURVIVORS:
        ask(judge, addr(power), "VOTE CANCEL\n")
    over = [m for m in judge.outbox() if m["Subject"] == "[g] The game is cancelled"]
    assert sorted(m["To"] for m in over) == EVERYONE
    assert "the players have voted to cancel the game in Fall 1901 Movement" in body(over[0])


def test_a_named_draw_passes_when_every_voter_names_the_same_powers(tmp_path: Path) -> None:
    judge = game(tmp_path, OPEN)
    ask(judge, addr("FRANCE"), "VOTE DRAW FRANCE/GERMANY\n")
    ask(judge, addr("GERMANY"), "VOTE DRAW GERMANY, FRANCE\n")
    assert status_of(judge) == "active"  # Italy has not voted for it
    ask(judge, addr("ITALY"), "VOTE DRAW FRANCE GERMANY\n")
    assert status_of(judge) == "finished"
    text = body(next(m for m in judge.outbox() if m["To"] == addr("ITALY")
                     and m["Subject"] == "[g] The game ends in a draw"))
    assert "The draw is shared by the powers named in it: FRANCE, GERMANY." in text


def test_a_seat_left_open_is_not_waited_for_and_its_power_shares_the_draw(
        tmp_path: Path) -> None:
    """Italy's player resigns: nobody can vote for Italy, so France and Germany's votes
    are enough, and Italy, still on the board, shares the draw of all survivors."""
    judge = game(tmp_path, OPEN)
    ask(judge, addr("ITALY"), "RESIGN ITALY\n")
    ask(judge, addr("FRANCE"), "VOTE DRAW\n")
    status = ask(judge, addr("GERMANY"), "STATUS\n")
    assert "Votes on ending the game (open): 1 of 2 voters have voted" in status
    assert "  not voted: GERMANY" in status
    last = ask(judge, addr("GERMANY"), "VOTE DRAW\n")
    assert "is the last one needed: game g ends in a draw in F1901M: FRANCE, GERMANY, " \
           "ITALY" in last
    over = [m for m in judge.outbox() if m["Subject"] == "[g] The game ends in a draw"]
    assert "The draw is shared by the surviving powers: FRANCE, GERMANY, ITALY." \
        in body(over[0])


def test_a_vote_read_in_the_batch_that_ended_the_game_is_told_how_it_ended(
        tmp_path: Path) -> None:
    """Mails read in one run: Italy's vote ends the game, and France's later VOTE in the
    same run gets the game-over text, as a mail of a later run would."""
    judge = game(tmp_path, OPEN)
    ask(judge, addr("FRANCE"), "VOTE DRAW\n")
    ask(judge, addr("GERMANY"), "VOTE DRAW\n")
    judge.send(addr("ITALY"), "VOTE DRAW\n", subject="[g] mail")
    judge.send(addr("FRANCE"), "VOTE CANCEL\n", subject="[g] mail")
    judge.tick()
    replies = [m for m in judge.to(addr("FRANCE"), judge.new_mail()) if m["In-Reply-To"]]
    text = body(replies[0])
    assert "Game g is over; the judge takes no more orders." in text
    assert "the players have voted a draw in Fall 1901 Movement" in text
    assert "No past results yet" not in text


def test_a_vote_leaves_with_its_player_and_the_successor_never_sees_it(
        tmp_path: Path) -> None:
    """Issue 31: France conceded to Germany and resigned; a stranger took France over, the
    others conceded, and the game ended "conceded to GERMANY" without the new France ever
    voting; his STATUS showed him his predecessor's secret vote. A vote belongs to the
    player: the seat opened in any way clears it, and the new player starts with none."""
    from tests.loop.joinkit import join

    judge = game(tmp_path)  # secret votes (the default)
    ask(judge, addr("FRANCE"), "CONCEDE GERMANY\n")
    ask(judge, addr("ITALY"), "VOTE DRAW\n")
    assert set(standing(judge)) == {"FRANCE", "ITALY"}
    ask(judge, addr("FRANCE"), "RESIGN FRANCE\n")
    assert set(standing(judge)) == {"ITALY"}  # RESIGN: gone
    ask(judge, GM, "DISORDER ITALY\n")
    assert standing(judge) == {}  # the GM's DISORDER: gone
    judge.new_mail()
    join(judge, "heir@example.org", "TAKEOVER g FRANCE")
    status = ask(judge, "heir@example.org", "STATUS\n")
    assert "conceded" not in status.lower() and "concede" not in status.split("Votes")[-1]
    ask(judge, "heir@example.org", "VOTE DRAW\n")
    assert standing(judge) == {"FRANCE": ("draw", [])}
    assert status_of(judge) == "active"  # Germany alone has not voted a draw
    assert not game_over_mails(judge)
