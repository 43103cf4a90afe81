"""A refused line the player corrected further down does not hold early processing (issue
32): the trial's `A LVP - YOK` ("did you mean YORKSHIRE (YOR)?") then `A LVP - EDI` in the
same mail. The refused line is still listed; a line whose unit no later line orders, a
line whose unit cannot be told, and a Warlock spell still hold. Through the real pipeline
on the local Maildir."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, make_judge, standard_game
from tests.loop.test_early_hold import HELD, REPO, addr, answer, hold_all, text

SUBJECT = "[g] orders"
TRIAL = "F LON H\nF EDI H\nA LVP - YOK\nA LVP - EDI\n"
PROCESSED = ["g: S1901M processed (early); next F1901M"]


def others_done(tmp_path: Path, game: str | None = None, but: str = "ENGLAND",
                subject: str = SUBJECT) -> Judge:
    """A judge whose players but `but` have ordered, their acknowledgements read."""
    judge = make_judge(tmp_path, game or standard_game())
    hold_all(judge, subject, but=but)
    assert judge.tick().processed == []
    judge.new_mail()
    return judge


def english_ack(judge: Judge) -> str:
    [ack] = [m for m in judge.to(addr("ENGLAND"), judge.new_mail())
             if "Received" in m["Subject"] or "Errors" in m["Subject"]]
    return text(ack)


def test_a_line_corrected_in_the_same_mail_does_not_hold(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    ack = answer(judge, addr("ENGLAND"), TRIAL, SUBJECT)
    # The refusal is told as before, without the hold.
    assert "A LVP - YOK" in ack and "did you mean YORKSHIRE (YOR)?" in ack
    assert HELD not in ack and "refused lines" not in ack
    # STATUS agrees: the GM's does not list him as held, his own tells him of no hold.
    status = answer(judge, "gm@example.test", "STATUS\n", SUBJECT)
    assert "ENGLAND: ordered; NMR 0" in status and "ENGLAND: ordered, held" not in status
    assert HELD not in answer(judge, addr("ENGLAND"), "STATUS\n", SUBJECT)
    hold_all(judge, SUBJECT, but="ENGLAND")
    assert judge.tick().processed == PROCESSED


def test_the_trial_mail_last_is_processed_at_once(tmp_path: Path) -> None:
    judge = others_done(tmp_path)
    judge.send(addr("ENGLAND"), TRIAL, subject=SUBJECT)
    assert judge.tick().processed == PROCESSED
    ack = english_ack(judge)
    assert "A LVP - YOK" in ack and HELD not in ack


def test_a_refused_line_no_later_line_orders_its_unit_for_still_holds(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    # England's first, while the others have not ordered.
    assert HELD not in answer(judge, addr("ENGLAND"), "F LON H\nF EDI H\nA LVP H\n", SUBJECT)
    # A later line orders another unit: the Liverpool line is not corrected.
    assert HELD in answer(judge, addr("ENGLAND"), "A LVP - YOK\nF LON - NTH\n", SUBJECT)
    # An order for the unit on an earlier line corrects nothing: the refused line came last.
    assert HELD in answer(judge, addr("ENGLAND"), "A LVP - EDI\nA LVP - YOK\n", SUBJECT)
    hold_all(judge, SUBJECT, but="ENGLAND")
    assert judge.tick().processed == []
    judge.new_mail()
    judge.send(addr("ENGLAND"), "A LVP - YOK\nA LVP - EDI\n", subject=SUBJECT)
    assert judge.tick().processed == PROCESSED


def test_a_line_whose_unit_cannot_be_told_still_holds(tmp_path: Path) -> None:
    judge = others_done(tmp_path)
    # No unit is read in the Liverpool line's misspelling (only a guess at what it meant):
    # nothing later corrects it.
    ack = answer(judge, addr("ENGLAND"), "F LON H\nF EDI H\nA LIVERPOOOL - YORK\nA LVP - YOR\n",
                 SUBJECT)
    assert "A LIVERPOOOL - YORK" in ack and "did you mean LIVERPOOL (LVP)?" in ack
    assert HELD in ack
    # A line in another phase's grammar names no unit of this phase either.
    ack = answer(judge, addr("ENGLAND"), "RETREAT A LVP - YOR\nA LVP - YOR\n", SUBJECT)
    assert "RETREAT A LVP - YOR" in ack and HELD in ack
    judge.send(addr("ENGLAND"), "A LVP - YOK\nA LVP - YOR\n", subject=SUBJECT)
    assert judge.tick().processed == PROCESSED


def test_a_correction_in_a_later_mail_adds_to_the_set(tmp_path: Path) -> None:
    judge = others_done(tmp_path)
    assert HELD in answer(judge, addr("ENGLAND"), "F LON H\nA LVP - YOK\n", SUBJECT)
    # The next mail orders Liverpool and Edinburgh, correcting its own Edinburgh line; the
    # London hold of the first stands beside them.
    judge.send(addr("ENGLAND"), "A LVP - EDI\nF EDI - NTHH\nF EDI - NTH\n", subject=SUBJECT)
    assert judge.tick().processed == PROCESSED
    ack = english_ack(judge)
    assert "F EDI - NTHH" in ack and HELD not in ack


def test_a_refused_warlock_spell_is_not_corrected_by_a_move_of_its_unit(
        tmp_path: Path) -> None:
    game = (REPO / "gmbot/variants/warlock/example.yaml").read_text(encoding="utf-8")
    subject = "[warlock-example] orders"
    judge = others_done(tmp_path, game, but="TURKEY", subject=subject)
    ack = answer(judge, addr("TURKEY"),
                 "A SMY H\nF ANK H\nCAST MAKE INVISIBL A CON - BUL\nA CON - BUL\n", subject)
    assert "CAST MAKE INVISIBL A CON - BUL" in ack and HELD in ack
    # A unit's line corrected further down does not hold, in Warlock too.
    judge.send(addr("TURKEY"), "A CON - BULL\nA CON - BUL\n", subject=subject)
    assert judge.tick().processed == ["warlock-example: S1901M processed (early); next F1901M"]



def test_a_mail_whose_refused_lines_were_all_corrected_is_titled_received(
        tmp_path: Path) -> None:
    # The trial of 3 December (fourth): `A CON - BUL` then `A CON S F ANK` was listed under
    # "Not accepted" (replaced by the later order) in a mail titled "Errors in your mail".
    judge = make_judge(tmp_path, standard_game())
    acks = {}
    for power, orders, subject in [
            ("TURKEY", "A CON - BUL\nA SMY H\nF ANK H\nA CON S F ANK\n", "[g] Received"),
            ("ENGLAND", TRIAL, "[g] Received"),
            ("FRANCE", "A PAR - BUR\nA MAR H\nF BRE H\nA PAR - PIKARDY\n",
             "[g] Errors in your mail")]:
        judge.send(addr(power), orders, subject=SUBJECT)
        judge.tick()
        [ack] = judge.to(addr(power), judge.new_mail())
        assert ack["Subject"] == subject, power
        acks[power] = text(ack)
    # The corrected lines are still told.
    assert "line 1: A CON - BUL\n    -> replaced by a later order for the unit in CON" \
        in acks["TURKEY"]
    assert "A LVP - YOK" in acks["ENGLAND"]
