"""A unit a Wazir-General commands is his Prince's on the board, yet only the general
orders it (the trial of 3 December, fourth): the Prince's HELP and welcome list it apart
from the units he orders, and the general's name it as his command."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import body, make_judge
from tests.loop.test_trial_al_andalus import GENERAL, GENERALS, SUBJECT, addr


def lines(msg: object) -> list[str]:
    return body(msg).replace("\r\n", "\n").splitlines()  # type: ignore[arg-type]


def test_a_princes_help_lists_the_unit_his_general_commands(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, GENERALS + GENERAL)
    apart = "A BUR: commanded by your Wazir-General LORDELINDEL; he orders it."
    [welcome] = [lines(m) for m in judge.welcomes if m["To"] == addr("CASTILLE")]
    judge.send(addr("CASTILLE"), "HELP\n", subject=SUBJECT)
    judge.send(addr("lordelindel"), "HELP\n", subject=SUBJECT)
    judge.tick()
    mails = judge.new_mail()
    [prince] = [lines(m) for m in judge.to(addr("CASTILLE"), mails)]
    [general] = [lines(m) for m in judge.to(addr("lordelindel"), mails)]
    for text in (welcome, prince):
        i = text.index("Your units: A LEO, F GAL.")
        assert text[i + 1] == apart, text
    assert "You command A BUR as Wazir-General: only you order it." in general
    assert apart not in general
