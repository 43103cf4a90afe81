"""The smaller frictions of issue 32, each read as a player reads his mail, through the
real pipeline: a bare RESIGN is a question answered, not an error; WAIT beside orders says
its sentence once; a misspelt BUILD is named as a misspelt order word, not a province;
HELP lists BALANCE only where the variant keeps accounts."""

from __future__ import annotations

from pathlib import Path

from tests.loop.judgekit import REPO, Judge, body, make_judge, standard_game

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


WINTER = """
position:
  phase: W1080A
  units:
    ZARAGOZA: [A ZAR, A LLE, F TOR]
    CASTILLE: [A BUR, F GAL, A LEO]
  centers:
    ZARAGOZA: [ZAR, LLE, TOR, BAR]
    CASTILLE: [BUR, GAL, LEO]
"""


def test_a_wazir_is_never_told_he_holds_up_a_phase_nobody_waits_for_him_in(
        tmp_path: Path) -> None:
    # Wazirs are never waited for in winter: a refused line or WAIT holds nothing up, and
    # his mail must not say it does; the Prince who must build is still told.
    game = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
    judge = make_judge(tmp_path, game + WINTER)
    wazir, prince = "lordelindel@example.test", "zaragoza@example.test"
    subject = "[al-andalus-example] orders"
    for sender in (wazir, prince):
        judge.send(sender, "BUILD A MED\n", subject=subject)
    judge.tick()
    mails = judge.new_mail()
    told = body(judge.to(wazir, mails)[0]).replace("\r\n", "\n")
    assert "line 1: BUILD A MED" in told
    assert "not processed early" not in told
    assert "not processed early until a later mail has none" in body(
        judge.to(prince, mails)[0]).replace("\r\n", "\n")
    judge.send(wazir, "WAIT\n", subject=subject)
    judge.tick()
    waited = body(judge.to(wazir, judge.new_mail())[0]).replace("\r\n", "\n")
    assert ("line 1: WAIT\n  done: noted; you have nothing to order this phase, so early "
            "processing does not wait for you") in waited


LOST_SEAT = """
position:
  phase: S1081M
  units:
    ZARAGOZA: [A LLE, F TOR]
    CASTILLE: [A ZAR, A BUR, F GAL, A LEO]
  centers:
    ZARAGOZA: [LLE, TOR]
    CASTILLE: [ZAR, BUR, GAL, LEO]
  extra:
    wazirs:
      lordelindel: {court: ZARAGOZA, dinars: 2}
"""


def test_a_courts_tag_follows_the_city_its_prince_still_holds(tmp_path: Path) -> None:
    # Zaragoza lost its seat to Castille: the tag of its court stands on a city Zaragoza
    # holds, never on the lost seat (where it read as Castille's court).
    from sqlalchemy import select

    from gmbot.engine.report import TAG, read_report
    from gmbot.store.models import PhaseRow

    game = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
    judge = make_judge(tmp_path, game + LOST_SEAT)
    judge.send("zaragoza@example.test", "A LLE H\nF TOR H\n",  # no NMR: no arrest
               subject="[al-andalus-example] orders")
    judge.clock.advance(hours=49)
    judge.tick()
    with judge.app.db.transaction() as s:
        row = s.scalars(select(PhaseRow).where(PhaseRow.name == "S1081M")).one()
        report = read_report(row.result)
    tags = {m.at: m.words for m in report.events if m.kind == TAG}
    assert tags == {"LLE": "Wazir LORDELINDEL"}
