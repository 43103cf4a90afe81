"""The GM's EXPLAIN is his full copy's, as his results are (test_gm_full_copy.py): any unit
of any power, Warlock's invisible units and ghosts among them, each thing the players may
not all see marked as his results mark it. A player's EXPLAIN stays his own copy's: he
still cannot ask about another's invisible unit. HISTORY stays public, for the GM too."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import make_judge, standard_game
from tests.loop.test_explain import ask, play
from tests.loop.test_explain_redaction import SECRETS, gm_asks
from tests.loop.test_explain_warlock import FALL, GAME, SPRING, TEXT

INVISIBLE = "(invisible: only TURKEY sees it)"
GHOSTLY = "(ghost: only ENGLAND knows it is no real unit)"


def test_the_gm_explains_invisible_units_ghosts_and_hidden_reasons(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, TEXT)
    play(judge, GAME, SECRETS)
    # The invisible fleet, asked by where it went or by where it stood, marked.
    for line in ("EXPLAIN F BLA", "EXPLAIN F ANK"):
        gm = gm_asks(judge, GAME, f"{line}\n")
        assert (f"F ANK in {SPRING}:\n  ordered: F ANK - BLA {INVISIBLE}\n"
                "  result: succeeds\n  it ended in BLA\n") in gm, line
    # The ghost made this turn is told as a ghost, apart from the real fleet's move.
    ghost = gm_asks(judge, GAME, "EXPLAIN F NWG\n")
    assert f"ordered: F EDI - NWG {GHOSTLY}\n" in ghost
    assert ghost.replace("NWG", "NTH") != gm_asks(judge, GAME, "EXPLAIN F NTH\n")
    # The illusionist's own void move: its reason, and whom it was told.
    void = gm_asks(judge, GAME, "EXPLAIN A MAR\n")
    assert "A MAR in" in void and "illusion" in void and "[told only FRANCE]" in void
    # Another power asks the same and is told nothing of them.
    russian = ask(judge, "RUSSIA", GAME, "EXPLAIN F BLA\nEXPLAIN F NWG\n")
    assert f"There was no unit of yours in BLA in {SPRING}." in russian
    assert "invisible" not in russian and "ghost" not in russian
    # HISTORY stays the public copy, for the GM too.
    history = gm_asks(judge, GAME, "HISTORY S1901M\n")
    assert "BLA" not in history and "invisible" not in history


def test_the_gm_explains_an_invisible_unit_after_a_winter(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, TEXT)
    play(judge, GAME, {"TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON H", "A SMY H"]})
    play(judge, GAME, {"TURKEY": ["F BLA H", "A CON - BUL", "A SMY H"]})  # a build: a winter
    judge.clock.advance(hours=200)
    judge.tick()
    judge.new_mail()
    gm = gm_asks(judge, GAME, "EXPLAIN F BLA\n")
    assert f"F BLA {INVISIBLE} in {FALL}:\n  ordered: F BLA H {INVISIBLE}\n" in gm
    # Turkey's own copy says invisible, and Russia's none: as before.
    assert "(invisible)" in ask(judge, "TURKEY", GAME, "EXPLAIN F BLA\n")
    assert "There was no unit of yours in BLA" in ask(judge, "RUSSIA", GAME, "EXPLAIN F BLA\n")


def test_the_gms_help_says_his_explain_is_of_any_unit(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, TEXT)
    gm = " ".join(gm_asks(judge, GAME, "HELP\n").split())
    assert ("EXPLAIN unit (phase): why any power's unit did what it did in the last phase it "
            "had an order, or in the phase you name after it, from your copy of the results "
            "(the full one: what the players may not all see is marked)") in gm
    player = " ".join(ask(judge, "RUSSIA", GAME, "HELP\n").split())
    assert "EXPLAIN unit (phase): why one of your units did what it did" in player
    assert "any power's unit" not in player



def test_the_gm_explains_both_units_a_province_held_in_one_phase(tmp_path: Path) -> None:
    # The fifth trial of issue 32: the GM's EXPLAIN A VEN told Italy's army dislodged from
    # VEN alone, not Austria's that moved in; each is headed by its power for him.
    judge = make_judge(tmp_path, standard_game())
    play(judge, "g", {"AUSTRIA": ["A VIE - TYR", "A BUD H", "F TRI H"]})
    play(judge, "g", {"AUSTRIA": ["A TYR - VEN", "F TRI S A TYR - VEN", "A BUD H"]})
    fall = "Fall 1901 Movement (F1901M)"
    moved_in = (f"AUSTRIA's A TYR in {fall}:\n  ordered: A TYR - VEN\n  result: succeeds\n"
                "  it ended in VEN\n")
    gm = gm_asks(judge, "g", "EXPLAIN A VEN\n")
    assert f"ITALY's A VEN in {fall}:\n  ordered: A VEN H\n  result: dislodged\n" in gm
    assert moved_in in gm
    # Italy's own is unchanged: his unit alone.
    italy = ask(judge, "ITALY", "g", "EXPLAIN A VEN\n")
    assert f"\nA VEN in {fall}:\n" in f"\n{italy}" and "A TYR in" not in italy
    # Once Italy's army retreated, the GM reads its retreat, then the army that moved in.
    judge.send("italy@example.test", "A VEN - PIE\n", subject="[g] orders")
    judge.tick()
    judge.new_mail()
    gm = gm_asks(judge, "g", "EXPLAIN A VEN\n")
    assert "ITALY's A VEN in Fall 1901 Retreat (F1901R):\n  ordered: A VEN R PIE\n" in gm
    assert moved_in in gm
