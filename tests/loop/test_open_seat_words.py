"""The notice of an opened seat says what the seat is while nobody plays it, in the
variant's own words (the trial of 3 December, fourth): an Al-Andalus Wazir has no home
centres and no units of his own, so "its units hold, it builds nothing" says nothing true
of him; a Capitalist power before its first units builds by votes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.loop.judgekit import body, make_judge, standard_game
from tests.loop.test_trial_al_andalus import GENERAL, GENERALS, addr

REPO = Path(__file__).resolve().parents[2]
SUBJECT = "[al-andalus-example] resign"


def words(msg: object) -> str:
    """The mail's text as one line of words: the notice's sentences wrap where they may."""
    return " ".join(body(msg).split())  # type: ignore[arg-type]


def test_a_wazir_generals_resignation_says_what_his_seat_is_now(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GENERALS + GENERAL)
    judge.send(addr("lordelindel"), "RESIGN LORDELINDEL\n", subject=SUBJECT)
    judge.tick()
    mails = judge.new_mail()
    [castille] = [words(m) for m in judge.to(addr("CASTILLE"), mails)]
    # A Wazir is no power: his seat is open, not "in civil disorder".
    assert [m["Subject"] for m in judge.to(addr("CASTILLE"), mails)] == [
        "[al-andalus-example] LORDELINDEL's seat is open"]
    [gm] = [words(m) for m in judge.to("gm@example.test", mails)
            if "Seat open" in m["Subject"]]
    said = ("Until a new player takes it over, LORDELINDEL gives no orders, as a Wazir may: "
            "he stays at the court of Kingdom of Castille with his 2 dinars, and is paid as "
            "before for each of its units that holds; Kingdom of Castille orders its other "
            "units alone. A BUR, the unit he commands as Wazir-General, holds (only he may "
            "order it), and is disbanded if it is dislodged. A Wazir's orders are optional, "
            "so the game never waits for this seat.")
    for notice in (castille, gm):
        assert said in notice, notice
        assert "its units hold, it builds nothing" not in notice
        assert "home centres" not in notice


def test_a_princes_seat_is_an_nmr_that_arrests_his_wazir(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GENERALS + GENERAL)
    judge.send(addr("CASTILLE"), "RESIGN CASTILLE\n", subject=SUBJECT)
    judge.tick()
    [nanook] = [words(m) for m in judge.to(addr("nanook"), judge.new_mail())
                if m["Subject"].endswith("CASTILLE is in civil disorder")]
    assert ("Until a new player takes it over, CASTILLE is in civil disorder: it sends no "
            "orders, and in each movement phase that is an NMR, which acts as ARREST: all its "
            "units hold (its Wazir-General's too, and the ARREST ends his command), and its "
            "Wazir LORDELINDEL is arrested: half his dinars go to the Prince and he becomes "
            "a free agent.") in nanook


def test_a_capitalist_seat_before_its_first_units_gets_a_capital_by_lot(
        tmp_path: Path) -> None:
    example = REPO / "gmbot/variants/capitalist/example.yaml"
    judge = make_judge(tmp_path, example.read_text(encoding="utf-8"))  # W1896A: no board
    judge.send(addr("FRANCE"), "RESIGN FRANCE\n", subject="[capitalist-example] x")
    judge.tick()
    [italy] = [words(m) for m in judge.to(addr("ITALY"), judge.new_mail())
               if m["Subject"].endswith("FRANCE is in civil disorder")]
    assert ("Until a new player takes it over, FRANCE is in civil disorder: it sends no "
            "orders, so it gets a capital by lot among the centres still free when the "
            "others' lists have been served; in the opening vote it votes on no capital: the "
            "others' votes place its first units") in italy
    assert "it builds nothing" not in italy


def test_resign_alone_says_what_the_seat_will_be(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    judge.send("france@example.test", "RESIGN\n")
    judge.tick()
    [reply] = [words(m) for m in judge.to("france@example.test", judge.new_mail())]
    assert ("resigning gives up FRANCE for good: your orders are withdrawn and a replacement "
            "is sought. Until a new player takes it over, FRANCE is in civil disorder: it sends "
            "no orders, so its units hold") in reply
    assert "send the line RESIGN FRANCE" in reply
    # In Al-Andalus RESIGN alone is a Wazir-General's order; from a Prince, or a Wazir who
    # commands no unit, it asks how to leave, and the answer says what his seat will be.
    judge = make_judge(tmp_path / "court", GENERALS)
    judge.send(addr("CASTILLE"), "RESIGN\n", subject=SUBJECT)
    judge.send(addr("nanook"), "RESIGN\nHELP\n", subject=SUBJECT)
    judge.tick()
    mails = judge.new_mail()
    [castille] = [words(m) for m in judge.to(addr("CASTILLE"), mails)]
    assert "resigning gives up CASTILLE for good" in castille
    assert "send the line RESIGN CASTILLE" in castille
    assert "only a Wazir-General gives up his command" not in castille
    nanook = " ".join(words(m) for m in judge.to(addr("nanook"), mails))
    assert "send the line RESIGN NANOOK" in nanook
    assert "RESIGN NANOOK: give up your seat for good: it is played without orders" in nanook
    assert "your power goes into civil disorder" not in nanook


@pytest.mark.parametrize(("extra", "removals"), [
    ("", "by distance from its home centres, the farthest unit first."),
    ("options:\n  civil_disorder_2023: true\n",
     "by the 2023 rulebook: units on supply centres last, the others farthest from any "
     "centre it owns first."),
])
def test_a_standard_seat_in_civil_disorder_is_told_without_a_hedge(
        tmp_path: Path, extra: str, removals: str) -> None:
    # The fifth trial: a standard game's notice said "unless the variant's rules say
    # otherwise: see RULES" of its own rule; an option that changes the rule says its own.
    judge = make_judge(tmp_path, standard_game(extra=extra))
    judge.send("france@example.test", "RESIGN FRANCE\n")
    judge.tick()
    [italy] = [words(m) for m in judge.to("italy@example.test", judge.new_mail())
               if m["Subject"].endswith("FRANCE is in civil disorder")]
    assert ("Until a new player takes it over, FRANCE is in civil disorder: it sends no orders, "
            "so its units hold, it builds nothing, and the removals it owes are made "
            + removals) in italy, italy
    assert "RULES" not in italy and "unless" not in italy
