"""ARC through the Maildir pipeline: a player's signed mail forwarded by a mailing list
that adds a footer (his DKIM signature breaks; the judge's mail
server finds DMARC failing) is proven when a forwarder listed in gmbot.yaml sealed it,
and only then: an unlisted forwarder's valid chain, a chain with a failing seal, and a
listed forwarder's seal over a failed verdict prove nothing."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

import pytest
from sqlalchemy import func, select

from gmbot.store.models import Inbound, OrderSet
from tests.auth.arckit import Forwarder
from tests.auth.signing import Signer, StubDns
from tests.loop.judgekit import Judge, make_judge, standard_game

LISTED = "lists.example.org"
PASS = "dkim=pass header.d=example.test; dmarc=pass header.from=example.test"


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    home = tmp_path / "home"
    home.mkdir(parents=True)
    (home / "gmbot.yaml").write_text(f"arc_forwarders: [{LISTED}]\n", encoding="utf-8")
    judge = make_judge(tmp_path, standard_game())
    judge.new_mail()
    return judge


def signed_orders(judge: Judge, dns: StubDns) -> bytes:
    """France's orders, signed by his provider (example.test)."""
    msg = EmailMessage()
    msg["From"] = "France <france@example.test>"
    msg["To"] = "judge@example.test"
    msg["Subject"] = "[g] orders"
    msg["Date"] = format_datetime(judge.clock())
    msg["Message-ID"] = make_msgid(domain="example.test")
    msg.set_content("A PAR - BUR\n")
    return Signer("example.test", dns).sign(msg.as_bytes())


def outcome(judge: Judge, raw: bytes) -> tuple[str, str]:
    """What became of `raw`, as the judge's own server (DMARC failing: the author's
    signature broke in transit) hands it on."""
    judge.send_raw(raw, dmarc="fail")
    [mail] = judge.tick().mails
    with judge.app.db.transaction() as s:
        reason = s.scalars(select(Inbound.reason).order_by(Inbound.id.desc())).first()
    return mail.status, reason or ""


def orders(judge: Judge) -> int:
    with judge.app.db.transaction() as s:
        return int(s.scalar(select(func.count()).select_from(OrderSet)) or 0)


def test_a_listed_forwarders_seal_proves_a_mail_whose_dkim_broke(judge: Judge) -> None:
    dns = StubDns()
    judge.app.sender_check.lookup = dns
    forwarded = Forwarder(LISTED, dns).forward(signed_orders(judge, dns), PASS)
    assert outcome(judge, forwarded) == ("handled", "")
    assert orders(judge) == 1
    [ack] = judge.new_mail()
    assert ack["To"] == "france@example.test"


def test_the_same_forward_without_a_seal_proves_nothing(judge: Judge) -> None:
    dns = StubDns()
    judge.app.sender_check.lookup = dns
    unsealed = Forwarder(LISTED, dns).forward(signed_orders(judge, dns), PASS, seal=False)
    status, reason = outcome(judge, unsealed)
    assert status == "refused" and reason.startswith("unverified")
    assert orders(judge) == 0


def test_an_unlisted_forwarders_valid_seal_proves_nothing(judge: Judge) -> None:
    dns = StubDns()
    judge.app.sender_check.lookup = dns
    forwarded = Forwarder("evil.example.net", dns).forward(signed_orders(judge, dns), PASS)
    status, reason = outcome(judge, forwarded)
    assert status == "refused" and reason.startswith("unverified")
    assert orders(judge) == 0
    assert b"arc._domainkey.evil.example.net" not in dns.asked  # its key never fetched


def test_a_chain_with_a_failing_seal_proves_nothing(judge: Judge) -> None:
    """A forger takes a sealed forward of a failed mail and rewrites what the listed
    forwarder recorded: the seal no longer matches."""
    dns = StubDns()
    judge.app.sender_check.lookup = dns
    failed = "dkim=fail header.d=example.test; dmarc=fail header.from=example.test"
    forwarded = Forwarder(LISTED, dns).forward(signed_orders(judge, dns), failed)
    forged = forwarded.replace(b"dkim=fail", b"dkim=pass", 1).replace(
        b"dmarc=fail", b"dmarc=pass", 1)
    assert forged != forwarded
    status, reason = outcome(judge, forged)
    assert status == "refused" and reason.startswith("unverified")
    assert orders(judge) == 0


def test_a_listed_seal_over_a_failed_verdict_proves_nothing(judge: Judge) -> None:
    dns = StubDns()
    judge.app.sender_check.lookup = dns
    failed = "dkim=fail header.d=example.test; dmarc=fail header.from=example.test"
    forwarded = Forwarder(LISTED, dns).forward(signed_orders(judge, dns), failed)
    status, reason = outcome(judge, forwarded)
    assert status == "refused" and reason.startswith("unverified")
    assert orders(judge) == 0



def test_a_sealed_forward_sent_again_under_a_new_message_id_proves_nothing(
        judge: Judge) -> None:
    dns = StubDns()
    judge.app.sender_check.lookup = dns
    forwarded = Forwarder(LISTED, dns).forward(signed_orders(judge, dns), PASS)
    assert outcome(judge, forwarded) == ("handled", "")
    replayed = forwarded.replace(b"\r\nMessage-ID: <", b"\r\nMessage-ID: <again.", 1)
    assert replayed != forwarded
    status, reason = outcome(judge, replayed)
    assert status == "refused" and reason.startswith("unverified")
    assert orders(judge) == 1
