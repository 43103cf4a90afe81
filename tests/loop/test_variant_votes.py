"""Votes where the variant decides who votes and what a draw gives (issue 24), through the
real pipeline: Al-Andalus Wazirs vote (until executed) and are ranked by dinars when a
voted draw ends the game, a tie for the most leaving every Wazir out (the ruling); a
Warlock with no centre and no unit who may still cast Undead votes, though he shares no
draw."""

from __future__ import annotations

from pathlib import Path

from gmbot.engine import load_map, state_from_dict
from gmbot.engine.state import Phase
from gmbot.variants import make_rules
from tests.loop.judgekit import Judge, make_judge
from tests.loop.test_al_andalus_mail import EVERYONE, GAME, PRINCES, SUBJECT, WAZIRS, addr, text

REPO = Path(__file__).resolve().parents[2]
WARLOCK = (REPO / "gmbot/variants/warlock/example.yaml").read_text(encoding="utf-8")
GM = "gm@example.test"


def courts(wazirs: str) -> str:
    return f"""
position:
  phase: S1081M
  extra:
    wazirs:
{wazirs}
"""


def vote(judge: Judge, who: str, line: str = "VOTE DRAW", subject: str = SUBJECT) -> str:
    judge.send(addr(who), line + "\n", subject=subject)
    judge.tick()
    [reply] = [m for m in judge.to(addr(who), judge.new_mail()) if m["In-Reply-To"]]
    return text(reply)


def draws(judge: Judge) -> list:
    return [m for m in judge.outbox() if "The game ends in a draw" in m["Subject"]]


def test_the_wazirs_vote_and_a_voted_draw_ranks_them_by_dinars(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME + courts(
        "      lordelindel: {court: SEVILLE, dinars: 5}\n"
        "      asudevil: {court: ZARAGOZA, dinars: 1}\n"
        "      nanook: {court: null, dinars: 2}"))
    judge.new_mail()
    for prince in PRINCES:
        vote(judge, prince)
    vote(judge, WAZIRS[0])
    vote(judge, WAZIRS[1])
    assert draws(judge) == []  # a Wazir has not voted: the draw waits for him
    last = vote(judge, WAZIRS[2], "SET DRAW")
    assert "is the last one needed: game al-andalus-example ends in a draw" in last
    assert sorted(m["To"] for m in draws(judge)) == sorted([*EVERYONE, GM])
    told = text(draws(judge)[0])
    assert "the players have voted a draw in Spring 1081 Movement" in told
    assert "The game ends in a draw. Wazirs by dinars: LORDELINDEL 5, NANOOK 2, ASUDEVIL 1." \
        in told
    assert "In the draw with the Princes: LORDELINDEL, the Wazir with the most dinars." \
        in told


def test_a_voted_draw_with_two_wazirs_tied_for_the_most_includes_no_wazir(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME + courts(
        "      lordelindel: {court: SEVILLE, dinars: 5}\n"
        "      asudevil: {court: ZARAGOZA, dinars: 5}\n"
        "      nanook: {court: null, dinars: 2, executed: true}"))
    judge.new_mail()
    # An executed Wazir is out of the game: he does not vote, and the rest need not wait.
    assert "refused: NANOOK is out of the game" in vote(judge, "nanook")
    for who in [*PRINCES, *WAZIRS[:2]]:
        vote(judge, who)
    told = text(draws(judge)[0])
    assert "No Wazir is in the draw: ASUDEVIL and LORDELINDEL tie for the most dinars (5)" \
        in told


def test_a_draw_names_princes_only(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME + "votes: {named_draws: true}\n")
    judge.new_mail()
    assert "refused: LORDELINDEL is not a power of this game that a vote can name" in \
        vote(judge, "CASTILLE", "VOTE DRAW CASTILLE LORDELINDEL")
    # A Wazir wins by dinars, never by concession; a Prince may be conceded to.
    assert "refused: LORDELINDEL is not a power of this game that a vote can name" in \
        vote(judge, "CASTILLE", "VOTE CONCEDE TO LORDELINDEL")
    assert "done: your vote for conceding the game to SEVILLE is recorded" in \
        vote(judge, "CASTILLE", "VOTE CONCEDE SEVILLE")


FALLEN = """
position:
  phase: S1902M
  units:
    ENGLAND: [F LON, A EDI]
    FRANCE: [A PAR]
  centers:
    ENGLAND: [LON, EDI, LVP]
    FRANCE: [PAR, BRE, MAR]
  powers:
    GERMANY: {fallen: 1901}
    ITALY: {fallen: 1898}
    AUSTRIA: {fallen: 1901, spells: {undead: 0}}
    RUSSIA: {fallen: 1901, purgatory: true}
"""
WSUBJECT = "[warlock-example] vote"


def test_a_warlock_waiting_to_cast_undead_votes_but_shares_no_draw(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, WARLOCK + FALLEN)
    judge.new_mail()
    for power in ("ENGLAND", "FRANCE"):
        vote(judge, power, subject=WSUBJECT)
    assert draws(judge) == []  # Germany may still cast Undead: his vote is awaited
    for out in ("ITALY", "AUSTRIA", "RUSSIA", "TURKEY"):  # expired, spent, purgatory, gone
        assert f"refused: {out} is out of the game: only ENGLAND, FRANCE, GERMANY vote" in \
            vote(judge, out, subject=WSUBJECT)
    vote(judge, "GERMANY", subject=WSUBJECT)
    told = text(draws(judge)[0])
    assert "The draw is shared by the surviving powers: ENGLAND, FRANCE." in told


def test_the_warlock_voters_as_the_rules_count_them() -> None:
    rules = make_rules("warlock")
    state = state_from_dict({
        "phase": "S1905M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["PAR"]},
        "powers": {"GERMANY": {"fallen": 1902}, "ITALY": {"fallen": 1901}},
    }, load_map("standard"))
    # Three years after his fall Germany may still cast it (1905 = 1902 + 3); Italy not.
    assert rules.voters(state) == ["FRANCE", "GERMANY"]
    assert rules.draw_powers(state) == ["FRANCE"]
    # From the Fall of 1905 no Spring is left to cast it in: expired unused, no vote.
    for later in ("F1905M", "W1905A"):
        assert rules.voters(state.with_(phase=Phase.parse(later))) == ["FRANCE"]
