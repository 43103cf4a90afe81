"""A dislodged unit with nowhere to go is disbanded without an order, and a retreat phase
where nobody has a choice is folded into the movement results: the game never waits for
nothing.
Through the real pipeline on the local Maildir."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, make_judge, standard_game
from tests.loop.test_commands import GM, addr, ask, body, open_phase

# Italy's A VEN is dislodged from Tyrolia; every other place it could go is taken.
TRAPPED = """position:
  phase: S1901M
  units:
    AUSTRIA: [A TYR, A TRI]
    ITALY: [A VEN, A PIE, A ROM, A APU, A TUS]
"""
AUSTRIA = "A TYR - VEN\nA TRI S A TYR - VEN\n"
ITALY = "A VEN H\nA PIE H\nA ROM H\nA APU H\nA TUS H\n"


def trapped(tmp_path: Path, extra: str = "") -> Judge:
    return make_judge(tmp_path, standard_game(extra=TRAPPED + extra))


def test_a_unit_with_no_retreat_is_disbanded_at_once(tmp_path: Path) -> None:
    # A retreat phase in which nobody has a choice is no phase of its own (issue 26, as
    # njudge plays it): the movement results say what was disbanded, and the next phase
    # announced, with its deadline, is the Fall. This test used to expect a second results
    # mail for a retreat phase announced with a deadline.
    judge = trapped(tmp_path)
    judge.send(addr("AUSTRIA"), AUSTRIA)
    judge.send(addr("ITALY"), ITALY)
    report = judge.tick()
    assert report.processed[0] == "g: S1901M processed (early); next F1901M"
    assert open_phase(judge).name == "F1901M"
    mails = judge.new_mail()
    results = [m for m in mails if "results" in m["Subject"]]
    assert {m["Subject"].split("] ", 1)[1] for m in results} == {"Spring 1901 Movement results"}
    movement = body(judge.to(addr("ITALY"), results)[0])
    assert "ITALY A VEN (attacked from TYR): no retreat: disbanded without an order" in movement
    assert "Next phase: Fall 1901 Movement. Deadline:" in movement
    assert "Retreat" not in movement
    assert not [m for m in mails if "Reminder" in m["Subject"] or "Late" in m["Subject"]]
    assert "A VEN" not in str(open_phase(judge).state["units"]["ITALY"])


def test_a_unit_with_a_choice_is_still_waited_for(tmp_path: Path) -> None:
    # With TUS free A VEN may retreat there: Italy has a choice, the phase waits for him.
    judge = make_judge(tmp_path, standard_game(
        extra=TRAPPED.replace(", A TUS]", "]")))
    judge.send(addr("AUSTRIA"), AUSTRIA)
    judge.send(addr("ITALY"), ITALY.replace("A TUS H\n", ""))
    judge.tick()
    judge.clock.advance(hours=1)
    judge.tick()
    assert open_phase(judge).name == "S1901R"
    judge.new_mail()
    assert "A VEN R TUS" in ask(judge, addr("ITALY"), "A VEN R TUS\n")
    judge.tick()
    assert open_phase(judge).name == "F1901M"


def test_nobody_waits_even_without_early_processing(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra=TRAPPED).replace(
        "early: true", "early: false"))
    judge.send(addr("AUSTRIA"), AUSTRIA)
    judge.send(addr("ITALY"), ITALY)
    judge.tick()
    ask(judge, GM, "PROCESS\n")
    judge.tick()
    judge.tick()
    assert open_phase(judge).name == "F1901M"
