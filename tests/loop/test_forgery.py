"""Forged mail through the real pipeline (Maildir): a mail in a player's or the GM's name
that proves nothing changes nothing, costs the real player nothing, and tells the real
address once an hour; honest players are recognised by their provider's signature, by
replying to a judge mail, or by their password."""

from __future__ import annotations

import re
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlalchemy import func, select

from gmbot.store.models import Game, Inbound, OrderSet, PhaseRow, Player
from gmbot.store.outbox import Outbound
from tests.auth.signing import Signer, StubDns
from tests.loop.judgekit import POWERS, Judge, body, make_judge, standard_game

GM = "gm@example.test"
FRANCE = "france@example.test"


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, standard_game())


def order_sets(judge: Judge) -> int:
    with judge.app.db.transaction() as s:
        return s.scalar(select(func.count()).select_from(OrderSet))


def snapshot(judge: Judge) -> tuple:
    """Everything a forged GM command could change."""
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game)).one()
        phases = [(p.name, p.deadline_at, p.processed_at, p.superseded)
                  for p in s.scalars(select(PhaseRow).order_by(PhaseRow.seq))]
        players = [(p.address, p.active, p.secret_hash) for p in game.players]
        return game.status, phases, players


def welcome_of(judge: Judge, address: str) -> EmailMessage:
    (mail,) = [m for m in judge.welcomes if m["To"] == address]
    return mail


def password_of(judge: Judge, address: str) -> str:
    found = re.search(r"Your password: (\S+)", body(welcome_of(judge, address)))
    assert found
    return found.group(1)


@pytest.mark.parametrize("dmarc", ["fail", None])  # the MX says it failed; or says nothing
def test_forged_orders_change_nothing_and_the_player_is_told_once(judge: Judge,
                                                                  dmarc: str | None) -> None:
    judge.send(FRANCE, "A PAR - PIC\nA MAR - BUR\n", subject="[g] orders", dmarc=dmarc)
    assert [m.status for m in judge.tick().mails] == ["refused"]
    assert order_sets(judge) == 0
    (notice,) = judge.new_mail()
    assert notice["To"] == FRANCE
    assert notice["Subject"] == "[g] A mail in your name could not be verified"
    text = body(notice)
    assert "PASSWORD" in text and "A PAR" not in text and "FRANCE" not in text.upper()


@pytest.mark.parametrize("command", [
    "REPLACE FRANCE evil@attacker.test", "PROCESS", "PAUSE", "DRAW", "ROLLBACK S1901M",
    "EXTEND 72h", "STATUS",
])
def test_every_forged_gm_command_is_refused(judge: Judge, command: str) -> None:
    for power in POWERS:  # a phase to roll back to, and orders a PROCESS would use
        judge.send(f"{power.lower()}@example.test", "", subject="[g] hold")
    judge.send(FRANCE, "A PAR H\n", subject="[g] orders")
    judge.tick()
    judge.new_mail()
    before = snapshot(judge)
    judge.send(GM, f"{command}\n", subject="[g] gm", dmarc="fail")
    assert [m.status for m in judge.tick().mails] == ["refused"]
    judge.clock.advance(minutes=5)
    judge.tick()  # a PROCESS would have run by now
    assert snapshot(judge) == before
    mails = judge.new_mail()
    assert [m["To"] for m in mails] == [GM]  # the notice; no status, no results, no welcome
    assert "could not be verified" in mails[0]["Subject"]


def test_a_forged_replace_never_sends_france_private_results_away(judge: Judge) -> None:
    judge.send(GM, "REPLACE FRANCE evil@attacker.test\n", subject="[g] gm", dmarc="fail")
    judge.tick()
    for power in POWERS:
        judge.send(f"{power.lower()}@example.test", "A PAR H\n" if power == "FRANCE" else "",
                   subject="[g] orders")
    judge.clock.advance(hours=49)
    judge.tick()
    assert not judge.to("evil@attacker.test")
    assert any("results" in m["Subject"] for m in judge.to(FRANCE))


@pytest.mark.parametrize("sender", [
    b"gm@example.test <evil@attacker.test>",
    b"=?utf-8?b?Z21AZXhhbXBsZS50ZXN0?=",
    b"=?utf-8?b?Z21AZXhhbXBsZS50ZXN0?= <gm@example.test>",
    b"gm@example.test, evil@attacker.test",
])
def test_from_tricks_are_no_gm(judge: Judge, sender: bytes) -> None:
    before = snapshot(judge)
    raw = (b"From: " + sender + b"\r\nTo: judge@example.test\r\nSubject: [g] gm\r\n"
           b"Message-ID: " + make_msgid(domain="attacker.test").encode() + b"\r\n\r\n"
           b"REPLACE FRANCE evil@attacker.test\r\nPAUSE\r\n")
    # The attacker's own domain passes DMARC at the MX: that proves attacker.test only.
    judge.send_raw(raw.replace(b"\r\n\r\n", b"\r\nAuthentication-Results: mx.example.test; "
                                            b"dmarc=pass header.from=attacker.test\r\n\r\n"),
                   dmarc=None)
    assert [m.status for m in judge.tick().mails] == ["refused"]
    assert snapshot(judge) == before
    assert not [m for m in judge.new_mail() if "done:" in body(m)]


def test_forged_mails_never_use_up_the_players_limit(judge: Judge) -> None:
    for n in range(40):
        judge.send(FRANCE, f"A PAR - PIC\n# forgery {n}\n", subject="[g] x", dmarc="fail")
    outcomes = judge.tick().mails
    assert [m.status for m in outcomes] == ["refused"] * 40
    notices = judge.new_mail()
    assert len(notices) == 1  # one notice an hour, however many forgeries
    # France's real orders, right after: accepted.
    judge.send(FRANCE, "A PAR - BUR\n", subject="[g] orders")
    assert [m.status for m in judge.tick().mails] == ["handled"]
    assert order_sets(judge) == 1
    assert [m["Subject"] for m in judge.new_mail()] == ["[g] Received"]
    # An hour later, the next forgery gets the next notice.
    judge.clock.advance(minutes=61)
    judge.send(FRANCE, "A PAR - PIC\n", subject="[g] x", dmarc="fail")
    judge.tick()
    assert [m["Subject"] for m in judge.new_mail()] == [
        "[g] A mail in your name could not be verified"]


def test_a_dkim_signed_mail_is_recognised_without_help(judge: Judge) -> None:
    dns = StubDns()
    judge.app.sender_check.lookup = dns
    msg = EmailMessage()
    msg["From"] = "France <france@example.test>"
    msg["To"] = "judge@example.test"
    msg["Subject"] = "[g] orders"
    msg["Message-ID"] = make_msgid(domain="example.test")
    msg.set_content("A PAR - BUR\n")
    judge.send_raw(Signer("example.test", dns).sign(msg.as_bytes()), dmarc=None)
    assert [m.status for m in judge.tick().mails] == ["handled"]
    assert order_sets(judge) == 1


def test_a_reply_to_any_judge_mail_is_recognised(judge: Judge) -> None:
    welcome = welcome_of(judge, FRANCE)
    # No signature, no trusted header, no password: only the reply's own headers.
    judge.send(FRANCE, "A PAR - BUR\n", subject=f"Re: {welcome['Subject']}", dmarc=None,
               headers={"In-Reply-To": welcome["Message-ID"],
                        "References": welcome["Message-ID"]})
    assert [m.status for m in judge.tick().mails] == ["handled"]
    (ack,) = judge.new_mail()
    # ...and the acknowledgement, answered in turn, works the same way.
    judge.send(FRANCE, "A PAR - PIC\n", subject="Re: ack", dmarc=None,
               headers={"In-Reply-To": ack["Message-ID"]})
    assert [m.status for m in judge.tick().mails] == ["handled"]
    # Another address replying with the same token proves nothing.
    judge.send("england@example.test", "F LON - NTH\n", dmarc=None,
               headers={"In-Reply-To": ack["Message-ID"]})
    assert [m.status for m in judge.tick().mails] == ["refused"]


def test_the_gm_is_recognised_by_reply_or_password(judge: Judge) -> None:
    welcome = welcome_of(judge, GM)
    judge.send(GM, "PAUSE\n", subject="[g] gm", dmarc=None,
               headers={"In-Reply-To": welcome["Message-ID"]})
    judge.send(GM, f"PASSWORD {password_of(judge, GM)}\nRESUME\n", subject="[g] gm",
               dmarc=None)
    judge.tick()
    replies = judge.to(GM, judge.new_mail())  # the players are told of PAUSE and RESUME
    assert ["done:" in body(m) for m in replies] == [True, True]


def test_a_password_line_is_recognised(judge: Judge) -> None:
    judge.send(FRANCE, f"PASSWORD {password_of(judge, FRANCE)}\nA PAR - BUR\n", dmarc=None)
    assert [m.status for m in judge.tick().mails] == ["handled"]
    judge.send(FRANCE, "PASSWORD not-it\nA PAR - BUR\n", dmarc=None)
    assert [m.status for m in judge.tick().mails] == ["refused"]


def test_a_replaced_player_gets_a_new_secret_and_the_old_one_stops_working(
        judge: Judge) -> None:
    old_password = password_of(judge, FRANCE)
    old_welcome = welcome_of(judge, FRANCE)
    judge.send(GM, "REPLACE FRANCE new@example.test\n", subject="[g] gm")
    judge.tick()
    (welcome,) = judge.to("new@example.test", judge.new_mail())
    assert "You play France" in body(welcome)
    assert "Spring 1901 Movement" in body(welcome) and "deadline" in body(welcome)
    new_password = re.search(r"Your password: (\S+)", body(welcome)).group(1)
    assert new_password != old_password
    for proof in (f"PASSWORD {old_password}\n", ""):
        judge.send("new@example.test", proof + "A PAR - BUR\n", dmarc=None,
                   headers={"In-Reply-To": old_welcome["Message-ID"]})
    judge.send("new@example.test", f"PASSWORD {new_password}\nA PAR - BUR\n", dmarc=None)
    assert [m.status for m in judge.tick().mails] == ["refused", "refused", "handled"]


def test_secrets_are_stored_only_as_hashes(tmp_path: Path) -> None:
    text = standard_game().replace("power: FRANCE}", "power: FRANCE, password: baguette1}")
    judge = make_judge(tmp_path, text + "gm_password: gm-secret-9\n")
    passwords = {m["To"]: re.search(r"Your password: (\S+)", body(m))
                 for m in judge.welcomes}
    assert passwords[FRANCE] is None  # set by the GM in the file: never mailed back
    assert passwords[GM] is None and passwords["england@example.test"] is not None
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game)).one()
        hashes = [p.secret_hash for p in s.scalars(select(Player))] + [game.gm_secret_hash]
        assert all(h and h.startswith("scrypt$") for h in hashes)
        assert "baguette1" not in game.source and "gm-secret-9" not in game.source
        bodies = [o.body for o in s.scalars(select(Outbound))]
        dump = "\n".join(str(v) for v in hashes + bodies) + game.source
        assert passwords["england@example.test"].group(1) not in dump
    judge.send(GM, "PASSWORD gm-secret-9\nPAUSE\n", subject="[g] gm", dmarc=None)
    assert [m.status for m in judge.tick().mails] == ["handled"]


def test_a_game_without_authentication_trusts_the_address_and_says_so(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game() + "auth: none\n")
    assert all("Your password" not in body(m) for m in judge.welcomes)
    judge.send(FRANCE, "A PAR - BUR\n", dmarc=None)
    judge.send(GM, "STATUS\n", subject="[g] status", dmarc=None)
    assert [m.status for m in judge.tick().mails] == ["handled", "handled"]
    status = body(judge.to(GM, judge.new_mail())[0])
    assert "Sender authentication is off (auth: none)" in status


def test_unverified_mail_is_recorded_with_its_reason(judge: Judge) -> None:
    judge.send(GM, "PAUSE\n", subject="[g] gm", dmarc="fail")
    judge.tick()
    with judge.app.db.transaction() as s:
        (record,) = s.scalars(select(Inbound).where(Inbound.status == "refused")).all()
        assert record.reason.startswith("unverified: ")


def _signed_orders(dns: StubDns, orders: str, headers: tuple[bytes, ...]) -> bytes:
    msg = EmailMessage()
    msg["From"] = "France <france@example.test>"
    msg["To"] = "judge@example.test"
    msg["Cc"] = "germany@example.test"
    msg["Subject"] = "[g] orders"
    msg["Date"] = "Mon, 02 Mar 2026 09:00:00 +0000"
    msg["Message-ID"] = make_msgid(domain="example.test")
    msg.set_content(orders)
    return Signer("example.test", dns).sign(msg.as_bytes(), headers=headers)


def _new_message_id(raw: bytes) -> bytes:
    head, _, rest = raw.partition(b"\nMessage-ID: ")
    old, _, tail = rest.partition(b"\n")
    return head + b"\nMessage-ID: <replayed." + old.strip(b"<>\r") + b">\r\n" + tail


def test_a_signed_mail_sent_again_under_a_new_message_id_is_obeyed_once(
        judge: Judge) -> None:
    """Issue 31: France's signed orders, with a Cc to Germany, whose signature did not
    cover Message-ID, were re-sent by Germany under a new Message-ID and obeyed again,
    undoing France's later order. A signature proves a fresh mail only if it signs
    Message-ID and Date; one that does not proves nothing (the mail is unverified)."""
    dns = StubDns()
    judge.app.sender_check.lookup = dns
    loose = _signed_orders(dns, "A PAR - BUR\n", (b"from", b"to", b"subject", b"date"))
    judge.send_raw(loose, dmarc=None)
    [outcome] = judge.tick().mails
    assert outcome.status == "refused" and "unverified" in outcome.reason
    assert order_sets(judge) == 0
    # Signed as providers sign (Message-ID and Date in h=): obeyed once, and the same
    # mail under a new Message-ID no longer verifies.
    tight = _signed_orders(dns, "A PAR - BUR\n", (b"from", b"to", b"subject", b"date",
                                                   b"message-id"))
    judge.send_raw(tight, dmarc=None)
    assert [m.status for m in judge.tick().mails] == ["handled"]
    judge.send("france@example.test", "A PAR - PIC\n", subject="[g] orders")
    judge.tick()
    assert order_sets(judge) == 2
    judge.send_raw(_new_message_id(tight), dmarc=None)  # Germany replays it
    [replay] = judge.tick().mails
    assert replay.status == "refused" and "unverified" in replay.reason
    assert order_sets(judge) == 2  # France's later order stands


def test_a_signed_mail_counts_once_whatever_message_id_it_is_given(judge: Judge) -> None:
    """Deduplication on the signature itself: the same signed mail with another
    Message-ID put above the signed one (DKIM signs the last of a repeated header, a
    reader may take the first) is a copy, handled as a duplicate, changing nothing."""
    dns = StubDns()
    judge.app.sender_check.lookup = dns
    signed = _signed_orders(dns, "A PAR - BUR\n", (b"from", b"to", b"subject", b"date",
                                                    b"message-id"))
    judge.send_raw(signed, dmarc=None)
    assert [m.status for m in judge.tick().mails] == ["handled"]
    judge.send("france@example.test", "A PAR - PIC\n", subject="[g] orders")
    judge.tick()
    assert order_sets(judge) == 2
    judge.send_raw(b"Message-ID: <another.one@example.test>\r\n" + signed, dmarc=None)
    [copy] = judge.tick().mails
    assert copy.status == "duplicate" and "DKIM signature" in str(copy.reason)
    assert order_sets(judge) == 2  # France's later order stands
