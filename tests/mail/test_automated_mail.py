"""Mail that no person wrote (gmbot.mail.message.automated_reason): bounces, auto-replies,
mailing lists, delivery reports and the judge's own mail, each with the reason the judge
leaves it unanswered."""

from __future__ import annotations

import pytest

from gmbot.mail.message import InboundMail, automated_reason, parse_message

JUDGE = ["judge@example.org"]



def mail(headers: str, body: str = "A PAR - BUR\n") -> InboundMail:
    if "From:" not in headers:
        headers = "From: Player <player@example.com>\n" + headers
    return parse_message(f"{headers.strip()}\n\n{body}".encode())


@pytest.mark.parametrize(
    ("headers", "reason"),
    [
        ("Subject: orders", None),
        ("Auto-Submitted: no", None),
        ("Auto-Submitted: auto-generated", "Auto-Submitted: auto-generated"),
        ("Auto-Submitted: Auto-Replied; owner-email=x@y", "Auto-Submitted: auto-replied"),
        ("Precedence: bulk", "Precedence: bulk"),
        ("Precedence: JUNK", "Precedence: junk"),
        ("Precedence: auto_reply", "Precedence: auto_reply"),
        ("Precedence: first-class", None),
        ("List-Id: <demo.lists.example.org>", "mailing list (List-Id)"),
        ("List-Unsubscribe: <mailto:u@example.org>", "mailing list (List-Unsubscribe)"),
        ("From: postmaster@example.com", "bounce from postmaster"),
        ("From: Mail Delivery System <Mailer-Daemon@example.com>", "bounce from mailer-daemon"),
        ("Return-Path: <>", "null Return-Path <> (bounce)"),
        ("Return-Path: < >", "null Return-Path <> (bounce)"),
        ("Return-Path: <player@example.com>", None),
        (
            "Content-Type: multipart/report; report-type=delivery-status; boundary=x",
            "delivery report (multipart/report)",
        ),
        ("Content-Type: message/delivery-status", "delivery report (message/delivery-status)"),
        ("X-Autoreply: yes", "auto-reply (X-Autoreply)"),
        ("X-Autorespond: on vacation", "auto-reply (X-Autorespond)"),
        ("From: JUDGE@Example.org", "sent from the judge's own address"),
        ("From: Judge <results@example.org>", "sent from the judge's own address"),
        ("X-Gmbot-Loop: judge@example.org", "carries the X-Gmbot-Loop header (mail loop)"),
        ("x-gmbot-loop: 1", "carries the X-Gmbot-Loop header (mail loop)"),
        # X-Auto-Response-Suppress is only a signal together with other auto-reply markers.
        ("X-Auto-Response-Suppress: All", None),
        ("X-Auto-Response-Suppress: All\nSubject: Re: orders", None),
        ("X-Auto-Response-Suppress: DR, RN\nSubject: Automatic reply: orders", None),
        (
            "X-Auto-Response-Suppress: All\nSubject: Automatic reply: orders",
            "auto-reply (X-Auto-Response-Suppress with auto-reply markers)",
        ),
        (
            "X-Auto-Response-Suppress: OOF, AutoReply\nSubject: Out of Office: orders",
            "auto-reply (X-Auto-Response-Suppress with auto-reply markers)",
        ),
        (
            "X-Auto-Response-Suppress: AutoReply\nX-MS-Exchange-Inbox-Rules-Loop: p@example.com",
            "auto-reply (X-Auto-Response-Suppress with auto-reply markers)",
        ),
    ],
)
def test_automated_reason(headers: str, reason: str | None) -> None:
    judges = ["Judge <JUDGE@example.org>", "results@example.org"]
    assert automated_reason(mail(headers), judge_addresses=judges) == reason


def test_custom_loop_header() -> None:
    looped = mail("X-Other-Loop: yes")
    assert automated_reason(looped, judge_addresses=JUDGE) is None
    assert automated_reason(looped, judge_addresses=JUDGE, loop_header="X-Other-Loop") == (
        "carries the X-Other-Loop header (mail loop)"
    )
