"""A move written without its dash (`F BRE MAO`, the trial of 3 December, second) gets "did
you mean F BRE - MAO?" beside the grammar's reason, read in the player's acknowledgement:
a province where the order word belongs, that the unit borders or (an army) that the
fleets at sea could convoy it to. A move the unit could not make gets no guess. In every
variant's grammar alike."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import make_judge, standard_game
from tests.loop.trialkit import addr, example, text

WORDS = "expected -, H, S or C after the unit"


def ack(judge_text: str, tmp_path: Path, power: str, lines: str, game: str = "g") -> str:
    judge = make_judge(tmp_path, judge_text)
    judge.send(addr(power), lines, subject=f"[{game}] orders")
    judge.tick()
    [mail] = judge.to(addr(power), judge.new_mail())
    return text(mail)


def test_a_move_without_its_dash_gets_the_move(tmp_path: Path) -> None:
    got = ack(standard_game(), tmp_path, "ENGLAND",
              "F LON NTH\nF EDI the Norwegian Sea\nA LVP NTH\nA LVP NWY\n")
    assert (f"  line 1: F LON NTH\n    -> did not understand 'NTH': {WORDS} "
            "(did you mean F LON - NTH?)\n") in got
    assert f"did not understand 'NORWEGIAN': {WORDS} (did you mean F EDI - NWG?)" in got
    # An army does not go to sea, and no fleet at sea could carry it to Norway yet.
    assert f"  line 3: A LVP NTH\n    -> did not understand 'NTH': {WORDS}\n" in got
    assert f"  line 4: A LVP NWY\n    -> did not understand 'NWY': {WORDS}\n" in got


CONVOY = """position:
  phase: F1901M
  units:
    ENGLAND: [F NTH, A YOR, F LON]
    FRANCE: [A PAR]
  centers:
    ENGLAND: [LON, EDI, LVP]
    FRANCE: [PAR, BRE, MAR]
"""


def test_an_army_gets_the_move_a_convoy_could_make(tmp_path: Path) -> None:
    got = ack(standard_game(extra=CONVOY), tmp_path, "ENGLAND",
              "A YOR NWY\nA YOR BUR\nF LON NWY\n")
    assert f"did not understand 'NWY': {WORDS} (did you mean A YOR - NWY?)" in got
    assert f"  line 2: A YOR BUR\n    -> did not understand 'BUR': {WORDS}\n" in got
    assert f"  line 3: F LON NWY\n    -> did not understand 'NWY': {WORDS}\n" in got


def test_the_guess_in_arpiesse_and_warlock(tmp_path: Path) -> None:
    arpiesse = ack(example("arpiesse"), tmp_path / "a", "FRANCE", "F BRE MAO\nA PAR MAO\n",
                   "arpiesse-example")
    assert f"did not understand 'MAO': {WORDS} (did you mean F BRE - MAO?)" in arpiesse
    assert f"  line 2: A PAR MAO\n    -> did not understand 'MAO': {WORDS}\n" in arpiesse
    warlock = ack(example("warlock"), tmp_path / "w", "FRANCE", "F BRE MAO\nA PAR bur\n",
                  "warlock-example")
    assert f"did not understand 'MAO': {WORDS} (did you mean F BRE - MAO?)" in warlock
    assert f"did not understand 'BUR': {WORDS} (did you mean A PAR - BUR?)" in warlock
