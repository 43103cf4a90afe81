"""Press as players write it, through the real pipeline on the local Maildir: the text
keeps its paragraphs and quoted lines as the sender wrote them, within the same bounds;
a short message fits on its header line; and the wrong forms are answered, never lost."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.store.models import OrderSet
from gmbot.store.press import Press
from tests.loop.judgekit import POWERS, Judge, make_judge
from tests.loop.test_press import GM, OBSERVER, ack, addr, body, game, mail, press_to


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, game())


def stored_orders(judge: Judge) -> list[str]:
    with judge.app.db.transaction() as s:
        return [line for o in s.scalars(select(OrderSet)) for line in o.lines]


# --- the text as written -----------------------------------------------------------------


def test_paragraphs_and_quoted_lines_are_relayed_as_written(judge: Judge) -> None:
    out = mail(judge, "FRANCE", "A PAR - BUR\nPRESS TO GERMANY\nDear Kaiser,\n\n"
               "You wrote last spring:\n> Burgundy stays empty.\n>\n> On my honour.\n\n"
               "  Well, it did not.\n\nYours, France\nENDPRESS\nF BRE - MAO\n")
    (copy,) = press_to(out, addr("GERMANY"))
    assert ("Dear Kaiser,\n\nYou wrote last spring:\n> Burgundy stays empty.\n>\n"
            "> On my honour.\n\n  Well, it did not.\n\nYours, France\n") in body(copy)
    assert stored_orders(judge) == ["A PAR - BUR", "F BRE - MAO"]
    with judge.app.db.transaction() as s:
        (press,) = s.scalars(select(Press)).all()
        assert press.text.startswith("Dear Kaiser,\n\nYou wrote")  # HISTORY keeps it too


def test_blank_lines_around_the_message_are_trimmed(judge: Judge) -> None:
    out = mail(judge, "FRANCE", "PRESS TO GERMANY\n\n\nHello.\n\nENDPRESS\n")
    (copy,) = press_to(out, addr("GERMANY"))
    assert "to Germany (Spring 1901 Movement):\n\nHello.\n\n--" in body(copy)


def test_a_message_without_endpress_stops_at_the_signature_as_before(judge: Judge) -> None:
    out = mail(judge, "FRANCE", "PRESS TO GERMANY\nOne.\n\nTwo.\n-- \nJean Dupont\n"
               "jean@example.test\n")
    (copy,) = press_to(out, addr("GERMANY"))
    assert "One.\n\nTwo.\n" in body(copy)
    assert "Jean Dupont" not in body(copy) and "jean@" not in body(copy)
    assert "no ENDPRESS" in ack(out, "FRANCE")


def test_a_reply_keeps_its_paragraphs_and_drops_the_quoted_press(judge: Judge) -> None:
    out = mail(judge, "FRANCE", "PRESS TO GERMANY\nBelgium for you?\nENDPRESS\n")
    (copy,) = press_to(out, addr("GERMANY"))
    quoted = "\n".join("> " + line for line in body(copy).splitlines())
    out = mail(judge, "GERMANY", "Agreed.\n\nBut keep out of Burgundy.\n\n"
               f"On Mon, 2 Mar 2026, judge@example.test wrote:\n{quoted}\n",
               **{"In-Reply-To": copy["Message-ID"], "References": copy["Message-ID"]})
    (back,) = press_to(out, addr("FRANCE"))
    assert "Agreed.\n\nBut keep out of Burgundy.\n" in body(back)
    assert "Belgium for you?" not in body(back)


def test_the_size_limit_counts_the_text_as_written(judge: Judge) -> None:
    judge.app.config.limits["press_bytes"] = 30
    out = mail(judge, "FRANCE", "PRESS TO GERMANY\n" + "a\n\n" * 12 + "ENDPRESS\n")
    assert "press is relayed up to 30 bytes" in ack(out, "FRANCE")
    assert not press_to(out, addr("GERMANY"))


# --- one-line press ----------------------------------------------------------------------


def test_one_line_press_and_broadcast_beside_orders(judge: Judge) -> None:
    out = mail(judge, "FRANCE", "PRESS TO GERMANY: see you in Burgundy\nA PAR - BUR\n"
               "BROADCAST: France wants peace\nF BRE - MAO\n")
    copy, _ = press_to(out, addr("GERMANY"))
    assert copy["Subject"] == "[g] Press from France"
    assert "\n\nsee you in Burgundy\n\n--" in body(copy)
    got = {m["To"] for m in out if m["Subject"] == "[g] Broadcast from France"}
    assert got == {addr(p) for p in POWERS if p != "FRANCE"} | {GM, OBSERVER}
    text = ack(out, "FRANCE")
    assert "line 1: PRESS TO GERMANY\n  press sent to Germany, signed France" in text
    assert "line 3: BROADCAST\n  press sent to all players" in text
    assert "no ENDPRESS" not in text
    assert stored_orders(judge) == ["A PAR - BUR", "F BRE - MAO"]


def test_a_header_line_may_open_a_longer_message(judge: Judge) -> None:
    out = mail(judge, "FRANCE", "PRESS TO GERMANY: Dear Kaiser,\n\nBurgundy is yours.\n"
               "ENDPRESS\nA PAR - PIC\n")
    (copy,) = press_to(out, addr("GERMANY"))
    assert "\n\nDear Kaiser,\n\nBurgundy is yours.\n\n--" in body(copy)
    assert stored_orders(judge) == ["A PAR - PIC"]


def test_one_line_press_to_a_stranger_is_refused_and_the_orders_stand(judge: Judge) -> None:
    out = mail(judge, "FRANCE", "PRESS TO NARNIA: hello\nA PAR - BUR\n")
    assert [m["To"] for m in out] == [addr("FRANCE")]
    assert "line 1: PRESS TO NARNIA\n  press refused, nothing was sent: no player called " \
        "NARNIA" in ack(out, "FRANCE")
    assert stored_orders(judge) == ["A PAR - BUR"]


# --- press after the end of the game ----------------------------------------------------


def ended(tmp_path: Path, press: str = "") -> Judge:
    """A game the GM has ended in a draw, its mails read."""
    judge = make_judge(tmp_path, game(press))
    out = mail(judge, GM, "DRAW\n")
    (over,) = [m for m in out if m["Subject"] == "[g] The game ends in a draw"
               and m["To"] == addr("ITALY")]
    debrief = 'Press stays open for the debrief: a line "BROADCAST: your message" reaches'
    assert (debrief in body(over)) == ("after_end: none" not in press)
    assert ('"PRESS TO FRANCE: your message" one player' in body(over)) == (press == "")
    return judge


def test_the_debrief_goes_to_everyone_after_the_end(tmp_path: Path) -> None:
    judge = ended(tmp_path)
    out = mail(judge, "FRANCE", "BROADCAST: Well played, all. I was bluffing about Belgium.\n")
    got = {m["To"] for m in out if m["Subject"] == "[g] Broadcast from France"}
    assert got == {addr(p) for p in POWERS if p != "FRANCE"} | {GM, OBSERVER}
    (copy,) = press_to(out, addr("GERMANY"))
    assert "to all players (after the end of the game):\n\nWell played" in body(copy)
    text = ack(out, "FRANCE")
    assert "press sent to all players, signed France after the end of the game." in text
    assert "takes no more orders" not in text  # a press-only mail gets no game record
    out = mail(judge, "GERMANY", "PRESS TO FRANCE: I knew.\n")
    assert [m["Subject"] for m in press_to(out, addr("FRANCE"))] == ["[g] Press from Germany"]


def test_a_reply_to_press_of_the_game_still_reaches_its_sender(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game())
    (copy,) = press_to(mail(judge, "FRANCE", "PRESS TO GERMANY: trust me\n"), addr("GERMANY"))
    mail(judge, GM, "DRAW\n")
    out = mail(judge, "GERMANY", "I never did.\n",
               **{"In-Reply-To": copy["Message-ID"], "References": copy["Message-ID"]})
    (back,) = press_to(out, addr("FRANCE"))
    assert back["Subject"] == "[g] Reply from Germany" and "I never did." in body(back)


def test_other_mail_after_the_end_gets_the_summary_as_before(tmp_path: Path) -> None:
    judge = ended(tmp_path)
    (summary,) = mail(judge, "FRANCE", "A PAR - BUR\n")
    assert summary["Subject"] == "[g] The game ends in a draw"


def test_a_game_without_press_allows_the_debrief_to_all_only(tmp_path: Path) -> None:
    judge = ended(tmp_path, "{allowed: none}")
    out = mail(judge, "FRANCE", "PRESS TO GERMANY: psst\n")
    assert [m["To"] for m in out] == [addr("FRANCE")]
    assert "after the end of this game only broadcasts are relayed" in ack(out, "FRANCE")
    out = mail(judge, "FRANCE", "BROADCAST: I was France, by the way.\n")
    assert len(press_to(out, addr("ITALY"))) == 1


def test_the_gm_may_close_press_after_the_end(tmp_path: Path) -> None:
    judge = ended(tmp_path, "{after_end: none}")
    out = mail(judge, "FRANCE", "BROADCAST: gg\n")
    assert [m["To"] for m in out] == [addr("FRANCE")]
    assert "this game has no press after its end" in ack(out, "FRANCE")


# --- display names -----------------------------------------------------------------------

NAMED = {"FRANCE": "Jean Dupont", "GERMANY": "Alice", "ITALY": "Turkey", "RUSSIA": "FG"}


def named_game(press: str) -> str:
    """Players with display names, two of them a power's name and njudge's initials."""
    text = game(press)
    for power, name in NAMED.items():
        text = text.replace(f"power: {power}}}", f"power: {power}, name: {name!r}}}")
    return text


def test_press_by_display_name_when_the_game_makes_names_public(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, named_game("{display_names: true}"))
    out = mail(judge, "ENGLAND", "PRESS TO JEAN DUPONT, AUSTRIA: tea?\n")
    assert {m["To"] for m in press_to(out, addr("FRANCE")) + press_to(out, addr("AUSTRIA"))} \
        == {addr("FRANCE"), addr("AUSTRIA")}
    assert "press sent to France, Austria, signed England" in ack(out, "ENGLAND")
    out = mail(judge, "ENGLAND", "PRESS TO alice: hello\n")
    assert "press sent to Germany" in ack(out, "ENGLAND")
    # A name that already names someone else keeps its old meaning: Turkey is the power,
    # not Italy's player; FG are France and Germany, not Russia's player.
    out = mail(judge, "ENGLAND", "PRESS TO TURKEY: hello\n")
    assert press_to(out, addr("TURKEY")) and not press_to(out, addr("ITALY"))
    out = mail(judge, "ENGLAND", "PRESS TO FG: hello\n")
    assert press_to(out, addr("FRANCE")) and not press_to(out, addr("RUSSIA"))
    assert "players may be addressed by name" in ack(mail(judge, "ENGLAND", "HELP\n"), "ENGLAND")


def test_display_names_stay_private_by_default(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, named_game(""))
    out = mail(judge, "ENGLAND", "PRESS TO JEAN DUPONT: tea?\n")
    assert [m["To"] for m in out] == [addr("ENGLAND")]
    text = ack(out, "ENGLAND")
    assert "no player called JEAN, DUPONT" in text and "France" not in text.split("(")[0]
