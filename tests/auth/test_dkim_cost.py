"""What a stranger's DKIM signature may cost the judge: keys of bounded cost only (checked
before any RSA arithmetic), a bounded number of signatures, and a DNS time budget per
mail and per batch. Real signatures and a stub name server; dkimpy's RSA step is only
watched (counted), never replaced."""

from __future__ import annotations

import base64
import time
from collections.abc import Iterator

import dkim
import pytest

from gmbot.mail.auth import DnsBudget, SenderCheck
from gmbot.mail.auth.keyrecord import key_problem
from gmbot.mail.auth.keys import KeyCache
from gmbot.mail.auth.signatures import MAX_HEADER_FIELDS, MAX_SIGNED_HEADERS
from gmbot.mail.message import parse_message
from tests.auth.signing import Signer, StallingDns, StubDns, random_odd, rsa_record
from tests.auth.test_signatures import mail


@pytest.fixture
def rsa_steps(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts dkimpy's RSA verifications (each one's modulus size), letting them run."""
    seen: list[int] = []
    verify = dkim.RSASSA_PKCS1_v1_5_verify

    def counted(hash_: object, signature: bytes, key: dict[str, int]) -> bool:
        seen.append(key["modulus"].bit_length())
        return verify(hash_, signature, key)

    monkeypatch.setattr(dkim, "RSASSA_PKCS1_v1_5_verify", counted)
    return seen


@pytest.fixture
def stalling() -> Iterator[StallingDns]:
    dns = StallingDns()
    yield dns
    dns.release()  # the lookups the judge gave up on end now


def proof(check: SenderCheck, raw: bytes, budget: DnsBudget | None = None) -> str | None:
    return check.examine(raw, parse_message(raw), budget).proof


def signed_five_times(signer: Signer, raw: bytes) -> bytes:
    """`raw` with five signatures of `signer`'s domain, selectors s1..s5."""
    for n in range(1, 6):
        raw = signer.sign(raw, selector=f"s{n}")
    return raw


def test_a_huge_key_is_refused_before_any_rsa(rsa_steps: list[int]) -> None:
    # A stranger's own domain, aligned with his own From, five signatures, each naming
    # a key whose record holds an 8192-bit modulus and an 8191-bit exponent.
    dns = StubDns()
    stranger = Signer("evil.test", dns)
    huge = rsa_record(random_odd(8192), random_odd(8191))
    for n in range(1, 6):
        stranger.publish(huge, f"s{n}")
    raw = signed_five_times(stranger, mail(sender="eve@evil.test"))
    assert proof(SenderCheck(lookup=dns), raw) is None
    assert dns.lookups == 5 and rsa_steps == []
    # A normal modulus with a huge exponent, or a modulus over 4096 bits with the usual
    # exponent: refused alike.
    for record in (rsa_record(random_odd(2048), random_odd(2047)),
                   rsa_record(random_odd(4104), 65537)):
        stranger.publish(record, "s1")
        assert proof(SenderCheck(lookup=dns), stranger.sign(mail(sender="eve@evil.test"),
                                                            selector="s1")) is None
    assert rsa_steps == []


def test_honest_keys_up_to_4096_bits_verify(rsa_steps: list[int]) -> None:
    dns = StubDns()
    for bits, exponent in ((4096, 65537), (2048, 3)):
        signer = Signer("example.org", dns, selector=f"k{bits}", bits=bits, exponent=exponent)
        assert key_problem(signer.record) is None
        assert proof(SenderCheck(lookup=dns), signer.sign(mail())) == "dkim"
    assert rsa_steps == [4096, 2048]


@pytest.mark.parametrize(("record", "problem"), [
    (rsa_record(random_odd(1000), 65537), "1000 bits"),
    (rsa_record(random_odd(2048), 17), "exponent"),
    (b"v=DKIM1; k=rsa; p=", "revoked"),
    (b"v=DKIM1; k=dsa; p=" + base64.b64encode(b"x" * 64), "unknown key type"),
    (b"v=DKIM1; k=rsa; p=" + base64.b64encode(b"\x30\x03junk"), "unreadable"),
    (b"v=DKIM1; k=rsa; n=" + b"x" * 5000 + b"; p=AAAA", "a key record of"),
    (b"v=DKIM1; k=ed25519; p=" + base64.b64encode(b"k" * 31), "Ed25519"),
])
def test_key_records_that_are_no_proof(record: bytes, problem: str) -> None:
    found = key_problem(record)
    assert found is not None and problem in found


def test_an_ed25519_key_is_of_bounded_cost() -> None:
    assert key_problem(b"v=DKIM1; k=ed25519; p=" + base64.b64encode(b"k" * 32)) is None


def test_only_five_aligned_signatures_are_tried(rsa_steps: list[int]) -> None:
    dns = StubDns()
    stranger = Signer("evil.test", dns)
    raw = mail(sender="eve@evil.test")
    for n in range(1, 8):  # seven signatures, none of whose keys is published
        raw = stranger.sign(raw, selector=f"s{n}")
    assert proof(SenderCheck(lookup=dns), raw) is None
    assert dns.lookups == 5 and rsa_steps == []


def test_a_stalling_name_server_costs_at_most_the_mails_budget(
        stalling: StallingDns) -> None:
    stranger = Signer("evil.test", StubDns())
    raw = signed_five_times(stranger, mail(sender="eve@evil.test"))
    check = SenderCheck(lookup=stalling, mail_dns_seconds=0.3)
    start = time.monotonic()
    assert proof(check, raw) is None
    assert time.monotonic() - start < 5  # does not hang on a lookup that never returns
    # The first lookup spent the mail's budget; the other four signatures were not
    # looked up at all.
    assert stalling.lookups == 1


def test_a_batch_of_stalling_mails_costs_at_most_the_batch_budget(
        stalling: StallingDns) -> None:
    dns = StubDns()
    honest = Signer("example.org", dns)
    keys = KeyCache(lambda name, timeout=3: dns(name) or stalling(name, timeout))
    check = SenderCheck(lookup=keys, mail_dns_seconds=0.3, batch_dns_seconds=0.5)
    assert proof(check, honest.sign(mail())) == "dkim"  # its key is cached from now on
    stranger = Signer("evil.test", StubDns())
    batch = check.budget()
    start = time.monotonic()
    for n in range(4):
        hostile = signed_five_times(stranger, mail(sender=f"eve{n}@evil.test"))
        assert proof(check, hostile, batch) is None
    assert time.monotonic() - start < 5  # does not hang
    # 0.3 s for the first mail, the 0.2 s left of the batch for the second; the third and
    # fourth asked no name server at all.
    assert stalling.lookups == 2
    assert batch.remaining() <= 0
    # The batch's budget is spent: a cached key still proves its mail at once, a key
    # that would need a lookup is "no key" (the mail is left to its other proofs).
    assert proof(check, honest.sign(mail()), batch) == "dkim"
    other = Signer("example.net", dns)
    assert proof(check, other.sign(mail(sender="bob@example.net")), batch) is None
    assert proof(check, other.sign(mail(sender="bob@example.net")), check.budget()) == "dkim"


def test_signatures_whose_header_work_is_unbounded_are_not_tried() -> None:
    # Choosing the signed headers costs dkimpy (header fields) x (names in h=): both
    # are bounded before any key is looked up.
    dns = StubDns()
    stranger = Signer("evil.test", dns)
    names = (b"from", b"date", b"message-id",
             *(b"x-n%d" % i for i in range(MAX_SIGNED_HEADERS - 2)))
    assert proof(SenderCheck(lookup=dns),
                 stranger.sign(mail(sender="eve@evil.test"), headers=names)) is None
    padded = b"".join(b"X-N%d: v\r\n" % i for i in range(MAX_HEADER_FIELDS))
    assert proof(SenderCheck(lookup=dns),
                 stranger.sign(padded + mail(sender="eve@evil.test"))) is None
    assert dns.lookups == 0
    # Within both bounds the same signatures prove their mail.
    fewer = names[:MAX_SIGNED_HEADERS]
    within = padded[:padded.index(b"X-N400:")] + mail(sender="eve@evil.test")
    assert proof(SenderCheck(lookup=dns), stranger.sign(within, headers=fewer)) == "dkim"
