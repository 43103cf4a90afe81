"""The judge signs its own mail (DKIM, RFC 6376) with the key named in gmbot.yaml: each
mail verifies against the record `gmbot dkim keygen` printed, published through the
tests' name server; the signature is made once, when the mail is queued, so the mail
sent again is the same bytes and still verifies; a mail changed on the way does not."""

from __future__ import annotations

import re
import time
from pathlib import Path

import dkim
import pytest
from sqlalchemy import select

from gmbot.config import ConfigError
from gmbot.mail.maildir import MaildirOutbox
from gmbot.mail.outgoing.dkim import SIGNED
from gmbot.service.app import open_app
from gmbot.service.outbox.delivery import _envelope, _wire
from gmbot.service.outbox.heads import Heads
from gmbot.store.outbox import Outbound
from tests.auth.signing import StubDns
from tests.loop.judgekit import Judge, make_judge, standard_game
from tests.outgoing.dkimkit import DOMAIN, SELECTOR, keygen

FRANCE = "france@example.test"


@pytest.fixture
def dns() -> StubDns:
    return StubDns()


@pytest.fixture
def signing_judge(tmp_path: Path, dns: StubDns) -> Judge:
    keygen(tmp_path / "home", dns)
    return make_judge(tmp_path, standard_game())


def raw_outbox(judge: Judge) -> list[bytes]:
    return [p.read_bytes() for p in sorted((judge.app.config.outbox / "new").iterdir())]


def signed_fields(raw: bytes) -> set[bytes]:
    signature = dkim.DKIM(raw).headers
    value = next(v for k, v in signature if k.lower() == b"dkim-signature")
    tags = dict(t.strip().split(b"=", 1) for t in value.replace(b"\r\n", b"").split(b";")
                if b"=" in t)
    return {h.strip().lower() for h in tags[b"h"].split(b":")}


def test_every_mail_of_the_judge_verifies_under_its_published_key(
        signing_judge: Judge, dns: StubDns) -> None:
    judge = signing_judge
    judge.send(FRANCE, "A PAR - BUR\nA MAR - SPA\nF BRE - MAO\n", subject="[g] orders")
    judge.tick()
    mails = raw_outbox(judge)
    assert len(mails) == 9  # eight welcomes (seven players, the GM) and France's ack
    for raw in mails:
        # The envelope sender as a Maildir delivery keeps it (unsigned trace), then the
        # signature above everything it covers.
        assert raw.startswith(b"Return-Path: <judge@example.test>\r\nDKIM-Signature: ")
        assert dkim.verify(raw, dnsfunc=dns), raw[:400]
        assert {b"from", b"to", b"subject", b"date", b"message-id", b"list-id",
                b"list-unsubscribe"} <= signed_fields(raw)
        assert f"d={DOMAIN};".encode() in raw and f"s={SELECTOR};".encode() in raw


def test_a_mail_changed_on_the_way_or_under_another_key_fails(
        signing_judge: Judge, dns: StubDns, tmp_path: Path) -> None:
    raw = raw_outbox(signing_judge)[0]
    assert dkim.verify(raw, dnsfunc=dns)
    assert not dkim.verify(raw.replace(b"Subject: [g] Welcome", b"Subject: [g] Welcom"),
                           dnsfunc=dns)
    # Somebody adds a List-Unsubscribe the judge never wrote: h= named it absent.
    assert not dkim.verify(raw.replace(b"\r\nTo: ", b"\r\nList-Unsubscribe: <mailto:x@y>"
                                               b"\r\nTo: ", 1), dnsfunc=dns)
    other = StubDns()
    keygen(tmp_path / "other", other)  # the same selector, another key published
    assert not dkim.verify(raw, dnsfunc=other)


def test_a_resend_is_the_very_bytes_signed_at_queue_time(
        signing_judge: Judge, dns: StubDns, monkeypatch: pytest.MonkeyPatch) -> None:
    judge = signing_judge
    real_write = MaildirOutbox.write

    def full_disk(self: MaildirOutbox, msg: object, name: str) -> object:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(MaildirOutbox, "write", full_disk)
    judge.send(FRANCE, "HELP\n", subject="[g] help")
    judge.tick()  # answered and queued, not sent: tried again later
    with judge.app.db.transaction() as s:
        row = s.scalars(select(Outbound).where(Outbound.recipient == FRANCE,
                                               Outbound.status == "queued")).one()
        assert row.head and row.head.startswith("DKIM-Signature: ") and row.attempts == 1
        first = _wire(row, _envelope(judge.app, row))  # what the failed attempt wrote
    monkeypatch.setattr(MaildirOutbox, "write", real_write)
    judge.reopen()  # a new process, the key read again
    judge.clock.advance(minutes=5)
    judge.tick()
    [sent] = [raw for raw in raw_outbox(judge) if row.message_id.encode() in raw]
    assert sent == first and dkim.verify(sent, dnsfunc=dns)


def test_a_named_key_that_cannot_be_read_stops_the_judge(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "gmbot.yaml").write_text(
        "dkim: {domain: example.test, selector: s1, key_file: missing.pem}\n",
        encoding="utf-8")
    with pytest.raises(ConfigError, match="missing.pem"):
        open_app(home)


def test_without_a_key_the_mail_goes_unsigned(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    assert not any(b"DKIM-Signature" in raw for raw in raw_outbox(judge))


def test_the_signature_is_the_one_dkimpy_writes(
        signing_judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSSL makes the RSA step (dkimpy's is pure Python, 8 ms a mail); PKCS#1 v1.5 is
    deterministic, so at the same second the header is dkimpy's own, byte for byte."""
    raw = raw_outbox(signing_judge)[0]
    unsigned = re.sub(rb"\A(?:DKIM-Signature:.*?\r\n)(?=\S)", b"", raw, flags=re.S)
    monkeypatch.setattr(time, "time", lambda: 1_790_000_000.0)
    key = Heads.of(signing_judge.app.config).dkim
    assert key is not None
    ours = key.signature(unsigned)
    theirs = dkim.sign(unsigned, key.selector.encode(), key.domain.encode(), key.private_pem,
                       include_headers=list(SIGNED), canonicalize=(b"relaxed", b"relaxed"),
                       linesep=b"\r\n")
    assert ours == theirs and b"t=1790000000;" in ours


def test_a_key_file_that_is_no_rsa_key_stops_the_judge(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "bad.pem").write_bytes(b"-----BEGIN PRIVATE KEY-----\nbm9wZQ==\n"
                                   b"-----END PRIVATE KEY-----\n")
    (home / "gmbot.yaml").write_text(
        "dkim: {domain: example.test, selector: s1, key_file: bad.pem}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="not a PEM RSA private key"):
        open_app(home)
