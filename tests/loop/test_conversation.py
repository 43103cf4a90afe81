"""The conversation around the orders (issue 14, items 1, 2 and 5), through the real
pipeline on the local Maildir, with mails written the way players write them: chatty
mails never cost an order, a mail's order replaces only its own unit's, lists and
prefixes are read, near misses get "did you mean", and the GM sees who has ordered."""

from __future__ import annotations

import json
import re
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from tests.loop.conftest import Cli
from tests.loop.judgekit import POWERS, Judge, make_judge, standard_game
from tests.loop.test_commands import HOLD_ALL, addr, body
from tests.loop.test_mail_shapes import stored

GM = "gm@example.test"


def reply(judge: Judge, sender: str, text: str) -> EmailMessage:
    """Mail `text` in (as a plain-text client sends it), run the judge, return its reply."""
    judge.send(sender, text, subject="Re: [g] Spring 1901")
    judge.tick()
    [answer] = judge.to(sender, judge.new_mail())
    return answer


def alternative(sender: str, text: str) -> bytes:
    """A mail as Gmail or Apple Mail sends it: plain text and HTML alternatives, the
    list items as the client's own list markup in the HTML part."""
    msg = EmailMessage()
    msg["From"] = f"Player <{sender}>"
    msg["To"] = "Diplomacy Judge <judge@example.test>"
    msg["Subject"] = "Re: [g] Spring 1901"
    msg["Date"] = "Mon, 2 Mar 2026 10:00:00 +0100"
    msg["Message-ID"] = make_msgid(domain="example.test")
    msg.set_content(text)
    items = "".join(f"<li>{line}</li>" for line in text.splitlines() if line.strip())
    msg.add_alternative(f'<div dir="ltr"><ol>{items}</ol></div>', subtype="html")
    return msg.as_bytes()


# --- item 1: a mail's order replaces only its unit's order --------------------------------


def test_a_thank_you_mail_keeps_the_orders(judge: Judge) -> None:
    reply(judge, addr("FRANCE"), "A PAR - BUR\nA MAR - SPA\nF BRE - MAO\n")
    answer = reply(judge, addr("FRANCE"), "Thanks, got it!\n\nCheers,\nJean\n")
    assert answer["Subject"] == "[g] Received"
    text = body(answer)
    assert "Your mail has no order line; your orders stand unchanged." in text
    assert "Orders for S1901M (version 1):\n  A PAR - BUR\n  A MAR - SPA\n  F BRE - MAO\n" in text
    assert "Not accepted" not in text and "You have no valid orders" not in text
    assert stored(judge, "FRANCE") == ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"]


def test_a_later_mail_changes_one_unit_and_lists_the_units_left(judge: Judge) -> None:
    reply(judge, addr("FRANCE"), "A PAR - BUR\n")
    text = body(reply(judge, addr("FRANCE"), "A PAR - PIC\nA MAR - SPA\n"))
    assert "Orders for S1901M (version 2):\n  A PAR - PIC\n  A MAR - SPA\n" in text
    assert "Replaced by this mail: A PAR - BUR" in text
    assert "Still without orders: F BRE" in text


def test_clear_then_new_orders_in_one_mail_start_afresh(judge: Judge) -> None:
    reply(judge, addr("FRANCE"), "A PAR - BUR\nA MAR - SPA\n")
    text = body(reply(judge, addr("FRANCE"), "CLEAR\nF BRE - MAO\n"))
    assert "Orders for S1901M (version 2):\n  F BRE - MAO\n" in text
    assert stored(judge, "FRANCE") == ["F BRE - MAO"]


def test_a_mail_of_refused_lines_only_changes_no_order(judge: Judge) -> None:
    reply(judge, addr("FRANCE"), "A PAR - BUR\n")
    answer = reply(judge, addr("FRANCE"), "A PAR - MUN\n")
    assert answer["Subject"] == "[g] Errors in your mail"
    assert "A PAR - MUN: not adjacent" in body(answer)
    assert stored(judge, "FRANCE") == ["A PAR - BUR"]


WINTER = standard_game(extra="""position:
  phase: W1901A
  units:
    FRANCE: [A BUR, A MAR, F MAO]
    GERMANY: [A MUN, A KIE, F DEN]
  centers:
    FRANCE: [PAR, MAR, BRE, SPA]
    GERMANY: [MUN, KIE, BER, DEN]
""")


def test_a_later_build_replaces_the_earlier_one_when_only_one_is_allowed(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, WINTER)
    reply(judge, addr("FRANCE"), "BUILD A PAR\n")
    text = body(reply(judge, addr("FRANCE"), "Change of plan: BUILD F BRE\n"))
    assert "Orders for W1901A (version 2):\n  BUILD F BRE\n" in text
    assert "BUILD A PAR (replaced: you have 1 build(s) this winter" in text
    assert stored(judge, "FRANCE") == ["BUILD F BRE"]


def test_build_on_a_held_centre_that_is_no_home_centre_says_so(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, WINTER)
    text = body(reply(judge, addr("GERMANY"), "Build A Den\n"))
    assert "cannot build in DEN: it is not one of your home centres" in text
    assert "occupied" not in text


# --- item 2: chatter is not an error ----------------------------------------------------


CHATTY = """Hi judge,

Here are my orders for spring:
A Par - Bur
A Mar - Spa
F Bre - Mao

I will support you if Germany behaves.
Thanks!
Grüße,
Bob
"""


def test_greetings_thanks_and_a_signature_are_ignored_not_errors(judge: Judge) -> None:
    answer = reply(judge, addr("FRANCE"), CHATTY)
    assert answer["Subject"] == "[g] Received"
    text = body(answer)
    assert stored(judge, "FRANCE") == ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"]
    assert "Not accepted" not in text and "unknown province" not in text
    assert ('Not orders, ignored: "Hi judge,", "Here are my orders for spring:", '
            '"I will support you if Germa...", "Thanks!", "Grüße,", "Bob"') in text


def test_sign_offs_in_several_languages_are_chatter(judge: Judge) -> None:
    lines = ["Merci beaucoup", "A bientôt", "A presto!", "Saludos", "Danke schön",
             "Pozdrawiam", "Спасибо", "Hold on, I'm thinking", "A lot of thanks to you all",
             "See you in Paris, then to Rome!", "Let's go to war", "Sent from my iPhone"]
    answer = reply(judge, addr("FRANCE"), "A PAR - BUR\n" + "\n".join(lines) + "\n")
    assert answer["Subject"] == "[g] Received", body(answer)
    assert stored(judge, "FRANCE") == ["A PAR - BUR"]


def test_a_prefixed_order_is_read(judge: Judge) -> None:
    reply(judge, addr("ENGLAND"), "F LON - NTH\nA LVP - YOR\nF EDI - NWG\n")
    answer = reply(judge, addr("ENGLAND"), "Change of plan: A lvp-wal\n")
    assert answer["Subject"] == "[g] Received"
    assert stored(judge, "ENGLAND") == ["F LON - NTH", "F EDI - NWG", "A LVP - WAL"]
    assert "Replaced by this mail: A LVP - YOR" in body(answer)


def test_numbered_and_bulleted_lists_are_read_as_orders(judge: Judge) -> None:
    answer = reply(judge, addr("AUSTRIA"), "My orders:\n1. A Vie -> Gal\n2) A Bud - Ser\n"
                                            "- F(Tri)-Alb\n")
    assert answer["Subject"] == "[g] Received", body(answer)
    assert stored(judge, "AUSTRIA") == ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"]
    answer = reply(judge, addr("ENGLAND"), "* F Lon - Nth\n• A Lvp - Yor\na) F Edi - Nwg\n")
    assert stored(judge, "ENGLAND") == ["F LON - NTH", "A LVP - YOR", "F EDI - NWG"]


def test_a_list_from_a_client_with_an_html_alternative(judge: Judge) -> None:
    judge.send_raw(alternative(addr("TURKEY"), "Orders:\n1. A Con - Bul\n2. F Ank - Bla\n"
                                              "3. A Smy - Arm\n\nThanks,\nMehmet\n"))
    judge.tick()
    [answer] = judge.to(addr("TURKEY"), judge.new_mail())
    assert answer["Subject"] == "[g] Received", body(answer)
    assert stored(judge, "TURKEY") == ["A CON - BUL", "F ANK - BLA", "A SMY - ARM"]


def test_near_misses_get_did_you_mean(judge: Judge) -> None:
    answer = reply(judge, addr("TURKEY"), "A Smy - Armenai\nF Ank - Blak Sea\nA Con - Bul\n")
    assert answer["Subject"] == "[g] Errors in your mail"
    text = body(answer)
    assert "did you mean ARMENIA (ARM)?" in text
    assert "did you mean BLACK SEA (BLA)?" in text
    assert stored(judge, "TURKEY") == ["A CON - BUL"]
    text = body(reply(judge, addr("TURKEY"), "STAUTS\n"))
    assert "line 1: STAUTS -- not a command; did you mean STATUS?" in text


def test_chatter_is_not_repeated_in_the_results(judge: Judge) -> None:
    for power in POWERS:
        judge.send(addr(power), "Hi judge,\n" + HOLD_ALL[power] + "Bob\n", subject="[g] o")
    judge.tick()
    results = body(judge.to(addr("FRANCE"), judge.new_mail())[-1])
    assert "Spring 1901" in results
    assert "Hi judge" not in results and "Bob" not in results


# --- item 5: the GM sees everything -----------------------------------------------------


def test_gm_status_tells_ordered_partly_and_not_at_all(judge: Judge, cli: Cli) -> None:
    reply(judge, addr("FRANCE"), HOLD_ALL["FRANCE"])
    reply(judge, addr("ENGLAND"), "F LON - NTH\n")
    reply(judge, addr("GERMANY"), HOLD_ALL["GERMANY"])
    reply(judge, addr("GERMANY"), "CLEAR\n")
    reply(judge, addr("ITALY"), "A ROM - XYZ\n")  # refused only: no order stands
    answer = reply(judge, GM, "STATUS\n")
    assert answer["Subject"] == "[g] Status"
    text = body(answer)
    assert "Players:" in text
    players = text.split("Players:\n", 1)[1]
    assert "  FRANCE: ordered; NMR 0; last mail Mon 2 Mar 2026 09:00 UTC\n" in players
    assert "  ENGLAND: partly ordered (2 missing); NMR 0; last mail Mon 2 Mar 2026 09:00 " \
        "UTC\n" in players
    # Without a heading above them, the words say what is missing (issue 32, fifth trial).
    assert "  GERMANY: no orders yet; NMR 0;" in players and "  ITALY: no orders yet;" in players
    assert "  RUSSIA: no orders yet; NMR 0; last mail never\n" in players
    assert "FRANCE: 3 centres, 3 units\n  centres: BRE MAR PAR\n  units: A MAR, A PAR, F BRE\n" \
        in text
    # Nothing is aligned with runs of spaces inside a line (proportional fonts).
    assert not [line for line in text.splitlines() if re.search(r"\S {2,}\S", line)]
    assert ("Waiting for orders from: AUSTRIA, ENGLAND, GERMANY, ITALY, RUSSIA, TURKEY"
            in text)

    out = cli("game", "status", "g").output
    assert "g (active): S1901M, deadline Wed 4 Mar 2026 09:00 UTC" in out
    assert any(line.split()[:2] == ["GERMANY", "not"] for line in out.splitlines())


def test_nmr_count_and_game_show(judge: Judge, cli: Cli) -> None:
    for power in POWERS:
        if power != "RUSSIA":
            judge.send(addr(power), HOLD_ALL[power], subject="[g] o")
    judge.tick()
    cli("game", "process", "g")
    shown = json.loads(cli("game", "show", "g", "--json").output)
    assert shown["phase"] == "F1901M"
    assert shown["deadline_text"] == "Wed 4 Mar 2026 09:00 UTC"
    players = {p["player"]: p for p in shown["players"]}
    assert players["RUSSIA"]["nmr"] == 1 and players["FRANCE"]["nmr"] == 0
    assert players["RUSSIA"]["orders"] == "not at all"
    assert players["FRANCE"]["address"] == addr("FRANCE")
    text = cli("game", "show", "g").output
    assert "deadline Wed 4 Mar 2026 09:00 UTC" in text and "Players:" in text
    assert shown["auth"] == "on"
    assert "Authentication: mail must prove its author (auth: on)" in text


def test_game_show_says_when_authentication_is_off(tmp_path: Path, cli: Cli) -> None:
    path = tmp_path / "friends.yaml"
    path.write_text(standard_game(extra="auth: none\n"), encoding="utf-8")
    cli("game", "load", str(path))
    assert json.loads(cli("game", "show", "g", "--json").output)["auth"] == "none"
    text = cli("game", "show", "g").output
    assert "Authentication: OFF, the From address alone is trusted (auth: none)" in text


def test_times_are_in_the_game_time_zone_for_the_gm_and_in_acks(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game().replace("timezone: UTC",
                                                         "timezone: Europe/Paris"))
    text = body(reply(judge, addr("FRANCE"), "A PAR - BUR\n"))
    assert "Deadline: Wed 4 Mar 2026 10:00 CET" in text
    text = body(reply(judge, GM, "EXTEND 24h\nSTATUS\n"))
    assert "moved to Thu 5 Mar 2026 10:00 CET (2026-03-05 09:00 UTC)" in text
    assert "deadline Thu 5 Mar 2026 10:00 CET (2026-03-05 09:00 UTC)" in text
    assert "Mon 2 Mar 2026 10:00 CET" in text  # France's last mail, in the game's zone
