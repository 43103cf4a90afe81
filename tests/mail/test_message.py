"""Tests for gmbot.mail.message against hand-written mails shaped like real clients' output,
and malformed mail, which never raises. Command lines: test_command_lines.py; charsets and
HTML: test_decoding.py; automated mail: test_automated_mail.py."""

from __future__ import annotations

import dataclasses
import email
import random
from datetime import UTC, datetime, timedelta, timezone
from email import policy
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from gmbot.mail.message import (
    InboundMail,
    automated_reason,
    command_lines,
    html_to_text,
    parse_message,
)

FIXTURES = Path(__file__).parent / "fixtures"
JUDGE = ["judge@example.org"]
CET = timezone(timedelta(hours=1))
SPRING = "gmbot.demo.1901S.7f3a@example.org"
LOGIN = ("GAME demo", "PASSWORD s3cret")


@cache
def raw(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


@cache
def load(name: str) -> InboundMail:
    return parse_message(raw(name))


EXPECTED: dict[str, dict[str, Any]] = {
    "gmail_reply.eml": {
        "lines": (*LOGIN, "A PAR - BUR", "F BRE - MAO", "A MAR - SPA"),
        "sender": "alice.example@gmail.com",
        "sender_name": "Alice Example",
        "return_path": "alice.example@gmail.com",
        "subject": "Re: [demo] Spring 1901 orders",
        "message_id": "CAH+w=7bXq3p0V_mZkQ9d2Lr8s4Yh1nT6uWc0e5aJ3fK9gPq2Rw@mail.gmail.com",
        "in_reply_to": SPRING,
        "references": (SPRING,),
        "date": datetime(2026, 1, 5, 10, 3, 41, tzinfo=CET),
    },
    "outlook_reply.eml": {
        "lines": (
            *LOGIN,
            "F LON - NTH",
            "A LVP - YOR",
            "F EDI - NWG",
            "PRESS TO FRANCE I\u2019ll stay out of the Channel \u2013 \u201cpromise\u201d.",
            "Bob",
        ),
        "sender": "bob.smith@contoso.com",
        "sender_name": "Bob Smith",
        "subject": "RE: [demo] Spring 1901 orders",
        "message_id": (
            "AM9PR07MB7123ABCDEF0123456789A1B2C3D4E5F6@AM9PR07MB7123.eurprd07.prod.outlook.com"
        ),
        "in_reply_to": SPRING,
        "date": datetime(2026, 1, 5, 11, 20, 5, tzinfo=UTC),
    },
    "apple_iphone.eml": {
        # format=flowed: the line ending in a space continues on the next one.
        "lines": (
            *LOGIN,
            "A MUN - RUH",
            "F KIE - HOL",
            "A BER - KIE",
            "PRESS TO ENGLAND Let\u2019s keep the North Sea demilitarised this year, "
            "agreed? \U0001f91d",
        ),
        "sender": "carol@icloud.com",
        "sender_name": "Carol",
        "message_id": "1B7E0C2A-4F4D-4C5B-9E3A-2D6F8A9B0C1D@icloud.com",
        "in_reply_to": SPRING,
        "date": datetime(2026, 1, 5, 13, 41, 2, tzinfo=CET),
    },
    "html_only.eml": {
        "lines": (
            *LOGIN,
            "A VIE - GAL",
            "F TRI - ALB",
            "A BUD - SER",
            "PRESS TO ITALY Caf\u00e9 & cr\u00e8me at Trieste? <grin>",
            "A VIE H",
        ),
        "sender": "dmitri_k@yahoo.com",
        "sender_name": "Dmitri K.",
        "date": datetime(2026, 1, 5, 14, 0, tzinfo=UTC),
    },
    "attachments.eml": {
        "lines": (
            *LOGIN,
            "A VEN - TYR",
            "A ROM - APU",
            "F NAP - ION",
            "Map with my plans attached.",
        ),
        "sender": "emma@posteo.de",
        "sender_name": "Emma Rossi",
        "subject": "[demo] Spring 1901 orders (Italy)",
        "in_reply_to": None,
        "references": (),
    },
    "forwarded_attachment.eml": {
        "lines": (*LOGIN, "A CON - BUL", "F ANK - BLA"),
        "sender": "frank@example.net",
        "message_id": "fwd-1@example.net",
        "date": datetime(2026, 1, 6, 13, 0, tzinfo=UTC),
    },
    "iso8859_1.eml": {
        "lines": (
            *LOGIN,
            "F BRE - MAO",
            "A PAR - BUR",
            "A MAR - SPA",
            "PRESS TO GERMANY Tr\u00e8s bien, \u00e0 bient\u00f4t !",
        ),
        "sender": "jean-francois@laposte.example.fr",
        "sender_name": "Jean-Fran\u00e7ois L\u00e9vy",
        "subject": "Ordres pour le printemps 1901 \u00e0 Paris",
    },
    "koi8_r.eml": {
        "lines": (
            *LOGIN,
            "A MOS - UKR",
            "F SEV - BLA",
            "A WAR - GAL",
            "F STP/SC - BOT",
            "PRESS TO TURKEY Привет, давай дружить",
        ),
        "sender_name": "Иван",
        "subject": "Приказы на весну 1901",
        "date": datetime(2026, 1, 5, 16, 0, tzinfo=UTC),
    },
    "base64_utf8.eml": {
        "lines": (
            *LOGIN,
            "A VIE - TRI",
            "A BUD - SER",
            "F TRI - ALB",
            "PRESS TO ITALY Gr\u00fc\u00dfe aus Wien \u2014 \u00bfamigos? \U0001f91d",
        ),
        "sender_name": "Lena M\u00fcller",
        # Two encoded words across a folded line join without a space.
        "subject": "[demo] Fr\u00fchjahr 1901 \u2013 \u00d6sterreich",
    },
    "shift_jis.eml": {
        "lines": (*LOGIN, "A SMY - ARM", "PRESS TO RUSSIA よろしくお願いします"),
        "sender": "kenji@example.jp",
        "sender_name": "",
        "subject": "命令 1901",
    },
    "end_line.eml": {
        "lines": (*LOGIN, "A CON - BUL", "F ANK - BLA", "A SMY - CON"),
        "date": datetime(2026, 1, 5, 18, 0, tzinfo=UTC),  # "-0000" is still made aware
    },
    "bounce.eml": {
        "lines": (
            "This is the mail system at host mx.example.org.",
            "I'm sorry to have to inform you that your message could not",
            "be delivered to one or more recipients.",
            "The mail system",
            "<nobody@example.com>: host mx.example.com[192.0.2.25] said: 550 5.1.1",
            "<nobody@example.com>: Recipient address rejected: User unknown (in reply to",
            "RCPT TO command)",
        ),
        "sender": "mailer-daemon@mx.example.org",
        "sender_name": "",
        "return_path": "",
        "subject": "Undelivered Mail Returned to Sender",
    },
    "auto_reply.eml": {
        "lines": (
            "Ich bin bis 12.01.2026 nicht im B\u00fcro.",
            "I am out of the office until 12 January 2026.",
        ),
        "subject": "Automatische Antwort: [demo] Spring 1901 orders",
        "in_reply_to": SPRING,
    },
    "mailing_list.eml": {
        "lines": ("Shall we play with press allowed?",),
        "sender": "ines@example.pt",
        "return_path": "diplomacy-bounces+judge=example.org@lists.example.org",
    },
    "no_body.eml": {
        "lines": (),
        "body": "",
        "sender": "hugo@example.com",
        "sender_name": "",
        "subject": "LIST demo",
        "message_id": "empty-1@example.com",
    },
    "broken.eml": {
        # Unknown charset falls back to UTF-8, the stray Latin-1 byte is read as such,
        # the soft line break joins "AL" and "B", the bad base64 part is ignored.
        "lines": (*LOGIN, "A VIE - GAL", "F TRI - ALB", "PRESS TO ITALY caf\u00e9 =ZZ cr\u00e8me"),
        "sender": "dave@example.net",
        "sender_name": "Dave (broken client)",
        "return_path": None,
        "subject": "orders= for caf\u00e9",
        "date": None,
        "message_id": "no-brackets-here@broken.example",
        "in_reply_to": SPRING,  # closing ">" missing
    },
}

REASONS = {
    "bounce.eml": "bounce from mailer-daemon",
    "auto_reply.eml": "Auto-Submitted: auto-replied",
    "mailing_list.eml": "Precedence: list",
}


def test_every_fixture_is_covered() -> None:
    assert sorted(p.name for p in FIXTURES.glob("*.eml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_fields(name: str) -> None:
    mail = load(name)
    actual = {field: getattr(mail, field) for field in EXPECTED[name]}
    assert actual == EXPECTED[name]
    assert mail.size == len(raw(name))
    assert mail.date is None or mail.date.tzinfo is not None
    assert mail.lines == command_lines(mail.body)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_automated_reason(name: str) -> None:
    assert automated_reason(load(name), judge_addresses=JUDGE) == REASONS.get(name)


@pytest.mark.parametrize(
    ("name", "excluded", "in_body"),
    [
        ("gmail_reply.eml", "A PAR - PIC", True),  # quoted judge mail
        ("outlook_reply.eml", "F LON - ENG", True),  # below -----Original Message-----
        ("apple_iphone.eml", "A MUN - TYR", True),  # quoted below the iPhone footer
        ("iso8859_1.eml", "A PAR - PIC", True),  # after the signature
        ("end_line.eml", "A CON - SMY", True),  # after END
        ("html_only.eml", "A VIE - TYR", False),  # inside <blockquote>
        ("html_only.eml", "A PAR - PIC", False),  # inside <script>
        ("attachments.eml", "A ROM - VEN", False),  # text attachment
        ("forwarded_attachment.eml", "A CON - SMY", False),  # message/rfc822 part
        ("forwarded_attachment.eml", "A SMY - ARM", False),  # text attachment after HTML body
    ],
)
def test_ignored_content(name: str, excluded: str, in_body: bool) -> None:
    mail = load(name)
    assert (excluded in mail.body) == in_body
    assert not any(excluded in line for line in mail.lines)


@pytest.mark.parametrize("name", ["gmail_reply.eml", "outlook_reply.eml", "attachments.eml"])
def test_html_alternative_gives_the_same_lines(name: str) -> None:
    msg = email.message_from_bytes(raw(name), policy=policy.default)
    html = next(p for p in msg.walk() if p.get_content_type() == "text/html")
    assert command_lines(html_to_text(html.get_content())) == load(name).lines


def test_body_is_the_decoded_plain_part() -> None:
    body = load("gmail_reply.eml").body
    assert body.startswith("GAME demo\nPASSWORD s3cret\nA PAR - BUR\n")
    assert "due on 7 Jan 2026 at 20:00 UTC.\n" in body  # QP soft break joined
    assert "\u2014 the judge" in body
    assert "\r" not in load("outlook_reply.eml").body


def test_headers_keep_only_loop_check_headers() -> None:
    assert dict(load("auto_reply.eml").headers) == {
        "auto-submitted": "auto-replied",
        "x-auto-response-suppress": "All",
        "x-ms-exchange-inbox-rules-loop": "hans.meier@firma.example.de",
        "content-type": 'text/plain; charset="iso-8859-1"',
    }
    headers = load("gmail_reply.eml").headers
    assert "received" not in headers and "dkim-signature" not in headers
    assert headers["content-type"].startswith("multipart/alternative;")
    assert load("mailing_list.eml").headers["list-id"] == (
        "Diplomacy players <diplomacy.lists.example.org>"
    )


def test_inbound_mail_is_frozen_and_hashable() -> None:
    mail = load("gmail_reply.eml")
    with pytest.raises(dataclasses.FrozenInstanceError):
        mail.sender = "x"  # type: ignore[misc]
    assert hash(mail) == hash(parse_message(raw("gmail_reply.eml")))
    with pytest.raises(TypeError):
        mail.headers["x"] = "y"  # type: ignore[index]


# --- malformed input ----------------------------------------------------------------


def _nested(depth: int) -> bytes:
    inner = b"Content-Type: text/plain\n\nA PAR - BUR\n"
    for i in range(depth):
        head = b'Content-Type: multipart/mixed; boundary="b%d"\n\n--b%d\n' % (i, i)
        inner = head + inner + b"\n--b%d--\n" % i
    return b"From: a@example.com\n" + inner


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\x00\xff\xfe\r\n\r\n\x00",
        b"From:\n\n",
        b"From: <>\nSubject:\nDate:\nMessage-ID:\nReferences: <\n\n",
        b'From: @@@ <<<>>> "\n\n',
        b"Content-Type: multipart/mixed; boundary=\n\n--\n--\n",
        b"Content-Type: multipart/alternative\n\nno boundary at all\n",
        b'Content-Type: text/plain; charset="\n\nhi',
        b"Content-Type: text/plain; charset*=utf-8''%ZZ\n\nhi",
        b"Content-Transfer-Encoding: base64\n\n====\n",
        b"Content-Transfer-Encoding: x-uuencode\n\nbegin 644 x\n!!!\n",
        b"Subject: =?utf-8?b?====?= =?nope?q?x?=\nDate: Mon, 99 Foo 99999 99:99 +99999\n\n",
        b"Header without colon\nAnother one\n\nbody",
        _nested(200),
        bytes(random.Random(7).randrange(256) for _ in range(5000)),
    ],
)
def test_malformed_mail_never_raises(data: bytes) -> None:
    parsed = parse_message(data)
    assert isinstance(parsed.body, str) and isinstance(parsed.lines, tuple)
    assert parsed.size == len(data)
    automated_reason(parsed, judge_addresses=JUDGE)


def test_malformed_mail_returns_what_it_can() -> None:
    assert parse_message(b"").lines == ()
    assert parse_message(b"From: <>\n\n").sender == ""
    no_boundary = parse_message(b"Content-Type: multipart/alternative\n\nA PAR - BUR\n")
    assert no_boundary.lines == ("A PAR - BUR",)
    assert parse_message(_nested(5)).lines == ("A PAR - BUR",)
    bare = parse_message(b"Message-ID: abc@example.com\nReferences: a@x <b@y>\n\n")
    assert (bare.message_id, bare.references) == ("abc@example.com", ("b@y",))
