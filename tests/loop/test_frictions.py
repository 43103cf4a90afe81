"""The smaller frictions of issue 32, each read as a player reads his mail, through the
real pipeline: a bare RESIGN is a question answered, not an error; WAIT beside orders says
its sentence once; a misspelt BUILD is named as a misspelt order word, not a province;
HELP lists BALANCE only where the variant keeps accounts."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import Judge, body, make_judge, standard_game

FRANCE = "france@example.test"


def answer(judge: Judge, text: str, sender: str = FRANCE) -> tuple[str, str]:
    judge.send(sender, text, subject="[g] x")
    judge.tick()
    [mail] = judge.to(sender, judge.new_mail())
    return mail["Subject"], body(mail).replace("\r\n", "\n")


def test_a_bare_resign_asks_for_the_confirmation_without_an_error(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    subject, text = answer(judge, "RESIGN\n")
    assert "Errors" not in subject
    assert "refused" not in text
    assert "line 1: RESIGN\n  not done yet: resigning gives up FRANCE for good" in text
    assert "To confirm, send the line RESIGN FRANCE" in text
    _, status = answer(judge, "ORDERS\n")  # still his seat
    assert "resigned" not in status.lower()


def test_wait_beside_orders_says_its_sentence_once(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    _, text = answer(judge, "A PAR - BUR\nWAIT\n")
    assert text.count("the phase is not processed early while you wait") == 1
    assert "line 2: WAIT\n  done: noted (see above)" in text
    _, alone = answer(judge, "WAIT\n")
    assert alone.count("the phase is not processed early while you wait") == 1


def test_a_misspelt_build_is_named_a_misspelt_order_word(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    _, text = answer(judge, "biuld a bur\n")
    assert "line 1: biuld a bur\n    -> 'BIULD' is no order word (did you mean BUILD?)" in text
    assert "unknown province 'BIULD'" not in text


def test_help_lists_balance_only_where_the_variant_keeps_accounts(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    _, text = answer(judge, "HELP\n")
    assert "BALANCE" not in text


def test_several_questions_in_one_mail_are_titled_by_each(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    subject, text = answer(judge, "HELP\nRULES\nPROVINCES\n")
    assert subject == "[g] Help, Rules, Provinces"
    assert "Standard Diplomacy: a player's primer" in text and "PAR Paris" in text
