"""SET MAIL: a player chooses the mail he may do without (press in a daily digest,
reminders off, quiet hours in his time zone), by a mail command or by the link the
mail carries; what he needs to play (results, answers, the late notice) always comes,
and a SET MAIL trying to stop it is refused by name. Through the real pipeline on the
local Maildir, mails read as a mail client decodes them."""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.service.app import open_app
from gmbot.service.archive.run import export_text, import_file
from gmbot.service.views.mail_prefs import prefs_of
from gmbot.store.models import Game, Player
from tests.authkit import trust_the_mx
from tests.loop.judgekit import Judge, make_judge, standard_game
from tests.loop.test_commands import GM, addr, ask, body
from tests.outgoing.test_list_headers import follow

# On PostgreSQL too (CONTRIBUTING.md): a JSON column read and written, the digest's queries.
pytestmark = pytest.mark.dialect("gmbot.service.inbound.press_digest")

FRANCE, ENGLAND, GERMANY = addr("FRANCE"), addr("ENGLAND"), addr("GERMANY")


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    game = standard_game().replace("  early: true", "  early: true\n  grace: 12h")
    return make_judge(tmp_path, game)


def press(judge: Judge, sender: str, text: str) -> None:
    judge.send(sender, text, subject="[g] press")
    judge.tick()


def subjects(mails: list[EmailMessage]) -> list[str]:
    return [m["Subject"] for m in mails]


def test_status_shows_the_choices_and_set_mail_changes_them(judge: Judge) -> None:
    assert ("Your mail: press as it comes; reminders on; no quiet hours; times in UTC "
            "(SET MAIL changes it; HELP says how).") in ask(judge, FRANCE, "STATUS\n")
    reply = ask(judge, FRANCE, "SET MAIL PRESS DIGEST\nSET MAIL REMINDERS OFF\n"
                               "SET MAIL QUIET 22:00-07:30\nSET MAIL ZONE Europe/Paris\n")
    assert ("your mail from game g: press in one digest a day; reminders off; quiet "
            "hours 22:00-07:30; times in Europe/Paris") in reply
    assert ("Your mail: press in one digest a day; reminders off; quiet hours "
            "22:00-07:30; times in Europe/Paris") in ask(judge, FRANCE, "STATUS\n")
    # Another player's choices are his own.
    assert "Your mail: press as it comes" in ask(judge, ENGLAND, "STATUS\n")


@pytest.mark.parametrize("line", ["SET MAIL RESULTS OFF", "SET MAIL ACKS OFF",
                                  "SET MAIL DEADLINES OFF", "SET MAIL ALL OFF"])
def test_set_mail_never_stops_what_a_player_needs(judge: Judge, line: str) -> None:
    reply = ask(judge, FRANCE, f"{line}\n")
    assert line in reply
    assert ("results, the answers to your mail and the deadline's late notice always "
            "come, at once: you need them to play") in reply
    assert "Your mail: press as it comes; reminders on" in ask(judge, FRANCE, "STATUS\n")
    judge.send(GM, "PROCESS\n", subject="[g] gm")
    judge.tick()
    judge.tick()
    assert "[g] Spring 1901 Movement results" in subjects(judge.to(FRANCE, judge.new_mail()))


@pytest.mark.parametrize(("line", "why"), [
    ("SET MAIL ZONE Mars/Olympus", "'Mars/Olympus' is no time zone"),
    ("SET MAIL QUIET 25:00-07:00", "quiet hours are clock times from 00:00 to 23:59"),
    ("SET MAIL QUIET tonight", "write quiet hours as 22:00-07:00"),
    ("SET MAIL PRESS SOMETIMES", "write it as SET MAIL PRESS DIGEST"),
])
def test_a_bad_set_mail_is_refused_with_the_line_and_the_reason(
        judge: Judge, line: str, why: str) -> None:
    reply = ask(judge, FRANCE, f"{line}\n")
    assert line in reply and why in reply


def test_the_gm_has_no_choice_of_mail(judge: Judge) -> None:
    assert "the game master gets all of the game's mail" in ask(
        judge, GM, "SET MAIL PRESS DIGEST\n")


def test_press_digest_gathers_a_days_press_into_one_mail(judge: Judge) -> None:
    ask(judge, FRANCE, "SET MAIL PRESS DIGEST\n")
    press(judge, ENGLAND, "PRESS TO FRANCE GERMANY: first\n")
    judge.clock.advance(hours=2)
    press(judge, GERMANY, "BROADCAST: second\n")
    mails = judge.new_mail()
    assert [m for m in judge.to(FRANCE, mails) if "Press" in m["Subject"]
            or "Broadcast" in m["Subject"]] == []
    # Germany takes press as it comes.
    assert any("Press from" in s for s in subjects(judge.to(GERMANY, mails)))
    judge.clock.now = datetime(2026, 3, 3, 8, 0, tzinfo=UTC)  # the digest's hour, UTC
    judge.tick()
    (digest,) = judge.to(FRANCE, judge.new_mail())
    assert digest["Subject"] == "[g] Press digest: 2 messages"
    text = body(digest)
    assert text.index("first") < text.index("second")
    assert "From England to France, Germany" in text and "From Germany to all players" in text
    assert "SET MAIL PRESS EACH sends each as it comes." in text
    assert digest["List-Unsubscribe"] is None  # press is not stopped, only gathered
    # HISTORY keeps his press as always.
    history = ask(judge, FRANCE, "HISTORY\n")
    assert "first" in history and "second" in history


def test_press_as_it_comes_says_how_to_gather_it_and_its_link_does(judge: Judge) -> None:
    press(judge, ENGLAND, "PRESS TO FRANCE: hello\n")
    (mail,) = judge.to(FRANCE, judge.new_mail())
    assert "SET MAIL PRESS DIGEST gathers your press into one mail a day." in body(mail)
    to, subject, text = follow(mail["List-Unsubscribe"])
    assert (to, subject, text) == ("judge@example.test", "[g] SET MAIL PRESS DIGEST",
                                   "SET MAIL PRESS DIGEST")
    judge.send(FRANCE, text + "\n", subject=subject)
    judge.tick()
    assert "press in one digest a day" in body(judge.to(FRANCE, judge.new_mail())[0])
    press(judge, ENGLAND, "PRESS TO FRANCE: again\n")
    assert judge.to(FRANCE, judge.new_mail()) == []


def test_reminders_off_keeps_the_late_notice(judge: Judge) -> None:
    reply = ask(judge, FRANCE, "SET MAIL REMINDERS OFF\n")
    assert "reminders off" in reply
    judge.clock.advance(hours=30)  # past the 24h reminder
    judge.tick()
    mails = judge.new_mail()
    assert not any("Reminder" in s for s in subjects(judge.to(FRANCE, mails)))
    (reminder,) = [m for m in judge.to(GERMANY, mails) if "Reminder" in m["Subject"]]
    assert "SET MAIL REMINDERS OFF stops these reminders" in body(reminder)
    to, subject, text = follow(reminder["List-Unsubscribe"])
    assert text == "SET MAIL REMINDERS OFF" and subject == "[g] SET MAIL REMINDERS OFF"
    judge.clock.advance(hours=20)  # into the grace period
    judge.tick()
    (late,) = [m for m in judge.to(FRANCE, judge.new_mail()) if "late" in m["Subject"]]
    assert late["List-Unsubscribe"] is None  # a warning he must have


def test_quiet_hours_hold_press_until_they_end(judge: Judge) -> None:
    # 09:00 UTC is 10:00 in Paris: quiet from 09:30 to 11:00 there.
    ask(judge, FRANCE, "SET MAIL ZONE Europe/Paris\n")
    ask(judge, FRANCE, "SET MAIL QUIET 09:30-11:00\n")
    judge.clock.advance(minutes=45)  # 10:45 in Paris
    press(judge, ENGLAND, "PRESS TO FRANCE: at night\n")
    assert judge.to(FRANCE, judge.new_mail()) == []
    judge.clock.advance(minutes=10)  # 10:55 in Paris: still quiet
    judge.tick()
    assert judge.to(FRANCE, judge.new_mail()) == []
    judge.clock.advance(minutes=5)  # 11:00 in Paris
    judge.tick()
    (held,) = judge.to(FRANCE, judge.new_mail())
    assert "at night" in body(held)
    # Answers are never held: his own mail is answered at once, quiet or not.
    judge.clock.advance(hours=22, minutes=45)  # 09:45 in Paris the next day
    assert "Your mail:" in ask(judge, FRANCE, "STATUS\n")  # ask() finds the reply sent now


def test_a_reminder_in_quiet_hours_waits_for_their_end_unless_the_deadline_comes_first(
        judge: Judge) -> None:
    # The game opened at 09:00 UTC; the deadline is 48 hours on, reminders 24h and 4h
    # before it. Quiet from 09:30 to 11:00 in Paris: the first reminder (10:00 there)
    # waits till 11:00; Germany, who chose nothing, has his at once.
    ask(judge, FRANCE, "SET MAIL ZONE Europe/Paris\nSET MAIL QUIET 09:30-11:00\n")
    judge.clock.advance(hours=24, minutes=5)
    judge.tick()
    mails = judge.new_mail()
    assert [m for m in judge.to(GERMANY, mails) if "Reminder" in m["Subject"]]
    assert not [m for m in judge.to(FRANCE, mails) if "Reminder" in m["Subject"]]
    judge.clock.advance(minutes=50)  # 10:55 in Paris
    judge.tick()
    assert judge.to(FRANCE, judge.new_mail()) == []
    judge.clock.advance(minutes=5)  # 11:00 in Paris
    judge.tick()
    (held,) = judge.to(FRANCE, judge.new_mail())
    assert "Reminder" in held["Subject"]
    # Quiet hours that end after the deadline would keep the last reminder past it:
    # it goes at once instead.
    ask(judge, FRANCE, "SET MAIL QUIET 06:00-23:00\n")
    judge.clock.advance(hours=19, minutes=5)  # 05:05 UTC, 06:05 in Paris, 4h to go
    judge.tick()
    (last,) = [m for m in judge.to(FRANCE, judge.new_mail()) if "Reminder" in m["Subject"]]
    assert "SET MAIL REMINDERS OFF stops these reminders" in body(last)


def test_the_choices_go_with_a_full_export_and_never_with_a_public_one(
        judge: Judge, tmp_path: Path) -> None:
    ask(judge, FRANCE, "SET MAIL QUIET 22:00-07:00\n")
    assert "22:00" not in export_text(judge.app, "g", addresses=True)
    path = tmp_path / "g.json"
    path.write_text(export_text(judge.app, "g", scope="full"), encoding="utf-8")
    other_home = tmp_path / "other"
    trust_the_mx(other_home)
    other = open_app(other_home)
    other.clock = judge.clock
    import_file(other, path, "h")  # a name of its own: on PostgreSQL the homes share a database
    with other.db.transaction() as s:
        france = s.scalars(select(Player).join(Game).where(
            Game.name == "h", Player.address == FRANCE)).one()
        assert prefs_of(france).quiet == (22 * 60, 7 * 60)
