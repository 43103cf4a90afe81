"""EXPLAIN tells another power nothing his results do not show: in Warlock an invisible
unit (asked of the phase or after a winter, the answer an empty province gets), a ghost
(a unit like any), an illusionist's own void move (its reason); in Capitalist who offered
a bribe; in any game a refused build. The GM's EXPLAIN is his full copy's
(test_explain_gm.py)."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, body, make_judge
from tests.loop.test_capitalist_mail import UNITS, capitalist_game, yaml_position
from tests.loop.test_explain import POWERS, addr, ask, play
from tests.loop.test_explain_phases import after_a_winter
from tests.loop.test_explain_warlock import FALL, GAME, SPRING, TEXT

GM = "gm@example.test"
WINTER_W = "Winter 1901 Adjustment (W1901A)"
# A Spring of Warlock's secrets: an invisible fleet, a ghost, an illusionist's void move.
SECRETS = {"TURKEY": ["CAST MAKE INVISIBLE F ANK - BLA", "A CON H", "A SMY H"],
           "ENGLAND": ["F EDI H", "CAST GHOST F EDI - NWG", "F LON - NTH", "A LVP H"],
           "FRANCE": ["CAST ILLUSION BUR - UKR", "A MAR - BUR", "A PAR H", "F BRE H"]}


def gm_asks(judge: Judge, game: str, text: str) -> str:
    judge.send(GM, text, subject=f"[{game}] question")
    judge.tick()
    [reply] = judge.to(GM, judge.new_mail())
    return body(reply).replace("\r\n", "\n")


def test_warlocks_hidden_units_are_not_told_another_power(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, TEXT)
    play(judge, GAME, SECRETS)
    russian = ask(judge, "RUSSIA", GAME,
                  "EXPLAIN F BLA\nEXPLAIN F EAS\nEXPLAIN F NWG\nEXPLAIN A MAR\n")
    hidden, empty, ghost, void = russian.split("\n\n")[:4]
    assert f"There was no unit of yours in BLA in {SPRING}." in hidden
    assert hidden.replace("BLA", "EAS") == empty
    assert ghost == empty.replace("EAS", "NWG")  # a ghost made this turn: as another's
    assert "A MAR was not one of your units" in void and "illusion" not in void
    # Where the ghost went and where England's real fleet went read alike to another
    # power: nothing tells the ghost's move from a real one.
    assert ask(judge, "RUSSIA", GAME, "EXPLAIN F NWG\n").replace("NWG", "NTH") == ask(
        judge, "RUSSIA", GAME, "EXPLAIN F NTH\n")
    # Through the winter and after it, asked by another power: as an empty sea, word for
    # word, whichever phase the answer is of.
    play(judge, GAME, {"TURKEY": ["F BLA H", "A CON - BUL", "A SMY H"],  # a build: a winter
                       "ENGLAND": ["F EDI H", "F NWG H", "F NTH H", "A LVP H"]})
    judge.clock.advance(hours=200)
    judge.tick()
    judge.new_mail()
    hidden = ask(judge, "RUSSIA", GAME, "EXPLAIN F BLA\n")
    assert hidden.replace("BLA", "EAS") == ask(judge, "RUSSIA", GAME, "EXPLAIN F EAS\n")
    assert f"There was no unit of yours in BLA in {WINTER_W}." in hidden
    # The owner reads it, from the fall (no order in the winter).
    own = ask(judge, "TURKEY", GAME, "EXPLAIN F BLA\n")
    assert f"F BLA in {FALL}:" in own and "(invisible)" in own


def test_a_bribers_name_is_told_nobody_but_himself(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, capitalist_game(yaml_position()))
    orders = {"ENGLAND": "F LON - NTH (3)", "FRANCE": "A POR H (2)\nBRIBE F LON - YOR (5)"}
    for power in POWERS:
        judge.send(addr(power), orders.get(power, f"{UNITS[power]} H"), subject="[g] orders")
    judge.tick()
    judge.new_mail()
    why = "bribed: 5 offered for YOR beat its owner's pay of 3 for NTH"
    english = ask(judge, "ENGLAND", "g", "EXPLAIN F LON\n")
    public = gm_asks(judge, "g", "EXPLAIN F LON\n")
    for text in (english, public):
        assert f"  carried out: F LON - YOR ({why})" in text
        assert "FRANCE" not in text.upper().split("EXPLAIN")[0]
    assert "F LON was not one of your units" in ask(judge, "FRANCE", "g", "EXPLAIN F LON\n")


def test_a_refused_build_is_told_its_sender_alone(tmp_path: Path) -> None:
    judge = after_a_winter(tmp_path)
    assert "refused" not in gm_asks(judge, "g", "EXPLAIN A GAS\n")
    assert f"There was no unit of yours in GAS in {WINTER_W}." in ask(
        judge, "GERMANY", "g", "EXPLAIN A GAS\n")
