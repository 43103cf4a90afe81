"""A province code a player shortens from its name ("A LVP - YRK" for York, "EDN" for
Edinburgh) gets "did you mean" the neighbour it means, read in his acknowledgement: a code
of the name's letters in order, among the provinces the unit touches, as well as one a
letter off; none where two provinces fit or none does."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, body, make_judge, standard_game
from tests.loop.test_trial_al_andalus import GAME as IBERIA


def ack(judge: Judge, who: str, lines: str, game: str = "g") -> str:
    judge.send(f"{who}@example.test", lines, subject=f"[{game}] orders")
    judge.tick()
    [mail] = judge.to(f"{who}@example.test", judge.new_mail())
    return body(mail).replace("\r\n", "\n")


def test_a_code_shortened_from_a_neighbours_name_gets_it(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    english = ack(judge, "england", "F LON - NRT\nF EDI - NWG\nA LVP - YRK\n")
    assert "  line 3: A LVP - YRK\n    -> unknown province 'YRK' (did you mean YORKSHIRE " \
           "(YOR)?)" in english
    assert "unknown province 'NRT' (did you mean NORTH SEA (NTH)?)" in english
    german = ack(judge, "germany", "A MUN - BHM\nF KIE - DNM\nA BER - XYZ\n")
    assert "unknown province 'BHM' (did you mean BOHEMIA (BOH)?)" in german
    assert "unknown province 'DNM' (did you mean DENMARK (DEN)?)" in german
    # A code that fits nothing the army touches gets no guess.
    assert "unknown province 'XYZ'\n" in german
    # BRG is a letter off Brest and shortens Burgundy: two fit, so no guess.
    french = ack(judge, "france", "A PAR - BRG\n")
    assert "unknown province 'BRG'\n" in french and "did you mean" not in french
    # The one-letter rule stands: YOK is YOR.
    assert "(did you mean YORKSHIRE (YOR)?)" in ack(judge, "england", "A LVP - YOK\n")


def test_a_shortened_code_on_another_map(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, IBERIA)
    castille = ack(judge, "castille", "A BUR - PMP\n", "al-andalus-example")
    assert "unknown province 'PMP' (did you mean PAMPLONA (PAM)?)" in castille
