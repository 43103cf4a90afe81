"""A mail written directly (wire_bytes) is byte for byte the mail the email package
builds (compose): a resend after an upgrade is the same mail, and readers see no change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmbot.mail import wire
from gmbot.mail.compose import Outgoing, compose
from gmbot.mail.outgoing.calendar import DeadlineEntry, ics
from gmbot.mail.wire import wire_bytes

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
                outgoing(picture=b"\x89PNG\r\n\x1a\n", message_id="x!y@example.test")):
        assert wire_bytes(out) == compose(out).as_bytes()


# Message-IDs as gmbot makes them (unique.token@domain) and as other mailers do.
OWN_ID = st.from_regex(r"[a-z0-9]{1,32}(\.[a-z0-9]{1,12})?@[a-z0-9.-]{1,20}", fullmatch=True)
ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
ANY_ID = st.from_regex(rf"{ATEXT}{{1,30}}(\.{ATEXT}{{1,20}}){{0,3}}@[A-Za-z0-9-]{{1,20}}"
                       r"(\.[A-Za-z0-9-]{1,20}){0,3}", fullmatch=True)
PICTURE = st.binary(min_size=1, max_size=400)


@settings(max_examples=300, deadline=None)
@given(body=BODY, subject=SUBJECT, message_id=st.one_of(OWN_ID, ANY_ID),
       reply=st.one_of(st.none(), ANY_ID), picture=PICTURE)
def test_a_mail_with_a_map_is_written_as_the_email_package_writes_it(
        body: str, subject: str, message_id: str, reply: str | None, picture: bytes) -> None:
    out = outgoing(body=body, subject=subject, message_id=message_id, in_reply_to=reply,
                   picture=picture)
    assert wire_bytes(out) == compose(out).as_bytes()


@settings(max_examples=200, deadline=None)
@given(message_id=ANY_ID, reply=ANY_ID)
def test_any_message_ids_are_written_as_the_email_package_writes_them(message_id: str,
                                                                      reply: str) -> None:
    out = outgoing(message_id=message_id, in_reply_to=reply, auto="auto-replied")
    assert wire_bytes(out) == compose(out).as_bytes()


def test_the_recipients_of_one_map_share_its_encoding_and_get_each_their_own_mail(
        monkeypatch: pytest.MonkeyPatch) -> None:
    picture = bytes(range(256)) * 300  # several base64 lines, and a short last one
    with monkeypatch.context() as m:  # written directly, not by the email package
        m.setattr(wire, "compose", None)
        mails = [wire_bytes(outgoing(recipient=f"p{i}@players.example", picture=picture,
                                     message_id=f"m{i}.t{i}@example.test",
                                     body=f"Player {i}\n"))
                 for i in range(3)]
    for i, mail in enumerate(mails):
        out = outgoing(recipient=f"p{i}@players.example", picture=bytes(picture),
                       message_id=f"m{i}.t{i}@example.test", body=f"Player {i}\n")
        assert mail == compose(out).as_bytes()
    assert len(set(mails)) == 3


HTML = st.text(st.characters(blacklist_categories=("Cs",)), max_size=600).map(
    lambda text: f'<p>{text}</p><img src="cid:map" alt="map">')


@settings(max_examples=200, deadline=None)
@given(body=BODY, html=HTML, message_id=OWN_ID,
       picture=st.one_of(st.none(), PICTURE))
def test_a_mail_with_its_own_html_part_is_written_as_the_email_package_writes_it(
        body: str, html: str, message_id: str, picture: bytes | None) -> None:
    out = outgoing(body=body, html=html, message_id=message_id, picture=picture)
    assert wire_bytes(out) == compose(out).as_bytes()


# A deadline's calendar entry as gmbot writes it (CRLF lines, non-ASCII in its text), and
# any text at all: the entry is an attachment of a multipart/mixed around the content.
ENTRY = st.builds(
    lambda summary, description, minutes, sequence: ics(DeadlineEntry(
        uid="b0007-S1901M@example.test", sequence=sequence, summary=summary,
        description=description,
        deadline=datetime(2026, 3, 3, 12, tzinfo=UTC) + timedelta(minutes=minutes),
        stamp=datetime(2026, 3, 1, 12, 30, tzinfo=UTC), zone="Europe/Paris")),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=80), BODY,
    st.integers(0, 10**5), st.integers(0, 20))
CALENDAR = st.one_of(ENTRY, BODY.map(lambda text: text.encode("utf-8")))


@settings(max_examples=300, deadline=None)
@given(body=BODY, subject=SUBJECT, message_id=OWN_ID, reply=st.one_of(st.none(), ANY_ID),
       calendar=CALENDAR, html=st.one_of(st.none(), HTML),
       picture=st.one_of(st.none(), PICTURE))
def test_a_mail_with_a_calendar_entry_is_written_as_the_email_package_writes_it(
        body: str, subject: str, message_id: str, reply: str | None, calendar: bytes,
        html: str | None, picture: bytes | None) -> None:
    out = outgoing(body=body, subject=subject, message_id=message_id, in_reply_to=reply,
                   calendar=calendar, html=html, picture=picture)
    assert wire_bytes(out) == compose(out).as_bytes()


def test_a_results_mail_with_its_calendar_entry_is_written_directly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The shapes of a results, welcome and deadline mail: text only, with the HTML, with
    the map; none of them is left to the email package."""
    calendar = ics(DeadlineEntry(
        uid="b0007-S1901M@example.test", sequence=1, summary="[b0007] Spring 1901 orders",
        description="Orders due Tuesday 3 March, 13:00 (Europe/Paris).",
        deadline=datetime(2026, 3, 3, 12, tzinfo=UTC),
        stamp=datetime(2026, 3, 1, 12, 30, tzinfo=UTC), zone="Europe/Paris"))
    shapes = [outgoing(calendar=calendar), outgoing(calendar=calendar, html="<p>A</p>"),
              outgoing(calendar=calendar, picture=bytes(range(256)) * 10)]
    with monkeypatch.context() as m:
        m.setattr(wire, "compose", None)
        mails = [wire_bytes(out) for out in shapes]
    assert mails == [compose(out).as_bytes() for out in shapes]


# Lines around the 78-character width, of "=" (quoted as three characters), spaces and
# tabs (quoted only at the end of a line), accents and controls: every case of the
# line breaking.
EDGY_LINE = st.text(st.sampled_from("a=  \té\x0b\x85"), min_size=60, max_size=170)


@settings(max_examples=400, deadline=None)
@given(lines=st.lists(EDGY_LINE, min_size=1, max_size=4),
       end=st.sampled_from(["", "\n", "\r\n", " ", "\t\n"]))
def test_lines_at_the_width_are_broken_as_the_email_package_breaks_them(lines: list[str],
                                                                        end: str) -> None:
    out = outgoing(body="\n".join(lines) + end, html="<p>" + "\r\n".join(lines) + "</p>")
    assert wire_bytes(out) == compose(out).as_bytes()
