"""Orders in real-world-shaped mails, through the real pipeline on the local Maildir: the
stored fixtures of tests/mail/fixtures re-addressed to the game, and Gmail / Outlook /
Apple Mail style messages built here. The orders are stored; quoted replies, signatures,
attachments, footers and lines after END are not taken as orders."""

from __future__ import annotations

import email
import email.policy
import quopri
from email.message import EmailMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import make_msgid
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.store.models import OrderSet, Player
from tests.loop.judgekit import Judge, body, make_judge, standard_game

FIXTURES = Path(__file__).resolve().parents[1] / "mail" / "fixtures"
JUDGE = "judge@example.test"


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    """Game `demo`, as the fixtures name it, with their password for every player."""
    return make_judge(tmp_path, standard_game("demo").replace("}", ", password: s3cret}"))


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def stored(judge: Judge, power: str) -> list[str]:
    """The power's current orders as the judge stored them."""
    with judge.app.db.transaction() as s:
        row = s.scalars(
            select(OrderSet).join(Player, OrderSet.player_id == Player.id)
            .where(Player.power == power).order_by(OrderSet.id.desc())
        ).first()
        return list(row.lines) if row else []


def readdressed(name: str, sender: str) -> bytes:
    """A fixture as if `sender` had mailed it to this judge."""
    msg = email.message_from_bytes((FIXTURES / name).read_bytes(), policy=email.policy.default)
    for header in ("From", "To", "Return-Path"):
        del msg[header]
    msg["From"] = sender
    msg["To"] = JUDGE
    return msg.as_bytes()


def deliver(judge: Judge, raw: bytes, power: str) -> EmailMessage:
    """Mail `raw` in, run the judge, return its one reply to the power."""
    judge.send_raw(raw)
    report = judge.tick()
    assert [m.status for m in report.mails] == ["handled"], report.lines()
    replies = judge.to(addr(power), judge.new_mail())
    assert len(replies) == 1
    return replies[0]


def accepted(reply: EmailMessage) -> list[str]:
    """The orders an acknowledgement lists as accepted."""
    text = body(reply)
    assert "Orders for S1901M" in text, text
    out = []
    for line in text.split("Orders for S1901M", 1)[1].splitlines()[1:]:
        if not line.startswith("  "):
            break
        out.append(line.strip())
    return out


# fixture -> (power, orders stored, lines that must not be taken as orders)
FIXTURE_ORDERS = {
    "gmail_reply.eml": ("FRANCE", ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA"],
                        ["A PAR - PIC"]),
    "outlook_reply.eml": ("ENGLAND", ["F LON - NTH", "A LVP - YOR", "F EDI - NWG"],
                          ["F LON - ENG"]),
    "apple_iphone.eml": ("GERMANY", ["A MUN - RUH", "F KIE - HOL", "A BER - KIE"],
                         ["A MUN - TYR"]),
    "attachments.eml": ("ITALY", ["A VEN - TYR", "A ROM - APU", "F NAP - ION"],
                        ["A ROM - VEN", "A VEN H"]),
    "base64_utf8.eml": ("AUSTRIA", ["A VIE - TRI", "A BUD - SER", "F TRI - ALB"], []),
    "html_only.eml": ("AUSTRIA", ["F TRI - ALB", "A BUD - SER", "A VIE H"],
                      ["A PAR - PIC", "A VIE - TYR"]),
    "iso8859_1.eml": ("FRANCE", ["F BRE - MAO", "A PAR - BUR", "A MAR - SPA"],
                      ["A PAR - PIC"]),
    "koi8_r.eml": ("RUSSIA", ["A MOS - UKR", "F SEV - BLA", "A WAR - GAL", "F STP/SC - BOT"],
                   []),
    "end_line.eml": ("TURKEY", ["A CON - BUL", "F ANK - BLA", "A SMY - CON"],
                     ["A CON - SMY"]),
    "shift_jis.eml": ("TURKEY", ["A SMY - ARM"], []),
    "forwarded_attachment.eml": ("TURKEY", ["A CON - BUL", "F ANK - BLA"],
                                 ["A CON - SMY", "F ANK - CON", "A SMY - ARM"]),
    "broken.eml": ("AUSTRIA", ["A VIE - GAL", "F TRI - ALB"], []),
}


@pytest.mark.parametrize("name", sorted(FIXTURE_ORDERS))
def test_fixture_mail_orders_are_stored(judge: Judge, name: str) -> None:
    power, orders, not_orders = FIXTURE_ORDERS[name]
    reply = deliver(judge, readdressed(name, addr(power)), power)
    assert stored(judge, power) == orders
    assert accepted(reply) == orders
    for line in not_orders:
        assert line not in stored(judge, power)
    assert "s3cret" not in body(reply)


def test_chatter_in_a_fixture_is_ignored_not_an_error(judge: Judge) -> None:
    """Press and a signature name are not orders: the ack mentions them briefly, apart from
    errors, the subject is no error and the orders stand."""
    reply = deliver(judge, readdressed("outlook_reply.eml", addr("ENGLAND")), "ENGLAND")
    assert reply["Subject"] == "[demo] Received"
    text = body(reply)
    assert "Not accepted:" not in text
    assert 'Not orders, ignored: "PRESS TO FRANCE I\u2019ll stay o...", "Bob"' in text
    assert "F LON - ENG" not in text  # the quoted original is not even mentioned


def test_all_seven_fixture_players_order_and_the_phase_is_processed(judge: Judge) -> None:
    for name in ("gmail_reply.eml", "outlook_reply.eml", "apple_iphone.eml", "attachments.eml",
                 "base64_utf8.eml", "koi8_r.eml", "end_line.eml"):
        power = FIXTURE_ORDERS[name][0]
        judge.send_raw(readdressed(name, addr(power)))
    report = judge.tick()
    assert [m.status for m in report.mails] == ["handled"] * 7
    assert report.processed == ["demo: S1901M processed (early); next F1901M"]
    results = body(judge.to(addr("FRANCE"), judge.new_mail())[-1])
    for line in ("A PAR - BUR", "F LON - NTH", "A MUN - RUH", "A VEN - TYR", "A VIE - TRI",
                 "F STP/SC - BOT", "A CON - BUL"):
        assert line in results
    assert "A PAR - PIC" not in results and "F LON - ENG" not in results


# --- mails built the way common clients write them ------------------------------------

LOGIN = "GAME demo\nPASSWORD s3cret\n"
FRANCE = ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA"]
ORDERS = "\n".join(FRANCE) + "\n"
QUOTED = "> Orders for Spring 1901 are due on Wed 4 Mar 2026.\n> A PAR - PIC\n> F BRE - ENG\n"


def _headers(msg: EmailMessage | MIMEMultipart | MIMEText, subject: str = "Re: [demo] S1901M",
             sender: str = "France <france@example.test>") -> None:
    msg["From"] = sender
    msg["To"] = f"Diplomacy Judge <{JUDGE}>"
    msg["Subject"] = subject
    msg["Date"] = "Mon, 2 Mar 2026 10:00:00 +0100"
    msg["Message-ID"] = make_msgid(domain="example.test")


def gmail_alternative() -> bytes:
    msg = EmailMessage()
    _headers(msg)
    msg.set_content(f"{LOGIN}{ORDERS}\nOn Mon, 2 Mar 2026 at 09:00, Diplomacy Judge "
                    f"<{JUDGE}> wrote:\n\n{QUOTED}")
    html = "".join(f"<div>{line}</div>" for line in (LOGIN + ORDERS).splitlines())
    msg.add_alternative(
        f'<div dir="ltr">{html}</div><br><div class="gmail_quote">On Mon, 2 Mar 2026, '
        f'Diplomacy Judge wrote:<br><blockquote class="gmail_quote">A PAR - PIC<br>'
        f"F BRE - ENG</blockquote></div>", subtype="html")
    return msg.as_bytes()


def html_only() -> bytes:
    msg = EmailMessage()
    _headers(msg)
    lines = "".join(f"<p>{line.replace(' ', '&nbsp;')}</p>"
                    for line in (LOGIN + ORDERS).splitlines())
    msg.set_content(f"<html><head><style>p {{margin:0}}</style><script>var x = 'A PAR - PIC';"
                    f"</script></head><body>{lines}<blockquote>A PAR - PIC<br>F BRE - ENG"
                    "</blockquote></body></html>", subtype="html")
    return msg.as_bytes()


def outlook_cp1252() -> bytes:
    text = (f"{LOGIN}{ORDERS}\nThanks \u2013 I\u2019ll be \u201cquiet\u201d.\n\n"
            "From: Diplomacy Judge <judge@example.test>\nSent: Monday, March 2, 2026 9:00 AM\n"
            "To: France\nSubject: [demo] S1901M\n\nA PAR - PIC\nF BRE - ENG\n")
    part = MIMEText(text, "plain", "windows-1252")
    del part["Content-Transfer-Encoding"]
    part.set_payload(quopri.encodestring(text.encode("cp1252")).decode("ascii"))
    part["Content-Transfer-Encoding"] = "quoted-printable"
    msg = MIMEMultipart("alternative")
    _headers(msg, subject="RE: [demo] S1901M")
    msg.attach(part)
    msg.attach(MIMEText("<html><body><p>A PAR - PIC</p></body></html>", "html", "windows-1252"))
    assert b"=96" in msg.as_bytes()  # really quoted-printable windows-1252
    return msg.as_bytes()


def _eight_bit(charset: str, text: str) -> bytes:
    head = ("From: france@example.test\nTo: judge@example.test\nSubject: [demo] orders\n"
            f"Message-ID: {make_msgid(domain='example.test')}\nMIME-Version: 1.0\n"
            f'Content-Type: text/plain; charset="{charset}"\nContent-Transfer-Encoding: 8bit\n\n')
    return head.encode("ascii") + text.encode(charset)


def koi8_r() -> bytes:
    return _eight_bit("koi8-r", f"{LOGIN}{ORDERS}\n-- \nИван Петров\nA PAR - PIC\n")


def iso_8859_1() -> bytes:
    return _eight_bit("iso-8859-1", f"{LOGIN}{ORDERS}\n-- \nFrançois Lévy, Besançon\n"
                                    "A PAR - PIC\n")


def base64_utf8() -> bytes:
    msg = EmailMessage()
    _headers(msg, subject="[demo] Frühjahr 1901 — Züge")
    msg.set_content(f"{LOGIN}{ORDERS}Grüße 🤝\n", cte="base64")
    assert b"Content-Transfer-Encoding: base64" in msg.as_bytes()
    return msg.as_bytes()


def with_attachment() -> bytes:
    msg = EmailMessage()
    _headers(msg)
    msg.set_content(f"{LOGIN}{ORDERS}")
    msg.add_attachment("A PAR - PIC\nF BRE - ENG\n", filename="old-orders.txt")
    msg.add_attachment(b"%PDF-1.4\n", maintype="application", subtype="pdf",
                       filename="map.pdf")
    return msg.as_bytes()


def signature() -> bytes:
    msg = EmailMessage()
    _headers(msg)
    msg.set_content(f"{LOGIN}{ORDERS}\n-- \nFrancine\nA PAR - PIC   (my usual opening)\n")
    return msg.as_bytes()


def end_then_junk() -> bytes:
    msg = EmailMessage()
    _headers(msg)
    msg.set_content(f"{LOGIN}{ORDERS}END\nA PAR - PIC\nF BRE - ENG\n"
                    "__________\nFree mail for everyone! Click here.\n")
    return msg.as_bytes()


def apple_flowed() -> bytes:
    """format=flowed: a long line wrapped by the client is joined again."""
    raw = (f"From: france@example.test\nTo: {JUDGE}\nSubject: Re: [demo] S1901M\n"
           f"Message-ID: {make_msgid(domain='example.test')}\nMIME-Version: 1.0 (1.0)\n"
           "Content-Type: text/plain; charset=utf-8; format=flowed\n"
           "Content-Transfer-Encoding: 8bit\nX-Mailer: iPhone Mail (22C152)\n\n"
           "GAME demo\nPASSWORD s3cret\nA PAR - BUR\nF BRE - MAO\nA MAR - \nSPA\n\n"
           "Sent from my iPhone\n\n> On 2 Mar 2026, at 09:00, Diplomacy Judge "
           f"<{JUDGE}> wrote:\n> \n> A PAR - PIC\n")
    return raw.encode("utf-8")


BUILT = {
    "gmail multipart/alternative with quoted reply": gmail_alternative,
    "html only": html_only,
    "outlook windows-1252 quoted-printable": outlook_cp1252,
    "koi8-r with signature": koi8_r,
    "iso-8859-1 with signature": iso_8859_1,
    "base64 utf-8": base64_utf8,
    "attachments": with_attachment,
    "signature": signature,
    "END then junk": end_then_junk,
    "apple mail format=flowed": apple_flowed,
}


@pytest.mark.parametrize("shape", sorted(BUILT))
def test_built_mail_orders_are_stored(judge: Judge, shape: str) -> None:
    reply = deliver(judge, BUILT[shape](), "FRANCE")
    assert stored(judge, "FRANCE") == FRANCE
    assert accepted(reply) == FRANCE
    # Nothing quoted, attached or signed reached the order parser.
    assert "A PAR - PIC" not in body(reply) and "F BRE - ENG" not in body(reply)
    if shape not in ("outlook windows-1252 quoted-printable", "base64 utf-8"):
        assert reply["Subject"] == "[demo] Received", body(reply)


def test_orders_command_shows_what_a_client_mail_stored(judge: Judge) -> None:
    deliver(judge, outlook_cp1252(), "FRANCE")
    judge.send("france@example.test", f"{LOGIN}ORDERS\n")
    judge.tick()
    reply = judge.to(addr("FRANCE"), judge.new_mail())[0]
    assert reply["Subject"] == "[demo] Received"
    assert accepted(reply) == FRANCE
    assert "quiet" not in body(reply)
