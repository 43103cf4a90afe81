"""Passwords are never relayed as press and never kept in clear, through the real pipeline
on the local Maildir: a PASSWORD line ends a press message (and still proves the mail), is
left out of a Reply, and the stored raw mail has its secret taken out, however the mail
was encoded."""

from __future__ import annotations

import base64
import email
import email.policy
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.gamefile.schema import REDACTED
from gmbot.store.models import Inbound, OrderSet
from gmbot.store.press import Press
from tests.loop.judgekit import Judge, make_judge
from tests.loop.test_forgery import password_of
from tests.loop.test_press import ack, addr, body, game, press_to, to


def stored_raw(judge: Judge) -> list[bytes]:
    with judge.app.db.transaction() as s:
        return [r.raw for r in s.scalars(select(Inbound).order_by(Inbound.id)) if r.raw]


def unproven(judge: Judge, power: str, text: str, **headers: str) -> list[EmailMessage]:
    """`power` mails `text` with no signature or trusted header: only a PASSWORD line (or
    a reply token) can prove it."""
    judge.send(addr(power), text, subject="[g] mail", headers=headers or None, dmarc=None)
    judge.tick()
    return judge.new_mail()


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, game())


def test_a_password_after_press_without_endpress_ends_it_and_is_never_relayed(
        judge: Judge) -> None:
    secret = password_of(judge, addr("FRANCE"))
    out = unproven(judge, "FRANCE", f"PRESS TO GERMANY, ITALY\nLet us share Austria.\n"
                   f"PASSWORD {secret}\nA PAR - BUR\n")
    copies = press_to(out, addr("GERMANY")) + press_to(out, addr("ITALY"))
    assert len(copies) == 2
    for copy in copies:
        assert "Let us share Austria." in body(copy)
        assert secret not in copy.as_string() and "PASSWORD" not in body(copy)
    text = ack(out, "FRANCE")
    assert "(your PASSWORD line ended it: a password is never relayed)" in text
    assert "no ENDPRESS" not in text
    # The password proved the mail, and the line after it is an order again.
    with judge.app.db.transaction() as s:
        (orders,) = s.scalars(select(OrderSet)).all()
        assert orders.lines == ["A PAR - BUR"]
    (raw,) = stored_raw(judge)
    assert secret.encode() not in raw and f"PASSWORD {REDACTED}".encode() in raw


def test_an_endpress_right_after_the_password_is_no_error(judge: Judge) -> None:
    secret = password_of(judge, addr("FRANCE"))
    out = unproven(judge, "FRANCE", f"PRESS TO GERMANY\nHello.\nPASSWORD {secret}\n"
                   "ENDPRESS\nA PAR - BUR\n")
    (copy,) = press_to(out, addr("GERMANY"))
    assert secret not in copy.as_string()
    assert out[-1]["Subject"] == "[g] Received"  # ENDPRESS not taken for a bad order
    assert "A PAR - BUR" in ack(out, "FRANCE")


@pytest.mark.parametrize("line", ["PW {}", "pass {}", "Password: {}"])
def test_every_form_of_the_password_line_ends_press(judge: Judge, line: str) -> None:
    secret = password_of(judge, addr("FRANCE"))
    out = unproven(judge, "FRANCE", "BROADCAST\nPeace.\n" + line.format(secret) + "\n")
    copies = press_to(out, addr("GERMANY"))
    assert len(copies) == 1 and secret not in copies[0].as_string()
    assert secret.encode() not in stored_raw(judge)[0]


def test_prose_that_begins_with_pass_stays_in_the_press(judge: Judge) -> None:
    out = unproven(judge, "FRANCE", f"PASSWORD {password_of(judge, addr('FRANCE'))}\n"
                   "PRESS TO ITALY\nPass through Tyrolia and I will not stop you.\nENDPRESS\n")
    (copy,) = press_to(out, addr("ITALY"))
    assert "Pass through Tyrolia and I will not stop you." in body(copy)


def test_a_password_in_a_reply_is_left_out_of_it(judge: Judge) -> None:
    judge.send(addr("FRANCE"), "PRESS TO GERMANY\nDeal?\nENDPRESS\n", subject="[g] x")
    judge.tick()
    (copy,) = press_to(judge.new_mail(), addr("GERMANY"))
    secret = password_of(judge, addr("GERMANY"))
    out = unproven(judge, "GERMANY", f"Deal.\nPASSWORD {secret}\nSee you in Burgundy.\n",
                   **{"In-Reply-To": copy["Message-ID"]})
    (back,) = press_to(out, addr("FRANCE"))
    assert "Deal.\nSee you in Burgundy." in body(back).replace("\r\n", "\n")
    assert secret not in back.as_string()
    assert "(your PASSWORD line was left out of it: a password is never relayed)" in ack(
        out, "GERMANY")
    assert secret.encode() not in stored_raw(judge)[-1]


def test_the_stored_mail_has_no_password_in_any_encoding(judge: Judge) -> None:
    """Base64 and quoted-printable text parts and an HTML part, as mail programs send."""
    secret = password_of(judge, addr("FRANCE"))
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = addr("FRANCE"), "judge@example.test", "[g] x"
    msg["Date"] = format_datetime(judge.clock())
    msg["Message-ID"] = make_msgid(domain="example.test")
    msg.set_content(f"A PAR - BUR\nPASSWORD {secret}\n", cte="base64")
    msg.add_alternative(f"<div>A PAR - BUR</div><div>PASSWORD {secret}</div>\n",
                        subtype="html", cte="quoted-printable")
    judge.send_raw(msg.as_bytes(), dmarc=None)
    judge.tick()
    assert "A PAR - BUR" in ack(judge.new_mail(), "FRANCE")  # the password proved it
    (raw,) = stored_raw(judge)
    kept = email.message_from_bytes(raw, policy=email.policy.default)
    texts = [part.get_content() for part in kept.walk() if not part.is_multipart()]
    assert len(texts) == 2 and all(f"PASSWORD {REDACTED}" in t for t in texts)
    for text in texts:
        assert secret not in text
    assert secret.encode() not in raw
    assert base64.b64encode(f"PASSWORD {secret}".encode()) not in raw


def test_a_mail_without_a_password_is_kept_byte_for_byte(judge: Judge) -> None:
    judge.send(addr("FRANCE"), "A PAR - BUR\n", subject="[g] x")
    judge.tick()
    (raw,) = stored_raw(judge)
    (path,) = (judge.home / "mail/inbox/cur").iterdir()
    assert raw == path.read_bytes()
    assert to(judge.new_mail(), addr("FRANCE"))


def test_help_says_a_password_line_ends_press(judge: Judge) -> None:
    judge.send(addr("FRANCE"), "HELP\n", subject="[g] help")
    judge.tick()
    assert "A PASSWORD line ends a message too: your password is never relayed." in ack(
        judge.new_mail(), "FRANCE")


@pytest.mark.parametrize("text", [
    "BROADCAST: PW {secret}\n",
    "PRESS TO ITALY: PASSWORD {secret}\n",
    "PRESS TO ITALY: PASS {secret}\n",
    "PRESS TO ITALY: my pw is here: PW: {secret} keep it\n",
    "PRESS TO ITALY\nMine, if you need it: password {secret}, and PW {secret}.\nENDPRESS\n",
])
def test_a_password_anywhere_in_press_is_never_relayed_nor_stored(judge: Judge,
                                                                  text: str) -> None:
    """Issue 31: the one-line forms (`BROADCAST: PW <secret>`, `PRESS TO FRANCE: PASSWORD
    <secret>`) relayed the password and stored it in clear. Whatever the form, the word
    is masked in what is relayed, in the stored press and in the stored raw mail."""
    secret = "Zq7xK2pW9vLm"
    judge.send(addr("FRANCE"), text.format(secret=secret), subject="[g] press")
    judge.tick()
    out = judge.new_mail()
    copies = press_to(out, addr("ITALY"))
    assert copies, ack(out, "FRANCE")
    for copy in copies:
        assert secret not in copy.as_string()
        assert "[password not relayed]" in body(copy)
    assert all(secret not in m.as_string() for m in out)  # the ack and the GM's copy too
    assert "a password in it was masked" in ack(out, "FRANCE")
    with judge.app.db.transaction() as s:
        assert all(secret not in p.text for p in s.scalars(select(Press)))
        assert all(secret.encode() not in (r.raw or b"") for r in s.scalars(select(Inbound)))
