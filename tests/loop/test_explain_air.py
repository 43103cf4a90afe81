"""EXPLAIN in Warlock, through the mail: "it ended in" for a ghost, a balloon and a unit a
spell moved, as for any unit; a balloon named as a player writes it (`BALLOON A PAR`, `A
PAR (aloft)`, `A PAR IN THE AIR`, `EXPLAIN BALLOON`, `EXPLAIN A AIR`), and nothing told
another power that his results do not show."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import make_judge
from tests.loop.test_explain import ask, play
from tests.loop.test_explain_warlock import FALL, GAME, SPRING, TEXT


def test_a_ghost_a_balloon_and_a_spells_move_say_where_they_ended(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, TEXT)
    play(judge, GAME, {
        "ENGLAND": ["F EDI H", "CAST GHOST F EDI - NWG", "F LON H", "A LVP H"],
        "FRANCE": ["CAST BALLOON A PAR", "A MAR H", "F BRE H"],
        "GERMANY": ["CAST ILLUSION BUR - UKR", "A MUN H", "A BER H", "F KIE H"],
        "RUSSIA": ["A WAR - UKR", "A MOS H", "F SEV H", "F STP/SC H"]})
    assert (f"GHOST F EDI in {SPRING}:\n  ordered: F EDI - NWG (ghost)\n  result: succeeds\n"
            "  it ended in NWG\n") in ask(judge, "ENGLAND", GAME, "EXPLAIN F NWG\n")
    assert (f"A PAR in {SPRING}:\n  ordered: A PAR floats up\n  result: succeeds\n"
            "  it ended in the air over PAR\n") in ask(judge, "FRANCE", GAME, "EXPLAIN A PAR\n")
    assert (f"A WAR in {SPRING}:\n  ordered: A WAR - UKR\n  result: succeeds\n"
            "  it ended in BUR\n  - an illusion swapped UKR and BUR: it arrived in BUR") in ask(
        judge, "RUSSIA", GAME, "EXPLAIN A WAR\n")
    play(judge, GAME, {
        "ENGLAND": ["F EDI H", "F NWG - NAO", "F LON H", "A LVP H"],
        "FRANCE": ["BALLOON A PAR - BUR", "A MAR H", "F BRE H"],
        "RUSSIA": ["A BUR H", "A MOS H", "F SEV H", "F STP/SC H"],
        "TURKEY": ["A CON - BUL", "A SMY H", "F ANK H"]})  # a centre gained: a winter
    drift = (f"BALLOON A PAR in {FALL}:\n  ordered: BALLOON A PAR - BUR\n  result: succeeds\n"
             "  it ended in the air over BUR\n")
    for line in ("EXPLAIN BALLOON A PAR", "EXPLAIN A PAR (aloft)", "explain a par in the air",
                 "EXPLAIN BALLOON", "EXPLAIN A AIR", "EXPLAIN BALLOON A AIR"):
        assert drift in ask(judge, "FRANCE", GAME, f"{line}\n"), line
    assert (f"GHOST F NWG in {FALL}:\n  ordered: F NWG - NAO (ghost)\n  result: succeeds\n"
            "  it ended in NAO\n") in ask(judge, "ENGLAND", GAME, "EXPLAIN GHOST\n")
    # Another power: no balloon nor ghost of his, and England's ghost a unit like any.
    russian = ask(judge, "RUSSIA", GAME, "EXPLAIN BALLOON\nEXPLAIN GHOST\nEXPLAIN F NWG\n")
    assert f"There was no balloon of yours in {FALL}." in russian
    assert f"There was no ghost of yours in {FALL}." in russian
    assert f"F NWG was not one of your units in {FALL}" in russian
    assert "ghost" not in russian.replace("no ghost of yours", "")
    assert "NAO" not in russian
    # After the winter, the balloon asked by where it is now: the fall that took it there.
    judge.clock.advance(hours=200)
    judge.tick()
    judge.new_mail()
    after = ask(judge, "FRANCE", GAME, "EXPLAIN BALLOON A BUR\n")
    assert ("No order of yours in BUR in Winter 1901 Adjustment (W1901A), the last processed "
            f"phase; the last phase with one was {FALL}:\n\n{drift}") in after
    # A near miss of a word for a unit is told what it may mean.
    assert "EXPLAIN BALOON A PAR: 'BALOON' is no word for a unit (did you mean BALLOON?)" \
        in ask(judge, "FRANCE", GAME, "EXPLAIN BALOON A PAR\n")


ROSE = ("  - a BALLOON spell lifted it into the air: there it cannot be attacked nor support, "
        "and it drifts or lands when ordered")


def test_a_balloon_is_explained_in_the_turn_it_rose(tmp_path: Path) -> None:
    """The army was on the ground when the turn began and in the air when it ended: every
    way of naming a balloon finds it, and the answer says how it rose and where it is."""
    judge = make_judge(tmp_path, TEXT)
    play(judge, GAME, {"GERMANY": ["CAST BALLOON A MUN", "A BER H", "F KIE H"]})
    rose = (f"A MUN in {SPRING}:\n  ordered: A MUN floats up\n  result: succeeds\n"
            f"  it ended in the air over MUN\n{ROSE}")
    for line in ("EXPLAIN BALLOON A MUN", "EXPLAIN A MUN", "EXPLAIN BALLOON",
                 "EXPLAIN A MUN (aloft)", "explain a mun in the air", "EXPLAIN A AIR"):
        text = ask(judge, "GERMANY", GAME, f"{line}\n")
        assert rose in text, line
        assert "no balloon" not in text and "went as ordered" not in text, line
    # Another power: the balloon is public, but not his to explain.
    assert "A MUN was not one of your units" in ask(judge, "FRANCE", GAME,
                                                    "EXPLAIN BALLOON A MUN\n")
    assert f"There was no balloon of yours in {SPRING}." in ask(judge, "FRANCE", GAME,
                                                               "EXPLAIN BALLOON\n")


def test_a_balloon_that_rose_before_a_winter_is_explained_after_it(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, TEXT)
    play(judge, GAME, {"TURKEY": ["A CON - BUL", "A SMY H", "F ANK H"]})  # a winter to come
    play(judge, GAME, {"GERMANY": ["CAST BALLOON A MUN", "A BER H", "F KIE H"],
                       "TURKEY": ["A BUL H", "A SMY H", "F ANK H"]})
    judge.clock.advance(hours=200)
    judge.tick()
    judge.new_mail()
    for line in ("EXPLAIN BALLOON A MUN", "EXPLAIN A MUN"):
        assert ("No order of yours in MUN in Winter 1901 Adjustment (W1901A), the last "
                f"processed phase; the last phase with one was {FALL}:\n\nA MUN in {FALL}:\n"
                "  ordered: A MUN floats up\n  result: succeeds\n  it ended in the air over "
                f"MUN\n{ROSE}") in ask(judge, "GERMANY", GAME, f"{line}\n"), line
