"""The late notice says what happens to a player whose orders do not come, in the words of
the phase he is late for: in standard Diplomacy his units hold; in Capitalist's capital
phase and opening vote there are no units yet, and the notice says the variant's rule."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, body, make_judge, standard_game
from tests.loop.test_capitalist_mail import CAPITALS, addr, capitalist_game

ADJUSTMENT_HOURS = 24  # the example's deadline for an adjustment (the capital phase)


def graced(text: str) -> str:
    return text.replace("  early: true\n", "  early: true\n  grace: 6h\n", 1)


def late_notice(judge: Judge, power: str, hours: float) -> str:
    """Past the deadline, within the grace period: the notice the late player gets."""
    judge.clock.advance(hours=hours)
    judge.tick()
    [notice] = [m for m in judge.to(addr(power), judge.new_mail())
                if "You are late" in m["Subject"]]
    return " ".join(body(notice).split())


def test_a_late_voter_in_the_opening_vote_is_told_the_vote_rule(tmp_path: Path) -> None:
    centers = "\n".join(f"    {p}: [{c}]" for p, c in CAPITALS.items())
    powers = "\n".join(f"    {p}: {{capital: {c}}}" for p, c in CAPITALS.items())
    judge = make_judge(tmp_path, graced(capitalist_game(
        f"position:\n  phase: W1897A\n  units: {{}}\n  centers:\n{centers}\n"
        f"  powers:\n{powers}\n")))
    text = late_notice(judge, "ENGLAND", 25)
    assert "hold" not in text and "units you have not ordered" not in text
    assert ("Without them the capitals you have not voted on get no vote from you: the "
            "other players' votes place their first units, and a capital nobody votes for "
            "gets an army.") in text


def test_a_late_player_in_the_capital_phase_is_told_he_gets_one_by_lot(
        tmp_path: Path) -> None:
    example = (Path(__file__).resolve().parents[2]
               / "gmbot/variants/capitalist/example.yaml").read_text(encoding="utf-8")
    judge = make_judge(tmp_path, example)  # its grace period: 2 hours
    text = late_notice(judge, "ENGLAND", ADJUSTMENT_HOURS + 1)
    assert "hold" not in text
    assert "Without them you get a capital by lot, among the centres still free" in text


def test_a_late_player_in_a_standard_spring_is_told_his_units_hold(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra="  grace: 6h\n"))
    text = late_notice(judge, "FRANCE", 49)
    assert "Without them the units you have not ordered hold." in text
