"""Al-Andalus: a Prince who leaves the game "will be replaced either by their current Wazir
or an alternate (the Wazir's decision)" (the variant's guide.md, Leaving the game). His
seat is offered to the Wazir at his court first: until the phase is processed nobody else
may take it; the Wazir takes it with TAKEOVER and his own seat opens for a replacement,
who keeps his court and dinars. Through the real Maildir pipeline."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from tests.loop.joinkit import GM, ask, join
from tests.loop.judgekit import REPO, Judge, body, make_judge

SUB = "sub@example.net"
ALT = "alt@example.net"
WAZIR = "lordelindel@example.test"
SUBJECT = "[al-andalus-example] orders"


def court_game(tmp_path: Path) -> Judge:
    text = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
    text = text.replace("nmr: hold", f"nmr: civil_disorder\nstandby: [{SUB}, {ALT}]") + """
position:
  phase: S1081M
  extra:
    wazirs:
      lordelindel: {court: SEVILLE, dinars: 7}
"""
    judge = make_judge(tmp_path, text)
    judge.new_mail()
    return judge


def text(mail: EmailMessage) -> str:
    return body(mail).replace("\r\n", "\n")


def one(mails: list[EmailMessage], to: str, subject: str) -> str:
    found = [m for m in mails if m["To"] == to and subject in m["Subject"]]
    assert len(found) == 1, (to, subject, sorted(f"{m['To']}: {m['Subject']}" for m in mails))
    return text(found[0])


def test_a_departing_prince_is_offered_to_his_wazir_first(tmp_path: Path) -> None:
    judge = court_game(tmp_path)
    judge.send("seville@example.test", "RESIGN SEVILLE\n", subject=SUBJECT)
    judge.tick()
    mails = judge.new_mail()
    offer = one(mails, WAZIR, "[al-andalus-example] SEVILLE is yours to take over")
    assert "TAKEOVER al-andalus-example SEVILLE" in offer
    assert "your own seat as\nLORDELINDEL is opened for a replacement" in offer
    call = one(mails, SUB, "Replacement wanted: SEVILLE")
    assert "the seat is first offered to LORDELINDEL, who serves SEVILLE" in call
    assert "first offered to LORDELINDEL" in one(mails, GM, "Seat open: SEVILLE")
    # A standby asks first: refused, naming the rule; nothing changes.
    refused = text(ask(judge, SUB, "TAKEOVER al-andalus-example SEVILLE\n"))
    assert "SEVILLE is offered first to LORDELINDEL, who serves it" in refused
    assert "Please confirm" not in refused
    # The Wazir decides to take it: he is the Prince now, and his own seat is open.
    sent = join(judge, WAZIR, "TAKEOVER al-andalus-example SEVILLE")
    welcome = one(sent, WAZIR, "Welcome: you play Seville")
    assert "You take over a seat of a game under way" in welcome
    left = one(sent, WAZIR, "You no longer play LORDELINDEL")
    assert "You now play SEVILLE" in left and "no longer read" not in left
    assert "The player of LORDELINDEL has taken over SEVILLE" in one(
        sent, SUB, "Replacement wanted: LORDELINDEL")
    one(sent, GM, "SEVILLE taken over")
    # An alternate takes the Wazir's seat over, court and dinars as they stand.
    listed = text(ask(judge, ALT, "LIST\n"))
    assert "(al-andalus), S1081M: LORDELINDEL\n" in listed
    sent = join(judge, ALT, "TAKEOVER al-andalus-example LORDELINDEL")
    one(sent, ALT, "Welcome: you play")
    assert "Wazir LORDELINDEL: you serve Taifa of Seville; 7 dinars." in text(
        ask(judge, ALT, "BALANCE\n"))
    # The former Wazir's mail is the Prince's orders now.
    judge.send(WAZIR, "A SEV H\nA NIE H\nF CAD H\n", subject=SUBJECT)
    judge.tick()
    [ack] = judge.to(WAZIR, judge.new_mail())
    assert "Errors" not in ack["Subject"] and "A SEV H" in text(ack)


def test_the_offer_lapses_when_the_phase_is_processed(tmp_path: Path) -> None:
    judge = court_game(tmp_path)
    judge.send("seville@example.test", "RESIGN SEVILLE\n", subject=SUBJECT)
    judge.tick()
    judge.new_mail()
    judge.clock.advance(hours=49)  # the Wazir let it be: an alternate's, as he decided
    judge.tick()
    judge.new_mail()
    sent = join(judge, SUB, "TAKEOVER al-andalus-example SEVILLE")
    one(sent, SUB, "Welcome: you play Seville")
