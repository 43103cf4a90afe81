"""Issue 23, items 1 and 2, through the real pipeline (Maildir): the cheap checks come
before the expensive ones, so a stranger's mail, or one routed to no seat, costs no DKIM
key lookup; and nothing that proves nothing counts against anyone or echoes anything:
forged mail in a player's or the GM's name, routed or not, never uses up his hourly
limit and gets one short notice an hour that repeats none of its text."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.service.gm.load import load_game
from gmbot.store.models import Game, Inbound
from tests.auth.signing import Signer, StubDns
from tests.loop.judgekit import Judge, body, make_judge, standard_game

# On PostgreSQL too (CONTRIBUTING.md): counts over time windows (the hourly limits).
pytestmark = pytest.mark.dialect("gmbot.service.inbound.lookups", "gmbot.service.inbound.proof")

FRANCE = "france@example.test"
GM = "gm@example.test"
PHISHING = "URGENT: your judge password expired, mail it to eve@attacker.test"


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, standard_game())


def signed(judge: Judge, signer: Signer, sender: str, text: str, subject: str,
           to: str = "judge@example.test") -> None:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(judge.clock())
    msg["Message-ID"] = make_msgid(domain="example.test")
    msg.set_content(text)
    judge.send_raw(signer.sign(msg.as_bytes()), dmarc=None)


def test_only_mail_routed_to_a_seat_costs_a_key_lookup(judge: Judge) -> None:
    dns = StubDns()
    judge.app.sender_check.lookup = dns
    ours, theirs = Signer("example.test", dns), Signer("attacker.test", dns)
    signed(judge, ours, "stranger@example.test", "A PAR - BUR\n", "[g] orders")
    signed(judge, theirs, "eve@attacker.test", "A PAR - BUR\n", "[g] orders")
    signed(judge, ours, FRANCE, "A PAR - BUR\n", "[nosuchgame] orders")
    assert [m.status for m in judge.tick().mails] == ["refused"] * 3
    assert dns.lookups == 0
    # The same signature on a mail routed to France's seat is looked up, and proves her.
    signed(judge, ours, FRANCE, "A PAR - BUR\n", "[g] orders")
    assert [m.status for m in judge.tick().mails] == ["handled"]
    assert dns.lookups == 1


def test_a_signed_mail_proven_otherwise_or_past_the_limit_costs_no_lookup(
        judge: Judge) -> None:
    path = judge.home / "gmbot.yaml"
    path.write_text(path.read_text() + "limits: {mails_per_hour: 2}\n")
    judge.reopen()
    dns = StubDns()
    judge.app.sender_check.lookup = dns
    ours = Signer("example.test", dns)
    welcome = next(m for m in judge.welcomes if m["To"] == FRANCE)
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = FRANCE, "judge@example.test", "Re: welcome"
    msg["In-Reply-To"] = welcome["Message-ID"]
    msg["Message-ID"] = make_msgid(domain="example.test")
    msg.set_content("A PAR - BUR\n")
    judge.send_raw(ours.sign(msg.as_bytes()), dmarc=None)  # its reply token proves it
    judge.send(FRANCE, "A MAR - SPA\n", subject="[g] orders")  # the trusted MX proves it
    assert [m.status for m in judge.tick().mails] == ["handled", "handled"]
    signed(judge, ours, FRANCE, "A PAR - PIC\n", "[g] orders")  # past her limit
    assert [m.reason[:24] for m in judge.tick().mails] == ["you sent too many mails "]
    assert dns.lookups == 0


def test_one_dns_budget_a_batch_and_the_judge_address_checked(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    dns = StubDns()
    check = judge.app.sender_check
    check.lookup = dns
    budgets = []
    real = check.budget
    monkeypatch.setattr(check, "budget", lambda: budgets.append(real()) or budgets[-1])
    ours = Signer("example.test", dns)
    signed(judge, ours, FRANCE, "A PAR - BUR\n", "[g] orders")
    # A mail France signed for England, replayed to the judge: not meant for the judge.
    signed(judge, ours, "germany@example.test", "A MUN - RUH\n", "[g] orders",
           to="england@example.test")
    assert [m.status for m in judge.tick().mails] == ["handled", "refused"]
    assert len(budgets) == 1  # one budget for the batch of two


def forge(judge: Judge, sender: str, n: int, subject: str = f"[nosuchgame] {PHISHING}",
          text: str = "A PAR - PIC\n") -> None:
    for i in range(n):
        judge.send(sender, f"{text}# {PHISHING} {i}\n", subject=subject, dmarc="fail")


def assert_one_bare_notice(judge: Judge, address: str) -> None:
    mails = judge.new_mail()
    assert [m["To"] for m in mails] == [address]
    assert "could not be verified" in mails[0]["Subject"]
    for text in (str(mails[0]["Subject"]), body(mails[0])):
        assert "URGENT" not in text and "eve@" not in text and "nosuchgame" not in text


def test_forged_mail_for_an_unknown_game_does_not_lock_france_out(judge: Judge) -> None:
    forge(judge, FRANCE, 31)
    outcomes = judge.tick().mails
    assert [m.status for m in outcomes] == ["refused"] * 31
    assert all(m.reason.startswith("unverified") for m in outcomes)
    assert_one_bare_notice(judge, FRANCE)
    judge.send(FRANCE, "A PAR - BUR\n", subject="[g] orders")
    assert [m.status for m in judge.tick().mails] == ["handled"]
    assert [m["Subject"] for m in judge.new_mail()] == ["[g] Received"]


def test_forged_mail_in_the_gm_s_name_does_not_stop_his_pause(judge: Judge) -> None:
    forge(judge, GM, 301, text="PAUSE\n")
    assert {m.status for m in judge.tick().mails} == {"refused"}
    assert_one_bare_notice(judge, GM)
    judge.send(GM, "PAUSE\n", subject="[g] gm")
    assert [m.status for m in judge.tick().mails] == ["handled"]
    reply = judge.to(GM, judge.new_mail())
    assert len(reply) == 1 and "done:" in body(reply[0])


def test_forged_mail_routed_nowhere_in_any_way_counts_for_nothing(
        judge: Judge, tmp_path: Path) -> None:
    other = tmp_path / "other.yaml"
    other.write_text(standard_game("second"), encoding="utf-8")
    load_game(judge.app, other)
    judge.tick()
    judge.new_mail()
    (judge.home / "gmbot.yaml").write_text(
        (judge.home / "gmbot.yaml").read_text() + "limits: {max_message_bytes: 5000}\n")
    judge.reopen()
    forge(judge, FRANCE, 12, subject=PHISHING)  # no tag: France plays two games
    forge(judge, FRANCE, 12, subject=f"[g] {PHISHING}", text="x" * 6000)  # oversize
    forge(judge, FRANCE, 12, subject=f"[g] {PHISHING}")  # routed to her seat
    assert {m.status for m in judge.tick().mails} == {"refused"}
    assert_one_bare_notice(judge, FRANCE)
    with judge.app.db.transaction() as s:
        reasons = s.scalars(select(Inbound.reason)).all()
    assert len(reasons) == 36 and all(r.startswith("unverified") for r in reasons)
    judge.send(FRANCE, "A PAR - BUR\n", subject="[g] orders")
    assert [m.status for m in judge.tick().mails] == ["handled"]


def test_a_finished_game_s_player_is_not_answered_for_a_forgery(judge: Judge) -> None:
    with judge.app.db.transaction() as s:
        s.scalars(select(Game)).one().status = "finished"
    forge(judge, FRANCE, 5, subject=f"[g] {PHISHING}")
    assert {m.status for m in judge.tick().mails} == {"refused"}
    assert_one_bare_notice(judge, FRANCE)


def test_the_rate_notice_repeats_no_subject(judge: Judge) -> None:
    path = judge.home / "gmbot.yaml"
    path.write_text(path.read_text() + "limits: {mails_per_hour: 2}\n")
    judge.reopen()
    for _ in range(2):
        judge.send(FRANCE, "A PAR - BUR\n", subject="[g] orders")
    judge.send(FRANCE, "A PAR - BUR\n", subject=f"[g] {PHISHING}", dmarc="fail")
    assert [m.status for m in judge.tick().mails] == ["handled", "handled", "refused"]
    notice = judge.new_mail()[-1]
    assert notice["Subject"] == "Not accepted: your mail"
    assert "too many" in body(notice) and "URGENT" not in body(notice)
