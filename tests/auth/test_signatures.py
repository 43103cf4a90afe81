"""What one mail proves about its author: real DKIM signatures (keys made here, served by
a stub name server), Authentication-Results from trusted and untrusted servers, the
strict From, reply tokens and passwords. The verifier itself is never replaced."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from gmbot.mail.auth import SenderCheck
from gmbot.mail.auth.keys import KeyCache
from gmbot.mail.auth.secrets import hash_secret, reply_token, token_message_id
from gmbot.mail.message import parse_message
from tests.auth.signing import Signer, StubDns


def mail(sender: str = "Alice <alice@mail.example.org>", body: str = "A PAR - BUR\n",
         **headers: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "judge@example.test"
    msg["Subject"] = "orders"
    msg["Message-ID"] = "<m1@mail.example.org>"
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body)
    return msg.as_bytes()


@pytest.fixture
def dns() -> StubDns:
    return StubDns()


def examine(raw: bytes, dns: StubDns, trusted: tuple[str, ...] = ()) -> tuple[str | None, str]:
    check = SenderCheck(trusted_ids=frozenset(trusted), lookup=dns)
    evidence = check.examine(raw, parse_message(raw))
    return evidence.proof, evidence.address or ""


def test_a_good_signature_of_the_authors_organisation_proves_him(dns: StubDns) -> None:
    # Signed by the organisation's domain, From a subdomain: DMARC's relaxed alignment.
    signed = Signer("example.org", dns).sign(mail())
    assert examine(signed, dns) == ("dkim", "alice@mail.example.org")


def test_a_tampered_body_proves_nothing(dns: StubDns) -> None:
    signed = Signer("example.org", dns).sign(mail())
    tampered = signed.replace(b"A PAR - BUR", b"A PAR - PIC")
    assert examine(tampered, dns) == (None, "alice@mail.example.org")


def test_a_changed_from_after_signing_proves_nothing(dns: StubDns) -> None:
    signed = Signer("example.org", dns).sign(mail())
    forged = signed.replace(b"alice@mail.example.org", b"bob@mail.example.org")
    assert examine(forged, dns)[0] is None


def test_a_signature_of_another_domain_is_not_aligned(dns: StubDns) -> None:
    # A valid signature, but by the attacker's own domain: it proves nothing of alice.
    signed = Signer("attacker.test", dns).sign(mail())
    assert examine(signed, dns)[0] is None
    assert dns.lookups == 0  # not even looked at: an unaligned key is never fetched
    # A public suffix is no organisation: example.co.uk does not vouch for evil.co.uk.
    other = Signer("evil.co.uk", dns).sign(mail(sender="bob@mail.example.co.uk"))
    assert examine(other, dns)[0] is None


def test_a_missing_key_proves_nothing(dns: StubDns) -> None:
    signer = Signer("example.org", dns)
    signed = signer.sign(mail())
    signer.unpublish()
    assert examine(signed, dns)[0] is None


def test_keys_are_cached(dns: StubDns) -> None:
    signed = Signer("example.org", dns).sign(mail())
    check = SenderCheck(lookup=KeyCache(dns))
    for _ in range(3):
        assert check.examine(signed, parse_message(signed)).proof == "dkim"
    assert dns.lookups == 1


def test_authentication_results_count_only_from_a_trusted_server(dns: StubDns) -> None:
    header = "mx.judge.test; dmarc=pass header.from=mail.example.org"
    raw = mail(Authentication_Results=header)
    assert examine(raw, dns, trusted=("mx.judge.test",)) == ("authres", "alice@mail.example.org")
    # The same header from a server the judge does not name: ignored.
    assert examine(raw, dns, trusted=("mx.other.test",))[0] is None
    assert examine(raw, dns)[0] is None


def test_a_trusted_verdict_must_pass_and_be_aligned(dns: StubDns) -> None:
    trusted = ("mx.judge.test",)
    for header in ("mx.judge.test; dmarc=fail header.from=mail.example.org",
                   "mx.judge.test; dmarc=pass header.from=attacker.test",
                   "mx.judge.test; dkim=pass header.d=attacker.test; spf=pass",
                   "mx.judge.test; none"):
        assert examine(mail(Authentication_Results=header), dns, trusted)[0] is None, header
    aligned = "mx.judge.test; dkim=pass header.d=example.org header.s=sel"
    assert examine(mail(Authentication_Results=aligned), dns, trusted)[0] == "authres"


def test_a_forged_trusted_header_below_the_servers_own_is_ignored(dns: StubDns) -> None:
    # The sender wrote a "pass" in the trusted server's name; the server added its own
    # verdict on top, as it does to every mail: only that one counts.
    forged = mail(Authentication_Results="mx.judge.test; dmarc=pass header.from=example.org")
    stamped = (b"Authentication-Results: mx.judge.test; dmarc=fail "
               b"header.from=mail.example.org\r\n" + forged)
    assert examine(stamped, dns, ("mx.judge.test",))[0] is None


@pytest.mark.parametrize("sender", [
    "gm@example.test <evil@attacker.test>",  # a display name that is another address
    "=?utf-8?b?Z21AZXhhbXBsZS50ZXN0?=",  # the address inside an encoded word
    "=?utf-8?b?Z21AZXhhbXBsZS50ZXN0?= <evil@attacker.test>",
    "alice@mail.example.org, evil@attacker.test",  # two authors
])
def test_from_tricks_prove_no_one(dns: StubDns, sender: str) -> None:
    header = "mx.judge.test; dmarc=pass header.from=attacker.test"
    raw = (f"From: {sender}\r\nAuthentication-Results: {header}\r\n".encode()
           + mail().split(b"\n", 1)[1])  # the From header as the attacker wrote it
    assert examine(raw, dns, ("mx.judge.test",)) == (None, "")


def test_two_from_headers_prove_no_one(dns: StubDns) -> None:
    raw = b"From: evil@attacker.test\r\n" + mail()
    assert examine(raw, dns) == (None, "")


def test_a_reply_to_a_judge_mail_or_the_password_proves_the_player(dns: StubDns) -> None:
    stored = hash_secret("s3cret-word")
    token = reply_token(stored, "g", "alice@mail.example.org")
    ours = token_message_id("0123abcd", token, "example.test")
    check = SenderCheck(lookup=dns)

    def proof(raw: bytes, password: str | None = None) -> str | None:
        return check.examine(raw, parse_message(raw)).proof_for(
            "alice@mail.example.org", "g", stored, password)

    assert proof(mail(In_Reply_To=f"<{ours}>")) == "token"
    assert proof(mail(References=f"<x@y.test> <{ours}>")) == "token"
    assert proof(mail(), password="s3cret-word") == "password"
    assert proof(mail(), password="wrong") is None
    assert proof(mail()) is None
    # The token is bound to the game and the address it was mailed to.
    assert proof(mail(sender="bob@mail.example.org", In_Reply_To=f"<{ours}>")) is None
    other = token_message_id("0123abcd", reply_token(stored, "h", "alice@mail.example.org"),
                             "example.test")
    assert proof(mail(In_Reply_To=f"<{other}>")) is None


def test_only_the_topmost_trusted_header_decides(dns: StubDns) -> None:
    # A Gmail-like layout: the receiving server's verdict right above the sender's own
    # headers, the first of which is a "pass" forged in the server's name. The server's
    # fail is final.
    trusted = ("mx.judge.test",)
    body = mail().replace(b"\r\n", b"\n")
    forged = b"Authentication-Results: mx.judge.test; dmarc=pass header.from=example.org\n"
    for verdict in (b"dmarc=fail", b"dmarc=none", b"dmarc=temperror", b"none"):
        stamped = (b"Authentication-Results: mx.judge.test; " + verdict
                   + b" header.from=mail.example.org\n" + forged + body)
        assert examine(stamped, dns, trusted)[0] is None, verdict
    # The same forged pass with an aligned dkim=pass beside it: still the fail decides.
    stamped = (b"Authentication-Results: mx.judge.test; dkim=pass header.d=example.org;"
               b" dmarc=fail header.from=mail.example.org\n" + forged + body)
    assert examine(stamped, dns, trusted)[0] is None
    # A topmost trusted header that cannot be read lets nothing below stand in for it.
    assert examine(b"Authentication-Results: mx.judge.test; ((\n" + forged + body,
                   dns, trusted)[0] is None
    # The server's pass on top counts, whatever a lower header in its name says; so does
    # a pass below another server's header (an inner relay that stamps too).
    passed = (b"Authentication-Results: mx.judge.test; dmarc=pass header.from=example.org\n"
              b"Authentication-Results: mx.judge.test; dmarc=fail header.from=example.org\n")
    assert examine(passed + body, dns, trusted)[0] == "authres"
    relayed = b"Authentication-Results: relay.other.test; dmarc=fail header.from=x.test\n"
    assert examine(relayed + passed + body, dns, trusted)[0] == "authres"


def test_a_signature_with_l_proves_only_a_whole_body(dns: StubDns) -> None:
    # The victim signed a mail with l= (its body's length) and sent it to the attacker,
    # who appends orders after the signed length and sends it on to the judge.
    signer = Signer("example.org", dns)
    signed = signer.sign(mail(body="Shall we ally?\n"), length=True)
    assert b"l=" in signed.split(b"\r\n\r\n", 1)[0]
    assert examine(signed, dns)[0] == "dkim"  # all of the body signed: a proof
    appended = signed + b"A PAR - PIC\r\n"
    assert examine(appended, dns) == (None, "alice@mail.example.org")
    # Trailing empty lines are no part of the signed body in any canonicalisation.
    assert examine(signed + b"\r\n\r\n", dns)[0] == "dkim"


def test_a_signature_that_does_not_sign_from_proves_nothing(dns: StubDns) -> None:
    signer = Signer("example.org", dns)
    unsigned_from = signer.sign(mail(), headers=(b"to", b"subject", b"date", b"message-id"))
    assert b"DKIM-Signature" in unsigned_from and b"from" not in (
        unsigned_from.split(b"h=", 1)[1].split(b";", 1)[0].lower())
    assert examine(unsigned_from, dns)[0] is None
    assert dns.lookups == 0  # refused before its key is looked up
    assert examine(signer.sign(mail()), dns)[0] == "dkim"
