"""The fifth trial of 3 December 2026 (docs/trial.md): France had two builds and sent one,
and the winter's results said nothing of the other. His own section (and the GM's part
for him) now says what became of it: not used (waived), or lost to a refused order. In
Capitalist the winter's builds are voted by everyone, so nothing of the kind is said."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from tests.loop.judgekit import Judge, make_judge, standard_game
from tests.loop.test_capitalist_mail import CAPITALS, UNITS, capitalist_game
from tests.loop.test_gm_full_copy import GM, part_of, watched
from tests.loop.trialkit import addr, text

# France: six centres, four units, BRE and PAR free: two builds. Italy has none.
TWO_BUILDS = """position:
  phase: W1901A
  units:
    FRANCE: [F SPA/SC, A BEL, A POR, A MAR]
    ITALY: [A VEN, A ROM, F NAP]
  centers:
    FRANCE: [BRE, PAR, MAR, SPA, POR, BEL]
    ITALY: [ROM, NAP, VEN]
"""


def winter_results(judge: Judge, france: str, game: str = "g") -> list[EmailMessage]:
    """France's winter orders mailed, the deadline passed: the winter's results mails."""
    judge.send(addr("FRANCE"), france, subject=f"[{game}] winter")
    judge.tick()
    mails = judge.new_mail()  # the results, when his orders were all the winter waited for
    judge.clock.advance(hours=200)
    judge.tick()
    return [m for m in mails + judge.new_mail() if "Adjustment results" in m["Subject"]]


def own_section(mails: list[EmailMessage], power: str) -> str:
    [mine] = [text(m) for m in judge_to(mails, addr(power))]
    return mine.split(f"--- For {power} only ---\n", 1)[1]


def judge_to(mails: list[EmailMessage], address: str) -> list[EmailMessage]:
    return [m for m in mails if address in str(m["To"])]


def test_a_build_not_ordered_is_told_waived_to_the_power_alone(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, watched(standard_game(extra=TWO_BUILDS)))
    mails = winter_results(judge, "BUILD A PAR\n")
    line = "You could build 2 and built 1: the other build was not used (waived)."
    assert line in own_section(mails, "FRANCE").splitlines()
    [gm] = [text(m) for m in judge_to(mails, GM)]
    assert line in part_of(gm, "FRANCE")
    # Nobody else reads it: not Italy, not the observer.
    for who in ("italy@example.test", "observer@example.test"):
        [theirs] = [text(m) for m in judge_to(mails, who)]
        assert "You could build" not in theirs, who


def test_a_build_refused_at_the_results_is_told_lost(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra=TWO_BUILDS))
    mails = winter_results(judge, "BUILD A BRE\nBUILD F BRE\n")
    mine = own_section(mails, "FRANCE")
    assert ("You could build 2 and built 1: the other build was lost, since BUILD F BRE "
            "was refused.") in mine.splitlines()


def test_builds_all_waived_by_order_say_nothing_more(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra=TWO_BUILDS))
    mails = winter_results(judge, "BUILD A PAR\nWAIVE\n")
    assert "You could build" not in own_section(mails, "FRANCE")


def test_a_capitalist_winter_says_nothing_of_builds_not_ordered(tmp_path: Path) -> None:
    # Russia owns MOS and WAR with one unit: one build, which the votes decide, not his
    # orders; nobody votes and none is made, and no line says he "could build 1".
    units = {**UNITS, "RUSSIA": "A WAR"}
    centres = {p: c for p, c in CAPITALS.items()}
    centres["RUSSIA"] = "MOS, WAR"
    unit_lines = "\n".join(f"    {p}: [{u}]" for p, u in units.items())
    centre_lines = "\n".join(f"    {p}: [{c}]" for p, c in centres.items())
    homes = "\n".join(f"    {p}: [{c}]" for p, c in CAPITALS.items())
    powers = "\n".join(f"    {p}: {{capital: {c}, balance: 5}}" for p, c in CAPITALS.items())
    position = (f"position:\n  phase: W1898A\n  units:\n{unit_lines}\n  centers:\n"
                f"{centre_lines}\n  homes:\n{homes}\n  powers:\n{powers}\n")
    judge = make_judge(tmp_path, capitalist_game(position))
    mails = winter_results(judge, "BALANCE\n")
    mine = own_section(mails, "RUSSIA")
    assert "You could build" not in mine and "not used" not in mine
