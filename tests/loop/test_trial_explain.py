"""What the third trial of 3 December 2026 (docs/trial.md) found of EXPLAIN, read as its
players read their mails: a unit written with its kind is the unit of that kind that
stood, or ended, in the province named."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, make_judge
from tests.loop.trialkit import addr, example, spring_results, text

WARLOCK = example("warlock")
SUBJECT = "[warlock-example] orders"


def explained(judge: Judge, power: str, line: str) -> str:
    judge.send(addr(power), line + "\n", subject=SUBJECT)
    judge.tick()
    [why] = [text(m) for m in judge.to(addr(power), judge.new_mail())]
    return why


def test_a_unit_written_with_its_kind_is_the_one_of_that_kind_that_ended_there(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, WARLOCK)
    spring_results(judge, {"RUSSIA": "CAST SWIM IN LAND F SEV - MOS\nA MOS - UKR\n"
                                               "A WAR H\nF STP/SC H"}, SUBJECT, "RUSSIA")
    why = explained(judge, "RUSSIA", "EXPLAIN F MOS")
    # It answered of A MOS, the army that stood in Moscow and left it for Ukraine.
    assert "F SEV in Spring 1901 Movement (S1901M):" in why
    assert "A MOS in" not in why
    # The army is still A MOS's answer, and a line without the kind the unit that stood
    # there.
    assert "A MOS in Spring 1901 Movement (S1901M):" in explained(judge, "RUSSIA",
                                                                  "EXPLAIN A MOS")
