"""Press relayed through the judge, through the real pipeline on the local Maildir: each
recipient gets his own mail from the judge, signed as the game's press rules allow and
never with the sender's address; replies find their way back; refused press delivers
nothing; observers get the public mail only; HISTORY keeps the record."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.store.models import OrderSet
from gmbot.store.press import Press
from tests.loop.judgekit import POWERS, Judge, make_judge, standard_game
from tests.loop.judgekit import body as crlf_body

GM = "gm@example.test"
OBSERVER = "watcher@example.test"


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def body(msg: EmailMessage) -> str:
    return crlf_body(msg).replace("\r\n", "\n")


def game(press: str = "", observers: bool = True) -> str:
    extra = f"observers: [{OBSERVER}]\n" if observers else ""
    return standard_game(extra=extra + (f"press: {press}\n" if press else ""))


def mail(judge: Judge, power: str, text: str, **headers: str) -> list[EmailMessage]:
    """`power` mails `text`; the judge runs once; every mail it sent in answer."""
    judge.send(addr(power) if "@" not in power else power, text, subject="[g] mail",
               headers=headers or None)
    judge.tick()
    return judge.new_mail()


def to(mails: list[EmailMessage], address: str) -> list[EmailMessage]:
    return [m for m in mails if m["To"] == address]


def press_to(mails: list[EmailMessage], address: str) -> list[EmailMessage]:
    return [m for m in to(mails, address) if "Received" not in m["Subject"]
            and "Errors" not in m["Subject"]]


def ack(mails: list[EmailMessage], power: str) -> str:
    (reply,) = to(mails, addr(power))
    return body(reply)


def assert_anonymous(msg: EmailMessage, sender: str) -> None:
    """Nothing of the sender's address in any header or the body of what was delivered."""
    local = sender.split("@")[0]
    for name, value in msg.items():
        assert sender not in str(value).lower(), (name, value)
        if name.lower() != "subject":
            assert local not in str(value).lower(), (name, value)
    assert sender not in body(msg).lower()
    assert msg["From"] == "judge@example.test"


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, game())


def test_white_press_between_two_players(judge: Judge) -> None:
    out = mail(judge, "FRANCE", "PRESS TO GERMANY\nShall we share Belgium?\nENDPRESS\n")
    (copy,) = press_to(out, addr("GERMANY"))
    assert copy["Subject"] == "[g] Press from France"
    assert "Press from France to Germany" in body(copy)
    assert "Shall we share Belgium?" in body(copy)
    assert_anonymous(copy, addr("FRANCE"))
    assert "press sent to Germany, signed France" in ack(out, "FRANCE")
    # Nobody else hears of it: not the others, not the GM, not the observer.
    assert {m["To"] for m in out} == {addr("GERMANY"), addr("FRANCE")}


def test_grey_press_hides_the_sender(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{signing: both}"))
    out = mail(judge, "FRANCE", "PRESS GREY TO GERMANY, ITALY\nWatch Austria.\nENDPRESS\n")
    copies = press_to(out, addr("GERMANY")) + press_to(out, addr("ITALY"))
    assert len(copies) == 2
    for copy in copies:
        assert copy["Subject"] == "[g] Press from an anonymous player"
        assert "France" not in body(copy) and "FRANCE" not in body(copy)
        assert "Germany, Italy" in body(copy)
        assert_anonymous(copy, addr("FRANCE"))
    assert "anonymously (grey)" in ack(out, "FRANCE")


def test_njudge_syntax_initials_and_end_press(judge: Judge) -> None:
    out = mail(judge, "ENGLAND", "PRESS TO FG\nHello both.\nEND PRESS\n")
    assert press_to(out, addr("FRANCE")) and press_to(out, addr("GERMANY"))
    out = mail(judge, "ENGLAND", "PRESS TO ALL BUT RUSSIA\nNot you, Russia.\nENDPRESS\n")
    got = {m["To"] for m in out if m["Subject"] == "[g] Press from England"}
    assert got == {addr(p) for p in POWERS if p not in ("ENGLAND", "RUSSIA")}


def test_a_broadcast_reaches_everyone_the_gm_and_observers(judge: Judge) -> None:
    out = mail(judge, "RUSSIA", "BROADCAST\nRussia offers peace to all.\nENDPRESS\n")
    got = {m["To"] for m in out if m["Subject"] == "[g] Broadcast from Russia"}
    assert got == {addr(p) for p in POWERS if p != "RUSSIA"} | {GM, OBSERVER}
    for copy in out:
        if copy["To"] != addr("RUSSIA"):
            assert_anonymous(copy, addr("RUSSIA"))
    (seen,) = to(out, OBSERVER)
    assert "observer" in body(seen) and "Reply to this mail" not in body(seen)
    assert "press sent to all players" in ack(out, "RUSSIA")


def test_a_reply_to_relayed_press_goes_back_to_its_sender(judge: Judge) -> None:
    out = mail(judge, "FRANCE", "PRESS TO GERMANY\nBelgium for you, Holland for me?\n"
               "ENDPRESS\n")
    (copy,) = press_to(out, addr("GERMANY"))
    quoted = "\n".join("> " + line for line in body(copy).splitlines())
    out = mail(judge, "GERMANY", f"Agreed, but keep out of Burgundy.\nA MUN - BUR\n\n"
               f"On Mon, 2 Mar 2026, judge@example.test wrote:\n{quoted}\n",
               **{"In-Reply-To": copy["Message-ID"], "References": copy["Message-ID"]})
    (back,) = press_to(out, addr("FRANCE"))
    assert back["Subject"] == "[g] Reply from Germany"
    text = body(back)
    assert "Agreed, but keep out of Burgundy." in text
    assert "Holland for me" not in text  # the quote is not relayed
    assert_anonymous(back, addr("GERMANY"))
    reply_ack = ack(out, "GERMANY")
    assert "press sent to France" in reply_ack
    # The reply is press, all of it: no order was read from it.
    with judge.app.db.transaction() as s:
        assert s.scalars(select(OrderSet)).all() == []


def test_a_reply_to_grey_press_reaches_the_hidden_sender(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{signing: both}"))
    out = mail(judge, "TURKEY", "PRESS GREY TO AUSTRIA\nRussia plans to stab you.\n"
               "ENDPRESS\n")
    (copy,) = press_to(out, addr("AUSTRIA"))
    out = mail(judge, "AUSTRIA", "Who are you?\n", **{"In-Reply-To": copy["Message-ID"]})
    assert "the anonymous sender of that press" in ack(out, "AUSTRIA")
    assert "Turkey" not in ack(out, "AUSTRIA")
    (back,) = press_to(out, addr("TURKEY"))
    assert "Who are you?" in body(back) and "Reply from Austria" in body(back)


def test_a_reply_names_only_press_the_replier_received(judge: Judge) -> None:
    out = mail(judge, "FRANCE", "PRESS TO GERMANY\nSecret.\nENDPRESS\n")
    (copy,) = press_to(out, addr("GERMANY"))
    # Italy quotes Germany's copy's Message-ID: not his press, so an ordinary mail.
    out = mail(judge, "ITALY", "A VEN H\n", **{"In-Reply-To": copy["Message-ID"]})
    assert not press_to(out, addr("FRANCE"))
    assert "A VEN H" in ack(out, "ITALY")


@pytest.mark.parametrize(("setting", "text", "reason"), [
    ("{allowed: none}", "PRESS TO GERMANY\nhi\nENDPRESS\n", "this game has no press"),
    ("{allowed: none}", "BROADCAST\nhi\nENDPRESS\n", "this game has no press"),
    ("{allowed: public}", "PRESS TO GERMANY\nhi\nENDPRESS\n", "broadcasts only"),
    ("{signing: white}", "PRESS GREY TO GERMANY\nhi\nENDPRESS\n", "signed (white) press only"),
    ("{signing: grey}", "PRESS WHITE TO GERMANY\nhi\nENDPRESS\n", "anonymous (grey) press only"),
    ("{signing: both}", "PRESS FAKE AS ENGLAND TO GERMANY\nhi\nENDPRESS\n",
     "does not allow fake signatures"),
    ("{phases: [retreat, adjustment]}", "BROADCAST\nhi\nENDPRESS\n",
     "press only in retreat and adjustment phases"),
])
def test_press_the_rules_forbid_is_refused_and_nothing_delivered(
        tmp_path: Path, setting: str, text: str, reason: str) -> None:
    judge = make_judge(tmp_path, game(setting))
    out = mail(judge, "FRANCE", "A PAR - BUR\n" + text)
    assert [m["To"] for m in out] == [addr("FRANCE")]
    reply = ack(out, "FRANCE")
    assert out[0]["Subject"] == "[g] Errors in your mail"
    assert "press refused, nothing was sent" in reply and reason in reply
    assert "A PAR - BUR" in reply  # the orders of the same mail are kept
    with judge.app.db.transaction() as s:
        assert s.scalars(select(Press)).all() == []


def test_press_to_the_gm_is_always_allowed(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{allowed: none}"))
    out = mail(judge, "FRANCE", "PRESS TO GM\nEngland never answers my press.\nENDPRESS\n")
    (copy,) = press_to(out, GM)
    assert "Press from France to the GM" in body(copy)


def test_fake_signed_grey_press_when_the_gm_allows_it(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{signing: both, fake: true, gm_copies: true}"))
    out = mail(judge, "FRANCE", "PRESS FAKE AS ENGLAND TO GERMANY\nI will attack you.\n"
               "ENDPRESS\n")
    (copy,) = press_to(out, addr("GERMANY"))
    assert copy["Subject"] == "[g] Press from England"
    assert "France" not in body(copy)
    (gm_copy,) = press_to(out, GM)
    assert "written by France" in body(gm_copy) and "fake signature England" in body(gm_copy)


def test_recipients_are_checked(judge: Judge) -> None:
    out = mail(judge, "FRANCE", "PRESS TO GERMANY, NARNIA\nhi\nENDPRESS\n")
    assert [m["To"] for m in out] == [addr("FRANCE")]
    assert "no player called NARNIA" in ack(out, "FRANCE")
    out = mail(judge, "FRANCE", "PRESS\nhi\nENDPRESS\n")
    assert "say who it is for" in ack(out, "FRANCE")


def test_press_has_a_size_limit(judge: Judge) -> None:
    judge.app.config.limits["press_bytes"] = 100
    out = mail(judge, "FRANCE", "PRESS TO GERMANY\n" + "blah " * 40 + "\nENDPRESS\n")
    assert [m["To"] for m in out] == [addr("FRANCE")]
    assert "press is relayed up to 100 bytes" in ack(out, "FRANCE")


def test_press_in_a_mail_with_orders(judge: Judge) -> None:
    out = mail(judge, "FRANCE", "A PAR - BUR\nPRESS TO GERMANY\nI will not do this:\n"
               "A MAR - SPA\nCLEAR\nENDPRESS\nF BRE - MAO\n")
    (copy,) = press_to(out, addr("GERMANY"))
    assert "A MAR - SPA\nCLEAR" in body(copy)
    reply = ack(out, "FRANCE")
    assert "A PAR - BUR" in reply and "F BRE - MAO" in reply
    with judge.app.db.transaction() as s:
        (orders,) = s.scalars(select(OrderSet)).all()
        assert orders.lines == ["A PAR - BUR", "F BRE - MAO"]  # press lines are no orders


def test_observers_get_public_results_never_private_sections_or_press(judge: Judge) -> None:
    mail(judge, "FRANCE", "PRESS TO GERMANY\nprivate\nENDPRESS\n")
    for power in POWERS:
        judge.send(addr(power), "PRESS TO GM\nnothing\nENDPRESS\n" if power == "ITALY"
                   else "A PAR - BUR\n" if power == "FRANCE" else "ORDERS\n",
                   subject="[g] spring")
    judge.tick()
    judge.clock.advance(hours=49)
    judge.tick()
    out = judge.new_mail()
    (result,) = [m for m in to(out, OBSERVER) if "results" in m["Subject"]]
    (gm_result,) = [m for m in to(out, GM) if "results" in m["Subject"]]
    assert body(result) == body(gm_result)  # the public copy, no private section
    assert all(m["Subject"].endswith("results") for m in to(judge.outbox(), OBSERVER))


def test_the_gm_broadcasts_and_writes_to_one_player(judge: Judge) -> None:
    out = mail(judge, GM, "BROADCAST\nDeadline is firm this turn.\nENDPRESS\n"
               "PRESS TO FRANCE\nPlease answer your mail.\nENDPRESS\n")
    got = {m["To"] for m in out if m["Subject"] == "[g] Broadcast from the GM"}
    assert got == {addr(p) for p in POWERS} | {OBSERVER}
    (private,) = [m for m in out if m["Subject"] == "[g] Press from the GM"]
    assert private["To"] == addr("FRANCE")
    out = mail(judge, GM, "PRESS GREY TO FRANCE\nboo\nENDPRESS\n")
    assert "the GM's press is always signed" in body(to(out, GM)[0])


def test_gm_copies_of_private_press_are_announced(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{signing: both, gm_copies: true}"))
    out = mail(judge, "FRANCE", "PRESS GREY TO GERMANY\nLet us ally.\nENDPRESS\n")
    (copy,) = press_to(out, addr("GERMANY"))
    assert "the GM receives a copy of all private press" in body(copy)
    assert "France" not in body(copy)
    (gm_copy,) = press_to(out, GM)
    assert gm_copy["Subject"] == "[g] Press from an anonymous player (GM copy)"
    assert "written by France, sent anonymously" in body(gm_copy)
    assert "the GM receives a copy" in ack(out, "FRANCE")
    assert not to(out, OBSERVER)
    help_text = ack(mail(judge, "ITALY", "HELP\n"), "ITALY")
    assert "the GM receives a copy of all private press" in help_text


def test_history_shows_press_sent_and_received_and_the_public_broadcasts(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{signing: both}"))
    mail(judge, "FRANCE", "PRESS TO GERMANY\nWhite words.\nENDPRESS\n")
    mail(judge, "GERMANY", "PRESS GREY TO FRANCE\nGrey words.\nENDPRESS\n")
    mail(judge, "ITALY", "BROADCAST\nItaly is peaceful.\nENDPRESS\n")
    france = ack(mail(judge, "FRANCE", "HISTORY\n"), "FRANCE")
    assert "You to Germany (press):\n    White words." in france
    assert "Anonymous to France (press):\n    Grey words." in france
    assert "Italy to all players (broadcast):\n    Italy is peaceful." in france
    russia = ack(mail(judge, "RUSSIA", "HISTORY\n"), "RUSSIA")
    assert "Italy is peaceful." in russia  # the public record
    assert "White words." not in russia and "Grey words." not in russia
    germany = ack(mail(judge, "GERMANY", "HISTORY\n"), "GERMANY")
    assert "You (anonymously) to France (press)" in germany


def test_seven_players_negotiate_without_learning_an_address(judge: Judge) -> None:
    # Every player writes to every other, privately, and all order a year.
    for year_orders in ({p: "" for p in POWERS}, {p: "" for p in POWERS}):
        for power in POWERS:
            others = [p for p in POWERS if p != power]
            judge.send(addr(power), f"PRESS TO {', '.join(others)}\nGreetings from "
                       f"{power.title()}.\nENDPRESS\n{year_orders[power]}", subject="[g] x")
        judge.tick()
        judge.clock.advance(hours=49)
        judge.tick()
    outbox = judge.outbox()
    for msg in outbox:
        for power in POWERS:
            if msg["To"] != addr(power):
                assert_anonymous(msg, addr(power))
    for power in POWERS:
        received = [m for m in to(outbox, addr(power)) if "Press from" in m["Subject"]]
        assert len(received) == 2 * (len(POWERS) - 1)
