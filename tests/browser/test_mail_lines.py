"""The HTML part keeps the text part's lines (issue 32): on a 390 px phone in Chromium,
every line of the plain part, example and table row alike, is a line of the page, in
order, never glued to the next; a heading underlined in the text is a heading without its
"-------". Mails made by the real pipeline, decoded as a mail client does: the
Al-Andalus welcome (whose example lines ran together), RULES and RULES FULL of Warlock
(the spell table that became one paragraph, the "Casting / -------" heading), HELP and an
acknowledgement."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.browser.linekit import keeps_lines, keeps_sections, page_lines, plain_lines
from tests.browserkit import Browser
from tests.loop.judgekit import POWERS, Judge, body, make_judge, standard_game
from tests.loop.test_trial_explain import FADING, SUBJECT, past_the_deadline
from tests.picture.test_map_mails import MOVES, START, addr

REPO = Path(__file__).resolve().parents[2]


def example(folder: str) -> str:
    return (REPO / "gmbot/variants" / folder / "example.yaml").read_text(encoding="utf-8")


def reply(judge: Judge, sender: str, text: str, game: str) -> EmailMessage:
    judge.send(sender, text, subject=f"[{game}] question")
    judge.tick()
    [mail] = judge.to(sender, judge.new_mail())
    return mail


def test_the_al_andalus_welcome_keeps_its_example_lines(
        browser: Browser, tmp_path: Path) -> None:
    judge = make_judge(tmp_path, example("al_andalus"))
    for who in ("zaragoza@example.test", "lordelindel@example.test"):
        [welcome] = [m for m in judge.welcomes if m["To"] == who]
        text = body(welcome)
        # The page shows the first paragraph (seat, deadline) in a box of its own.
        lines = plain_lines(text.replace("\r\n", "\n").split("\n\n", 1)[1])
        assert any(line.startswith("HIRE ") or line.startswith("GO TO COURT ")
                   for line in lines)
        keeps_lines(page_lines(browser, welcome, tmp_path / who), lines)


@pytest.mark.parametrize("asked", ["RULES", "RULES FULL", "HELP", "A PAR - BUR\nCAST EXTRA BUILD"])
def test_warlock_rules_help_and_ack_keep_their_lines_tables_and_headings(
        browser: Browser, tmp_path: Path, asked: str) -> None:
    judge = make_judge(tmp_path, example("warlock"))
    mail = reply(judge, "france@example.test", asked + "\n", "warlock-example")
    lines = plain_lines(body(mail))
    shown = page_lines(browser, mail, tmp_path / "page")
    keeps_lines(shown, lines)
    if asked == "RULES FULL":
        assert "-------" not in " ".join(shown)
        assert "Casting" in shown
        assert "VAPORIZE (1) | VAPORISE | a unit | CAST VAPORIZE A BUD" in shown
        assert "ADD 2 SUPPORTS (1) | ADD TWO SUPPORTS | a unit, or its move | " \
            "CAST ADD 2 SUPPORTS A VIE" in shown


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Judge:
    """A standard game after Spring 1901, France's orders with a refused line."""
    judge = make_judge(tmp_path_factory.mktemp("played"), standard_game())
    for power in POWERS:
        lines = [MOVES.get(u, f"{u} H") for u in START[power]]
        if power == "FRANCE":
            lines.append("A PAR - MUN")
        judge.send(addr(power), "\n".join(lines) + "\n", subject="[g] spring")
    judge.tick()
    judge.clock.advance(hours=49)
    judge.tick()
    return judge


def test_the_results_keep_their_lines_on_a_phone(
        browser: Browser, played: Judge, tmp_path: Path) -> None:
    mails = [m for m in played.outbox() if "results" in m["Subject"]]
    for who in (addr("FRANCE"), "gm@example.test"):
        [mail] = played.to(who, mails)
        # The title is the subject's words in the page's own order; the rest is kept.
        lines = plain_lines(body(mail))[1:]
        keeps_sections(page_lines(browser, mail, tmp_path / who), lines)


def test_the_game_over_mail_keeps_its_lines_on_a_phone(
        browser: Browser, played: Judge, tmp_path: Path) -> None:
    played.send("gm@example.test", "DRAW\n", subject="[g] draw")
    played.tick()
    [over] = [m for m in played.to(addr("FRANCE"), played.new_mail())
              if "draw" in m["Subject"]]
    keeps_sections(page_lines(browser, over, tmp_path / "over"), plain_lines(body(over))[1:])


def test_an_al_andalus_results_mail_keeps_its_lines_on_a_phone(
        browser: Browser, tmp_path: Path) -> None:
    # A hire, an auto-hold (the order given, the order carried out and why), the courts
    # and dinars in the notes: each a line of its own on the phone, in the text's order.
    judge = make_judge(tmp_path, example("al_andalus"))
    subject = "[al-andalus-example] orders"
    judge.send("zaragoza@example.test", "HIRE lordelindel\nA ZAR - MED\nA LLE - BAR\n"
               "F TOR - GOV\n", subject=subject)
    judge.send("lordelindel@example.test", "GO TO COURT ZARAGOZA\n", subject=subject)
    for prince in ("castille", "badajoz", "seville", "granada"):
        judge.send(f"{prince}@example.test", "WAIT\n", subject=subject)
    judge.clock.advance(hours=49)
    judge.tick()
    mails = [m for m in judge.new_mail() if "results" in m["Subject"]]
    for who in ("zaragoza@example.test", "lordelindel@example.test"):
        [mail] = judge.to(who, mails)
        text = body(mail)
        assert "F TOR - GOV -> F TOR H (auto-hold" in text
        keeps_sections(page_lines(browser, mail, tmp_path / who), plain_lines(text)[1:])


def test_a_warlock_results_mail_with_reasons_keeps_its_lines_on_a_phone(
        browser: Browser, tmp_path: Path) -> None:
    # The spells' public lines, a reason beside a vaporized army, the caster's spells left.
    judge = make_judge(tmp_path, example("warlock"))
    judge.send("germany@example.test", "CAST VAPORIZE A PAR\nA MUN - BUR\nA BER H\nF KIE H\n",
               subject="[warlock-example] orders")
    judge.send("france@example.test", "A PAR - BUR\nA MAR H\nF BRE H\n",
               subject="[warlock-example] orders")
    judge.clock.advance(days=3)
    judge.tick()
    mails = [m for m in judge.new_mail() if "results" in m["Subject"]]
    for who in ("france@example.test", "germany@example.test"):
        [mail] = judge.to(who, mails)
        text = body(mail)
        assert "(a VAPORIZE spell destroyed it before the battle" in text
        keeps_sections(page_lines(browser, mail, tmp_path / who), plain_lines(text)[1:])


def test_explain_of_a_faded_ghost_is_one_sentence_on_a_phone(
        browser: Browser, tmp_path: Path) -> None:
    """The fourth trial: `GHOST F EDI in Fall 1901 Retreat (F1901R):` over a dash read
    badly; the answer is a sentence, in the text and on the page alike."""
    judge = make_judge(tmp_path, example("warlock") + FADING)
    past_the_deadline(judge, {"ENGLAND": "F LON H\nF EDI H", "GERMANY": "A MUN H",
                              "FRANCE": "A BUR - MUN\nA RUH S A BUR - MUN"}, SUBJECT)
    past_the_deadline(judge, {"GERMANY": "A MUN D"}, SUBJECT)
    mail = reply(judge, addr("ENGLAND"), "EXPLAIN GHOST F EDI\n", "warlock-example")
    lines = plain_lines(body(mail))
    sentence = ("Your ghost F EDI faded into mist at the end of 1901, in the Fall 1901 "
                "Retreat results: a ghost lasts until the year's end.")
    assert lines == [sentence]
    shown = page_lines(browser, mail, tmp_path / "page")
    keeps_lines(shown, lines)
    assert not any(line.startswith("-") or "F1901R" in line for line in shown)
