"""A game loaded past its opening (the trial of 3 December, fourth): the welcome and HELP
give the orders the reader may give where the game stands, from the phase's mark and the
court as it is, not the opening's: no HIRE of the Wazir who serves the Prince already, no
APPOINT GENERAL beside a general, no GO TO COURT to the Wazir's own court; in a winter,
Capitalist's votes come before the orders of the spring."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, body, make_judge
from tests.loop.test_capitalist_mail import capitalist_game, yaml_position
from tests.loop.test_trial_al_andalus import GENERAL, GENERALS, SUBJECT, addr


def lines(msg: object) -> list[str]:
    return body(msg).replace("\r\n", "\n").splitlines()  # type: ignore[arg-type]


def welcome_and_help(judge: Judge, who: str, subject: str = SUBJECT) -> list[list[str]]:
    [welcome] = [lines(m) for m in judge.welcomes
                 if m["To"] == addr(who) and "Welcome" in m["Subject"]]
    judge.send(addr(who), "HELP\n", subject=subject)
    judge.tick()
    [help_mail] = [lines(m) for m in judge.to(addr(who), judge.new_mail())]
    return [welcome, help_mail]


def test_a_court_loaded_past_the_opening_gets_its_own_examples(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GENERALS + GENERAL)
    welcome, help_mail = welcome_and_help(judge, "CASTILLE")
    assert "  LORDELINDEL serves your court, general of A BUR:" in welcome
    assert "    HIRE asudevil (take another Wazir once LORDELINDEL leaves or is arrested)" \
        in welcome
    assert "  LORDELINDEL serves your court, general of A BUR." in help_mail
    for text in (welcome, help_mail):
        assert not [line for line in text if "HIRE lordelindel" in line
                    or "APPOINT GENERAL" in line], text
    welcome, help_mail = welcome_and_help(judge, "lordelindel")
    assert "    GO TO COURT ZARAGOZA (leave for another Prince's court)" in welcome
    assert "    RESIGN (give up your command of A BUR after this phase)" in welcome
    assert "  RESIGN: give up your command of A BUR after this phase" in help_mail
    assert "  A BUR - AST: your command's order; as Wazir-General you order no other unit" \
        in help_mail
    for text in (welcome, help_mail):
        assert not [line for line in text if "GO TO COURT CASTILLE" in line], text


def test_a_wazirs_help_in_the_winter_says_court_orders_wait(tmp_path: Path) -> None:
    # Castille owes a removal (three units, two centres): the winter waits for it.
    winter = GENERAL.replace("S1081M", "W1081A").replace("[BUR, GAL, LEO]", "[BUR, GAL]")
    judge = make_judge(tmp_path, GENERALS + winter)
    welcome, help_mail = welcome_and_help(judge, "lordelindel")
    for text in (welcome, help_mail):
        assert "Nothing waits for your orders in this adjustment phase." in text
    assert "  Court orders are given in the spring and fall movement phases, none in this " \
        "adjustment phase." in welcome
    assert "  Court orders are given in the Spring and Fall movement phases, none in this " \
        "adjustment phase." in help_mail


def test_a_capitalist_winter_past_the_opening_votes_first(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, capitalist_game(yaml_position().replace("S1899M", "W1900A")))
    [welcome] = [lines(m) for m in judge.welcomes
                 if m["To"] == addr("ENGLAND") and "Welcome" in m["Subject"]]
    start = welcome.index("How to order: write to this address (reply to this mail), one "
                          "order per line:")
    assert welcome[start + 1:start + 3] == [
        "    VOTE F LON (3) / VOTE NO BUILD LON (1) (this winter's votes)",
        "    F LON - ENG (3) (in the spring and fall: your unit's order, paid 3; no figure "
        "pays 1)"]
    assert not [line for line in welcome if "CAPITALS" in line or "opening vote" in line]
