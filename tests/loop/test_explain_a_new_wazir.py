"""EXPLAIN by a Wazir of his Prince's unit for the phase he was hired in (the trial of
3 December, fourth): he could not order it then, so EXPLAIN has no reasoning of his for
it; he is told so, not "no unit of yours", and nothing his results did not show."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import body, make_judge
from tests.loop.test_trial_al_andalus import GAME, SUBJECT, addr

SPRING = {"CASTILLE": "HIRE lordelindel\nA BUR H\nA LEO - ZAM\nF GAL H",
          "lordelindel": "GO TO COURT CASTILLE",
          "ZARAGOZA": "A ZAR H\nA LLE H\nF TOR H", "BADAJOZ": "A BAD H\nA EVO H\nF LIS H",
          "SEVILLE": "A SEV H\nA NIE H\nF CAD H", "GRANADA": "A GRA H\nA JAE H\nF MAL H"}


def test_a_wazir_asks_of_his_princes_unit_in_the_phase_he_was_hired(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GAME)
    for who, lines in SPRING.items():
        judge.send(addr(who), lines + "\n", subject=SUBJECT)
    judge.tick()
    judge.new_mail()
    judge.send(addr("lordelindel"), "EXPLAIN A ZAM\nEXPLAIN A LEO S1080M\n", subject=SUBJECT)
    judge.tick()
    [reply] = [" ".join(body(m).split())
               for m in judge.to(addr("lordelindel"), judge.new_mail())]
    told = ("was a unit of Kingdom of Castille, whose units you could not order in Spring "
            "1080 Movement (S1080M): EXPLAIN tells the reasoning only of units you ordered "
            "in the phase asked. You order its units now; that phase's results (HISTORY) "
            "show what it did.")
    assert f"A ZAM {told}" in reply and f"A LEO {told}" in reply
    assert "no unit of yours" not in reply and "not one of your units" not in reply
    # A Prince asking of another's unit is answered as before.
    judge.send(addr("ZARAGOZA"), "EXPLAIN A ZAM\n", subject=SUBJECT)
    judge.tick()
    [reply] = [" ".join(body(m).split())
               for m in judge.to(addr("ZARAGOZA"), judge.new_mail())]
    assert "There was no unit of yours in ZAM in Spring 1080 Movement (S1080M)." in reply
