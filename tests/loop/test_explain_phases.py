"""EXPLAIN across phases, through the mail: after a winter, a unit that stood through it is
explained by the phase before that had its order, a unit built there by its build, a build
refused by its reason, each with the unit that left its province in the fall; a phase
named on the line (S1901M, SPRING 1901) is the one told; and a line that names no unit
or phase is refused with the line and the reason."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, body, make_judge, standard_game
from tests.loop.test_explain import addr, ask, play

WINTER, FALL = "Winter 1901 Adjustment (W1901A)", "Fall 1901 Movement (F1901M)"
SPRING = "Spring 1901 Movement (S1901M)"
USAGE = ("EXPLAIN and one of your units, as your results named it, and a phase if not the "
         "last: EXPLAIN A PAR, EXPLAIN A PAR S1901M.")


def after_a_winter(tmp_path: Path) -> Judge:
    """France goes to BUR and SPA in the spring, BEL and POR in the fall, and builds in
    PAR and BRE (a build in GAS refused: not his)."""
    judge = make_judge(tmp_path, standard_game())
    play(judge, "g", {"FRANCE": ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"]})
    play(judge, "g", {"FRANCE": ["A BUR - BEL", "A SPA H", "F MAO - POR"]})
    judge.send(addr("FRANCE"), "BUILD A PAR\nBUILD F BRE\nBUILD A GAS\n", subject="[g] builds")
    judge.tick()
    judge.clock.advance(hours=100)
    judge.tick()
    assert any("Winter 1901 Adjustment results" in m["Subject"] for m in judge.new_mail())
    return judge


def test_after_a_winter_explain_tells_the_last_phase_with_the_units_order(
        tmp_path: Path) -> None:
    judge = after_a_winter(tmp_path)
    back = (f"No order of yours in SPA in {WINTER}, the last processed phase; the last phase "
            f"with one was {FALL}:\n\nA SPA in {FALL}:\n  ordered: A SPA H\n  result: succeeds\n")
    assert back in ask(judge, "FRANCE", "g", "EXPLAIN A SPA\n")
    # The army the fall's results named A BUR (in BEL since): its move, where it ended.
    moved = ask(judge, "FRANCE", "g", "EXPLAIN A BUR\n")
    assert f"No order of yours in BUR in {WINTER}" in moved
    assert f"A BUR in {FALL}:\n  ordered: A BUR - BEL\n  result: succeeds\n  it ended in BEL\n" \
        in moved
    built = ask(judge, "FRANCE", "g", "EXPLAIN A PAR\n")
    assert (f"A PAR in {WINTER}:\n  ordered: BUILD A PAR\n  result: succeeds\n  it was built in "
            "PAR in this phase: a new unit") in built
    assert "No order of yours" not in built and FALL not in built
    refused = ask(judge, "FRANCE", "g", "EXPLAIN A GAS\n")
    assert (f"Your order BUILD A GAS was refused in {WINTER}: cannot build in GAS: you do not "
            "own it (you may build in BRE MAR PAR).") in refused
    # Where there was none, in the winter nor before it: the winter's answer, as ever.
    assert f"There was no unit of yours in MAR in {WINTER}." in ask(
        judge, "FRANCE", "g", "EXPLAIN A MAR\n")
    # Another power reads nothing of France's refused build; A SPA is not his.
    german = ask(judge, "GERMANY", "g", "EXPLAIN A GAS\nEXPLAIN A SPA\n")
    assert f"There was no unit of yours in GAS in {WINTER}." in german
    assert f"A SPA was not one of your units in {WINTER}" in german


def test_a_build_where_a_unit_just_left_tells_both(tmp_path: Path) -> None:
    """Germany's A MUN goes to TYR and F KIE to DEN in the fall; in the winter he builds A
    KIE and a fleet in MUN (refused: inland). Asked of MUN or KIE, EXPLAIN tells the
    winter's build and the fall's move out, for the army and for the build alike."""
    judge = make_judge(tmp_path, standard_game())
    play(judge, "g", {"TURKEY": ["A CON - BUL", "A SMY H", "F ANK H"]})
    play(judge, "g", {"GERMANY": ["A MUN - TYR", "A BER H", "F KIE - DEN"],
                      "TURKEY": ["A BUL H", "A SMY H", "F ANK H"]})
    judge.send(addr("GERMANY"), "BUILD A KIE\nBUILD F MUN\n", subject="[g] builds")
    judge.tick()
    judge.clock.advance(hours=100)
    judge.tick()
    judge.new_mail()
    refused = (f"Your order BUILD F MUN was refused in {WINTER}: cannot build a fleet in MUN: "
               "it has no coast.")
    army = (f"Your unit in MUN in {FALL}, before the winter:\n\nA MUN in {FALL}:\n"
            "  ordered: A MUN - TYR\n  result: succeeds\n  it ended in TYR\n")
    for line in ("EXPLAIN A MUN", "EXPLAIN F MUN", "explain army munich"):
        text = ask(judge, "GERMANY", "g", f"{line}\n")
        assert f"{refused}\n\n{army}" in text, line
    built = (f"A KIE in {WINTER}:\n  ordered: BUILD A KIE\n  result: succeeds\n  it was built "
             "in KIE in this phase: a new unit\n\nYour unit in KIE in Fall 1901 Movement "
             "(F1901M), before the winter:\n\n"
             f"F KIE in {FALL}:\n  ordered: F KIE - DEN\n  result: succeeds\n  it ended in DEN\n")
    for line in ("EXPLAIN A KIE", "EXPLAIN F KIE"):
        assert built in ask(judge, "GERMANY", "g", f"{line}\n"), line
    # The GM reads the public copy: the build, then the fleet that stood there, each
    # headed by its power.
    judge.send("gm@example.test", "EXPLAIN A KIE\n", subject="[g] question")
    judge.tick()
    [gm] = judge.to("gm@example.test", judge.new_mail())
    for unit in ("A KIE in", "F KIE in"):
        built = built.replace(unit, f"GERMANY's {unit}")
    assert built.replace("Your unit", "The unit") in body(gm).replace("\r\n", "\n")
    # A phase named on the line is that phase alone.
    alone = ask(judge, "GERMANY", "g", "EXPLAIN A MUN WINTER 1901\n")
    assert refused in alone and FALL not in alone
    # Another power reads nothing of either.
    french = ask(judge, "FRANCE", "g", "EXPLAIN A MUN\n")
    assert "TYR" not in french and "BUILD" not in french


def test_a_phase_named_on_the_line_is_the_one_explained(tmp_path: Path) -> None:
    judge = after_a_winter(tmp_path)
    spring = (f"A PAR in {SPRING}:\n  ordered: A PAR - BUR\n  result: succeeds\n"
              "  it ended in BUR\n")
    for line in ("EXPLAIN A PAR S1901M", "explain army paris spring 1901",
                 "EXPLAIN A PAR IN SPRING 1901 MOVEMENT"):
        text = ask(judge, "FRANCE", "g", f"{line}\n")
        assert spring in text and "No order of yours" not in text, line
    assert f"F MAO in {FALL}:\n  ordered: F MAO - POR\n" in ask(
        judge, "FRANCE", "g", "EXPLAIN FLEET MID-ATLANTIC OCEAN FALL 1901\n")
    # A named phase is told as it is, with no going back: A SPA stood through the winter.
    assert f"The results of {WINTER} have no order of A SPA." in ask(
        judge, "FRANCE", "g", "EXPLAIN A SPA WINTER 1901\n")
    text = ask(judge, "FRANCE", "g", "EXPLAIN A PAR FALL 1905\nEXPLAIN A PAR SPRING 1901 "
                                     "ADJUSTMENT\n")
    assert ("EXPLAIN A PAR FALL 1905: Fall 1905 Movement (F1905M) is not a processed phase of "
            f"this game (the last processed is {WINTER}).") in text
    assert ("EXPLAIN A PAR SPRING 1901 ADJUSTMENT: bad phase 'S1901A': adjustments happen in "
            f"winter only. {USAGE}") in text


def test_words_for_a_unit_are_read_as_a_player_writes_them(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    play(judge, "g", {"FRANCE": ["A PAR - BUR", "A MAR H", "F BRE - MAO"]})
    fleet = f"F BRE in {SPRING}:\n  ordered: F BRE - MAO\n"
    for line in ("EXPLAIN F BRE", "explain fleet brest", "EXPLAIN the fleet in Brest",
                 "EXPLAIN BRE", "EXPLAIN A BRE"):  # the unit meant, whatever kind written
        assert fleet in ask(judge, "FRANCE", "g", f"{line}\n"), line
    text = ask(judge, "FRANCE", "g", "EXPLAIN A PRAIS\nEXPLAIN A PAR PLEASE\nEXPLAIN\n"
                                     "EXPLAIN FLET BREST\n")
    assert f"EXPLAIN FLET BREST: 'FLET' is no word for a unit (did you mean FLEET?). {USAGE}" \
        in text
    assert ("EXPLAIN A PRAIS: unknown province 'PRAIS' (did you mean PARIS (PAR)?). "
            f"{USAGE}") in text
    assert ("EXPLAIN A PAR PLEASE: 'PLEASE' after the unit is neither a phase nor a word for "
            f"a unit (a phase: S1901M, SPRING 1901). {USAGE}") in text
    assert f"EXPLAIN: name a unit. {USAGE}" in text


def test_after_a_retreat_each_unit_is_its_own_and_asked_where_it_went(
        tmp_path: Path) -> None:
    """Germany's A RUH dislodges France's A BUR, which retreats to PIC: after the retreat
    phase, A BUR names France's retreat for France and Germany's own army for Germany,
    never the other's; a unit is also found by where it went (A PIC)."""
    judge = make_judge(tmp_path, standard_game())
    play(judge, "g", {"FRANCE": ["A PAR - BUR", "A MAR H", "F BRE H"],
                      "GERMANY": ["A MUN - RUH", "A BER - MUN", "F KIE H"]})
    assert f"A PAR in {SPRING}:\n  ordered: A PAR - BUR\n" in ask(
        judge, "FRANCE", "g", "EXPLAIN A BUR\n")  # by where it went
    play(judge, "g", {"FRANCE": ["A BUR H", "A MAR H", "F BRE H"],
                      "GERMANY": ["A RUH - BUR", "A MUN S A RUH - BUR", "F KIE H"]})
    judge.send(addr("FRANCE"), "A BUR R PIC\n", subject="[g] retreat")
    judge.tick()
    judge.new_mail()
    retreat = "Fall 1901 Retreat (F1901R)"
    moved = f"A BUR in {retreat}:\n  ordered: A BUR R PIC\n  result: succeeds\n  it ended in PIC\n"
    for line in ("EXPLAIN A BUR", "EXPLAIN A PIC"):
        assert moved in ask(judge, "FRANCE", "g", f"{line}\n"), line
    assert (f"No order of yours in MAR in {retreat}, the last processed phase; the last phase "
            f"with one was {FALL}:\n\nA MAR in {FALL}:\n  ordered: A MAR H\n") in ask(
        judge, "FRANCE", "g", "EXPLAIN A MAR\n")
    german = ask(judge, "GERMANY", "g", "EXPLAIN A BUR\n")
    assert (f"A RUH in {FALL}:\n  ordered: A RUH - BUR\n  result: succeeds\n  it ended in BUR\n"
            "  - supported by A MUN\n") in german
    assert "R PIC" not in german
