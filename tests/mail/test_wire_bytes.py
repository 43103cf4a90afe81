"""A mail written directly (wire_bytes) is byte for byte the mail the email package
builds (compose): a resend after an upgrade is the same mail, and readers see no change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from gmbot.mail.compose import Outgoing, compose, wire_bytes

ADDRESS = st.from_regex(r"[a-z0-9._+-]{1,20}@[a-z0-9.-]{1,20}", fullmatch=True)
SUBJECT = st.one_of(st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"),
                                          blacklist_characters="\r\n"), max_size=120),
                    st.from_regex(r"(Re: )?\[[a-z0-9]{1,8}\] [A-Za-z ]{0,40}", fullmatch=True))
BODY = st.text(st.characters(blacklist_categories=("Cs",)), max_size=600)


def outgoing(**kw: object) -> Outgoing:
    base: dict[str, object] = dict(
        sender="judge@example.test", recipient="france.7@players.example",
        subject="[b0007] Received", body="A PAR - BUR\n", message_id="a1b2.c3@example.test",
        date=datetime(2026, 3, 1, 12, 30, tzinfo=UTC))
    base.update(kw)
    return Outgoing(**base)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(sender=ADDRESS, recipient=ADDRESS, subject=SUBJECT, body=BODY,
       reply=st.booleans(), hours=st.integers(-12, 12))
def test_written_directly_as_the_email_package_writes_it(sender: str, recipient: str,
                                                         subject: str, body: str,
                                                         reply: bool, hours: int) -> None:
    out = outgoing(sender=sender, recipient=recipient, subject=subject, body=body,
                   in_reply_to="x.y@players.example" if reply else None,
                   auto="auto-replied" if reply else "auto-generated",
                   date=datetime(2026, 3, 1, tzinfo=UTC).astimezone(
                       timezone(timedelta(hours=hours))))
    assert wire_bytes(out) == compose(out).as_bytes()


def test_long_lines_accents_and_crlf_are_encoded_alike() -> None:
    out = outgoing(body="Orders = moves \n" + "x" * 200 + "\r\nRéponse: armée\rend")
    assert wire_bytes(out) == compose(out).as_bytes()


def test_names_and_non_ascii_subjects_go_through_the_email_package() -> None:
    for out in (outgoing(sender="The Judge <judge@example.test>"),
                outgoing(subject="[b0007] Ordres reçus"),
                outgoing(subject="=?utf-8?q?x?= looks encoded"),
                outgoing(picture=b"\x89PNG\r\n\x1a\n")):
        assert wire_bytes(out) == compose(out).as_bytes()
