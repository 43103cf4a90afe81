"""The late notice in Al-Andalus ends with what the variant does with a missed phase, not
standard's "the units you have not ordered hold": a Prince's missed orders act as ARREST
(the guide's rule 16), which holds every unit and costs his Wazir half his dinars and his
place; a Wazir's orders are optional (rule 17), so no late notice comes to him."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, body, make_judge
from tests.loop.test_late_notice_words import graced
from tests.loop.test_trial_al_andalus import GAME, addr

# Lordelindel serves Seville; Castille and Granada have no Wazir.
COURT = "\nposition:\n  phase: S1081M\n  extra: {wazirs: {lordelindel: {court: SEVILLE}}}\n"


def late_notices(judge: Judge) -> dict[str, str]:
    """Past the deadline, within the grace period: each late notice, by its reader."""
    judge.new_mail()
    judge.clock.advance(hours=49)
    judge.tick()
    return {str(m["To"]): " ".join(body(m).split()) for m in judge.new_mail()
            if "You are late" in m["Subject"]}


def test_a_prince_who_misses_a_movement_is_told_it_acts_as_arrest(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, graced(GAME) + COURT)
    judge.send(addr("GRANADA"), "A GRA H\n", subject="[al-andalus-example] orders")
    judge.tick()
    notices = late_notices(judge)
    seville = notices[addr("SEVILLE")]
    assert ("Without them your missed orders act as ARREST: every unit of yours holds, and "
            "Wazir LORDELINDEL loses half his dinars to you and leaves your court a free "
            "agent (unless he moves to another court this phase).") in seville
    assert "the units you have not ordered hold" not in seville
    # A Prince with no Wazir at his court: no Wazir to arrest.
    assert ("Without them every unit of yours holds: a Prince's missed orders act as ARREST "
            "(your court has no Wazir to arrest).") in notices[addr("CASTILLE")]
    # Granada sent an order: no NMR, his unordered units hold.
    assert "Without them the units you have not ordered hold." in notices[addr("GRANADA")]
    # A Wazir's orders are optional: he is never late.
    assert addr("lordelindel") not in notices


GENERAL_DISLODGED = """
position:
  phase: S1081R
  units:
    CASTILLE: [A LEO, F GAL]
  dislodged:
    A BUR: {power: CASTILLE, general: LORDELINDEL}
  extra:
    wazirs:
      lordelindel: {court: CASTILLE, dinars: 3}
"""


def test_a_wazir_general_late_for_his_retreat_is_told_his_unit_is_disbanded(
        tmp_path: Path) -> None:
    game = graced(GAME.replace("wazir_generals: false", "wazir_generals: true"))
    judge = make_judge(tmp_path, game + GENERAL_DISLODGED)
    judge.new_mail()
    judge.clock.advance(hours=25)
    judge.tick()
    notices = {str(m["To"]): " ".join(body(m).split()) for m in judge.new_mail()
               if "You are late" in m["Subject"]}
    assert ("Without them A BUR, the unit you command as Wazir-General, is disbanded."
            in notices[addr("lordelindel")])
