"""Mail the judge must refuse or ignore, through the real pipeline on the local Maildir:
strangers, unknown games, passwords, automated mail, duplicates and ambiguous senders.
A refusal never tells the sender anything about a game; ignored mail gets no reply at all."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlalchemy import func, select

from gmbot.service.gm.load import load_game
from gmbot.store.models import Inbound, OrderSet
from tests.loop.judgekit import POWERS, Judge, body, make_judge, standard_game

FIXTURES = Path(__file__).resolve().parents[1] / "mail" / "fixtures"
NAME = "secretgame"


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    """A game whose name, powers and players a refusal must not reveal; France has a
    password."""
    text = standard_game(NAME).replace(
        "power: FRANCE}", "power: FRANCE, password: baguette}")
    return make_judge(tmp_path, text)


def order_sets(judge: Judge) -> int:
    with judge.app.db.transaction() as s:
        return s.scalar(select(func.count()).select_from(OrderSet))


def reveals_nothing(text: str) -> None:
    upper = text.upper()
    for power in POWERS:
        assert power not in upper
    for word in (NAME.upper(), "S1901", "SPRING", "1901", "@EXAMPLE.TEST", "GM@", "DEADLINE",
                 "A PAR", "BAGUETTE"):
        assert word not in upper, word


def only_reply(judge: Judge, address: str) -> EmailMessage:
    mails = judge.new_mail()
    assert [m["To"] for m in mails] == [address]
    return mails[0]


def test_unknown_sender_is_refused_without_learning_anything(judge: Judge) -> None:
    judge.send("stranger@example.org", "A PAR - BUR\nSTATUS\nHISTORY\n", subject="orders")
    report = judge.tick()
    assert [m.status for m in report.mails] == ["refused"]
    reply = only_reply(judge, "stranger@example.org")
    assert reply["Subject"] == "Not accepted: your mail"  # a stranger's subject is not echoed
    assert "not registered" in body(reply)
    assert "Nothing in it was recorded" in body(reply)
    reveals_nothing(body(reply))
    assert reply["In-Reply-To"]
    assert order_sets(judge) == 0


@pytest.mark.parametrize("how", ["line", "subject"])
def test_a_player_naming_an_unknown_game_is_refused(judge: Judge, how: str) -> None:
    if how == "line":
        judge.send("france@example.test", "GAME nope\nPASSWORD baguette\nA PAR - BUR\n",
                   subject="orders")
    else:
        judge.send("france@example.test", "PASSWORD baguette\nA PAR - BUR\n",
                   subject="[nope] orders")
    assert [m.status for m in judge.tick().mails] == ["refused"]
    reply = only_reply(judge, "france@example.test")
    assert "not registered" in body(reply)
    # Exactly what a stranger is told: the player cannot tell whether "nope" exists.
    reveals_nothing(body(reply))
    assert order_sets(judge) == 0


@pytest.mark.parametrize("password", ["PASSWORD croissant\n", "", "PASSWORD BAGUETTE\n"])
def test_a_wrong_or_missing_password_is_refused(judge: Judge, password: str) -> None:
    """A mail its provider could not vouch for (DMARC failed) needs the password."""
    judge.send("france@example.test", f"{password}A PAR - BUR\nF BRE - MAO\nSTATUS\n",
               subject=f"[{NAME}] orders", dmarc="fail")
    assert [m.status for m in judge.tick().mails] == ["refused"]
    reply = only_reply(judge, "france@example.test")
    assert reply["Subject"] == f"[{NAME}] A mail in your name could not be verified"
    assert "PASSWORD your-password" in body(reply)  # how to send one
    assert "reply to any mail from the judge" in body(reply)
    reveals_nothing(body(reply))
    assert order_sets(judge) == 0


def test_the_right_password_is_accepted(judge: Judge) -> None:
    judge.send("france@example.test", "password: baguette\nA PAR - BUR\n", dmarc="fail")
    assert [m.status for m in judge.tick().mails] == ["handled"]
    reply = only_reply(judge, "france@example.test")
    assert "A PAR - BUR" in body(reply)
    assert "baguette" not in body(reply)
    assert order_sets(judge) == 1


def test_a_player_without_a_password_needs_none(judge: Judge) -> None:
    judge.send("england@example.test", "F LON - NTH\n")
    assert [m.status for m in judge.tick().mails] == ["handled"]
    assert "F LON - NTH" in body(only_reply(judge, "england@example.test"))


def _fixture(name: str, sender: str) -> bytes:
    """A stored real-world mail, re-addressed from `sender` to the judge."""
    msg = email.message_from_bytes((FIXTURES / name).read_bytes(), policy=email.policy.default)
    del msg["From"], msg["To"], msg["Return-Path"]
    msg["From"] = sender
    msg["To"] = "judge@example.test"
    return msg.as_bytes()


def _built(sender: str, text: str, **headers: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "judge@example.test"
    msg["Subject"] = headers.pop("Subject", f"[{NAME}] orders")
    msg["Date"] = "Mon, 2 Mar 2026 09:00:00 +0000"
    msg["Message-ID"] = make_msgid(domain="example.test")
    for key, value in headers.items():
        msg[key.replace("_", "-")] = value
    msg.set_content(text)
    return msg.as_bytes()


AUTOMATED = {
    "auto-replied": lambda: _built("england@example.test", "I am on holiday.\nA PAR - BUR\n",
                                   Auto_Submitted="auto-replied",
                                   Subject=f"Out of office: [{NAME}] results"),
    "auto-generated": lambda: _built("england@example.test", "F LON - NTH\n",
                                     Auto_Submitted="auto-generated"),
    "outlook out-of-office": lambda: _fixture("auto_reply.eml", "england@example.test"),
    "bounce from MAILER-DAEMON": lambda: _built("MAILER-DAEMON@example.test",
                                                "F LON - NTH\n"),
    "bounce (fixture)": lambda: (FIXTURES / "bounce.eml").read_bytes(),
    "multipart/report": lambda: _report("england@example.test"),
    "mailing list": lambda: _fixture("mailing_list.eml", "england@example.test"),
    "list headers": lambda: _built("england@example.test", "F LON - NTH\n",
                                   List_Id="<players.lists.example.test>",
                                   Precedence="list"),
    "judge's own address": lambda: _built("judge@example.test", "F LON - NTH\n"),
    "our own mail coming back": lambda: _built("england@example.test", "F LON - NTH\n",
                                               X_Gmbot_Loop="judge@example.test"),
}


def _report(sender: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "judge@example.test"
    msg["Subject"] = "Delivery Status Notification (Failure)"
    msg["Message-ID"] = "<report-1@example.test>"
    msg.set_content("F LON - NTH\n")
    msg.add_attachment("Final-Recipient: rfc822; nobody@example.test\nAction: failed\n",
                       subtype="plain")
    msg.replace_header("Content-Type", 'multipart/report; report-type=delivery-status; '
                       f'boundary="{msg.get_boundary()}"')
    return msg.as_bytes()


@pytest.mark.parametrize("kind", sorted(AUTOMATED))
def test_automated_mail_gets_no_reply_at_all(judge: Judge, kind: str) -> None:
    judge.send_raw(AUTOMATED[kind]())
    report = judge.tick()
    assert [m.status for m in report.mails] == ["ignored"]
    assert judge.new_mail() == []
    assert order_sets(judge) == 0
    # Recorded, so a redelivery is recognised, but nothing else happened.
    with judge.app.db.transaction() as s:
        assert s.scalars(select(Inbound.status)).all() == ["ignored"]


def test_the_same_message_id_twice_is_handled_once(judge: Judge) -> None:
    raw = _built("england@example.test", "F LON - NTH\n")
    judge.send_raw(raw)
    judge.send_raw(raw)
    report = judge.tick()
    assert [m.status for m in report.mails] == ["handled", "duplicate"]
    assert len(judge.new_mail()) == 1
    # Delivered again later (a retrying MTA, an IMAP re-sync): still nothing.
    judge.clock.advance(hours=3)
    judge.send_raw(raw)
    assert [m.status for m in judge.tick().mails] == ["duplicate"]
    assert judge.new_mail() == []
    assert order_sets(judge) == 1


def test_the_same_refused_mail_twice_gets_one_refusal(judge: Judge) -> None:
    raw = _built("stranger@example.org", "hello\n")
    judge.send_raw(raw)
    judge.send_raw(raw)
    assert [m.status for m in judge.tick().mails] == ["refused", "duplicate"]
    assert len(judge.to("stranger@example.org", judge.new_mail())) == 1


def _without_id(sender: str, text: str, date: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "judge@example.test"
    msg["Subject"] = f"[{NAME}] orders"
    msg["Date"] = date
    msg.set_content(text)
    return msg.as_bytes()


def test_the_same_content_without_message_id_is_handled_once(judge: Judge) -> None:
    raw = _without_id("england@example.test", "F LON - NTH\n", "Mon, 2 Mar 2026 09:00 +0000")
    judge.send_raw(raw)
    judge.send_raw(raw)
    assert [m.status for m in judge.tick().mails] == ["handled", "duplicate"]
    assert len(judge.new_mail()) == 1
    assert order_sets(judge) == 1


def test_different_mails_without_message_id_each_get_their_reply(judge: Judge) -> None:
    """Two mails with the same text but sent at different times are two mails: the second
    is answered too (and a second stranger is refused too)."""
    judge.send_raw(_without_id("england@example.test", "ORDERS\n", "Mon, 2 Mar 2026 09:00 +0000"))
    judge.send_raw(_without_id("england@example.test", "ORDERS\n", "Mon, 2 Mar 2026 10:00 +0000"))
    judge.send_raw(_without_id("one@example.org", "hi\n", "Mon, 2 Mar 2026 09:00 +0000"))
    judge.send_raw(_without_id("two@example.org", "hi\n", "Mon, 2 Mar 2026 09:00 +0000"))
    assert [m.status for m in judge.tick().mails] == ["handled", "handled", "refused",
                                                      "refused"]
    mails = judge.new_mail()
    assert len(judge.to("england@example.test", mails)) == 2
    assert len(judge.to("one@example.org", mails)) == 1
    assert len(judge.to("two@example.org", mails)) == 1


def test_a_player_in_two_games_is_asked_which_game(judge: Judge, tmp_path: Path) -> None:
    other = tmp_path / "other.yaml"
    other.write_text(standard_game("second"), encoding="utf-8")
    load_game(judge.app, other)
    judge.tick()
    judge.new_mail()  # the second game's welcome mails

    judge.send("france@example.test", "A PAR - BUR\n", subject="orders")
    assert [m.status for m in judge.tick().mails] == ["refused"]
    reply = body(only_reply(judge, "france@example.test"))
    assert "several games" in reply and NAME in reply and "second" in reply
    assert "[name]" in reply and "GAME name" in reply
    assert order_sets(judge) == 0

    # Naming the game settles it, by subject tag or by a GAME line.
    judge.send("france@example.test", "A PAR - BUR\n", subject="Re: [second] orders")
    judge.send("france@example.test", f"GAME {NAME}\nPASSWORD baguette\nA MAR - SPA\n")
    assert [m.status for m in judge.tick().mails] == ["handled", "handled"]
    replies = judge.new_mail()
    assert [m["Subject"] for m in replies] == ["[second] Received", f"[{NAME}] Received"]
    assert "A PAR - BUR" in body(replies[0]) and "A MAR - SPA" in body(replies[1])
    assert order_sets(judge) == 2


def test_a_reply_with_a_changed_subject_goes_to_the_game_it_answers(
        judge: Judge, tmp_path: Path) -> None:
    """A player of two games answers a judge mail of one with a subject of his own: the
    reply token of the mail he answers names the game, and it also proves him."""
    other = tmp_path / "other.yaml"
    other.write_text(standard_game("second"), encoding="utf-8")
    load_game(judge.app, other)
    judge.tick()
    welcome = judge.to("france@example.test", judge.new_mail())[0]
    assert welcome["Subject"].startswith("[second] Welcome")
    judge.send("france@example.test", "A PAR - BUR\n", subject="my moves", dmarc=None,
               headers={"In-Reply-To": welcome["Message-ID"],
                        "References": welcome["Message-ID"]})
    assert [m.status for m in judge.tick().mails] == ["handled"]
    reply = only_reply(judge, "france@example.test")
    assert reply["Subject"] == "[second] Received" and "A PAR - BUR" in body(reply)
    assert order_sets(judge) == 1
    # Another player's token names no game of his: he is asked which game, as before.
    judge.send("france@example.test", "A PAR - PIC\n", subject="my moves",
               headers={"In-Reply-To": "<x.AAAAAAAAAAAAAAAAAAAA@example.test>"})
    assert [m.status for m in judge.tick().mails] == ["refused"]
    assert "several games" in body(only_reply(judge, "france@example.test"))


def test_a_player_of_another_game_cannot_order_in_this_one(judge: Judge,
                                                            tmp_path: Path) -> None:
    other = tmp_path / "other.yaml"
    other.write_text(standard_game("second").replace("england@", "someone@"),
                     encoding="utf-8")
    load_game(judge.app, other)
    judge.tick()
    judge.new_mail()  # the second game's welcome mails
    judge.send("someone@example.test", f"GAME {NAME}\nF LON - NTH\n")
    assert [m.status for m in judge.tick().mails] == ["refused"]
    reveals_nothing(body(only_reply(judge, "someone@example.test")))
    assert order_sets(judge) == 0
