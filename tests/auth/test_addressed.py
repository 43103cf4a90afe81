"""A signed mail counts as orders only if it was addressed to the judge and is recent:
the replay of a mail the player signed and sent elsewhere proves nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

from gmbot.mail.auth import SenderCheck
from gmbot.mail.auth.addressed import Addressing, addressed_to_judge, addressing, recent
from gmbot.mail.auth.headers import header_fields
from gmbot.mail.auth.secrets import hash_secret, reply_token, token_message_id
from gmbot.mail.message import parse_message
from tests.auth.signing import Signer, StubDns
from tests.auth.test_signatures import mail

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
JUDGE = ("judge@example.test",)
ALICE = "alice@mail.example.org"


def sent(raw: bytes) -> Addressing:
    return addressing(header_fields(raw))


def dated(when: datetime, **headers: str) -> bytes:
    return mail(Date=format_datetime(when), **headers)


def test_to_or_cc_must_name_the_judge() -> None:
    assert addressed_to_judge(sent(mail()), JUDGE)  # mail() is To the judge
    assert addressed_to_judge(sent(mail()), ("JUDGE@Example.Test",))
    assert not addressed_to_judge(sent(mail()), ("other@example.test",))
    to_england = mail().replace(b"To: judge@example.test", b"To: england@example.test")
    assert not addressed_to_judge(sent(to_england), JUDGE)
    cc = mail(Cc="Someone <x@y.test>, The Judge <judge@example.test>").replace(
        b"To: judge@example.test", b"To: england@example.test")
    assert addressed_to_judge(sent(cc), JUDGE)
    # A second To header (an attacker's, above the signed one) is not believed.
    doubled = b"To: judge@example.test\r\n" + to_england
    assert sent(doubled).problem and not addressed_to_judge(sent(doubled), JUDGE)


def test_the_date_must_be_recent() -> None:
    assert recent(sent(dated(NOW - timedelta(days=6))), NOW)
    assert recent(sent(dated(NOW + timedelta(hours=20))), NOW)
    assert not recent(sent(dated(NOW - timedelta(days=8))), NOW)
    assert not recent(sent(dated(NOW + timedelta(days=2))), NOW)
    assert recent(sent(mail()), NOW)  # no Date at all: see addressed.py
    assert not recent(sent(mail(Date="the day before yesterday")), NOW)
    doubled = b"Date: " + format_datetime(NOW).encode() + b"\r\n" + dated(NOW)
    assert not recent(sent(doubled), NOW)


def test_a_signed_mail_sent_elsewhere_and_replayed_proves_nothing() -> None:
    dns = StubDns()
    signer = Signer("example.org", dns)
    check = SenderCheck(lookup=dns)

    def proof(raw: bytes, judge: tuple[str, ...] = (),
              now: datetime | None = None) -> str | None:
        evidence = check.examine(raw, parse_message(raw))
        return evidence.proof_for(ALICE, "g", None, None, judge=judge, now=now)

    to_judge = signer.sign(dated(NOW - timedelta(hours=1)))
    assert proof(to_judge, judge=JUDGE, now=NOW) == "dkim"
    # Alice signed this one to England; England sends it on to the judge as it is.
    to_england = signer.sign(dated(NOW - timedelta(hours=1)).replace(
        b"To: judge@example.test", b"To: england@example.test"))
    assert proof(to_england) == "dkim"  # the signature itself holds
    assert proof(to_england, judge=JUDGE, now=NOW) is None
    # ...or adds a To of his own above the signed one.
    assert proof(b"To: judge@example.test\r\n" + to_england, judge=JUDGE, now=NOW) is None
    # A mail she sent the judge long ago, replayed under a new Message-ID is no proof
    # either (the signature covers the Message-ID: here it is sent on as it was).
    old = signer.sign(dated(NOW - timedelta(days=30)))
    assert proof(old, judge=JUDGE, now=NOW) is None
    # A trusted server's verdict on such a mail is read the same way.
    stamped = (b"Authentication-Results: mx.judge.test; dmarc=pass header.from=example.org\r\n"
               + to_england)
    trusting = SenderCheck(trusted_ids=frozenset({"mx.judge.test"}), lookup=dns)
    evidence = trusting.examine(stamped, parse_message(stamped))
    assert evidence.proof == "authres"
    assert evidence.proof_for(ALICE, "g", None, None, judge=JUDGE, now=NOW) is None


def test_a_replayed_mail_may_still_be_proven_otherwise() -> None:
    # The judge's reply token (or the password) proves the author whatever the headers.
    stored = hash_secret("s3cret-word", generated=True)
    ours = token_message_id("0123abcd", reply_token(stored, "g", ALICE), "example.test")
    raw = dated(NOW - timedelta(days=30), In_Reply_To=f"<{ours}>")
    evidence = SenderCheck(lookup=StubDns()).examine(raw, parse_message(raw))
    assert evidence.proof_for(ALICE, "g", stored, None, judge=JUDGE, now=NOW) == "token"
