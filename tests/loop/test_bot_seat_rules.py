"""Bot seats, the rules issue 35 (item 3) names that the other bot tests leave open,
through the real Maildir pipeline: a bot reads and writes no press (a player's press to
a bot's seat is refused naming the line and why; a broadcast reaches no bot and the bot
answers nothing), a bot waits for the phase the file's `after:` names, the game's web
page lists the seat as played by a bot, smart civil disorder plays a seat its player
resigned or the GM put in civil disorder at once, and the GM's ADD BOT gives a role's
seat (an Al-Andalus Wazir) to the bot."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.store.press import Press
from gmbot.variants import example_text
from tests.loop.judgekit import Judge, make_judge, standard_game
from tests.loop.test_bot_seats import addr, body, events, process, without_france
from tests.site.sitekit import keep_site, text_of

# On PostgreSQL too (CONTRIBUTING.md): the web page's queries.
pytestmark = pytest.mark.dialect(
    "gmbot.service.site.build",
    "gmbot.service.site.gather",
    "gmbot.service.views.pictures",
)


def test_a_bot_reads_and_writes_no_press(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, without_france("bots: {fill: [FRANCE]}\n"))
    judge.send(addr("ENGLAND"), "PRESS TO FRANCE\nShall we share the Channel?\nENDPRESS",
               subject="[g]")
    judge.tick()
    [reply] = judge.to(addr("ENGLAND"), judge.new_mail())
    text = body(reply)
    assert "line 1: PRESS TO FRANCE" in text, text
    assert "FRANCE is played by the judge's bot, which reads no press" in text
    judge.send(addr("ENGLAND"), "BROADCAST\nHello all\nENDPRESS", subject="[g]")
    judge.tick()
    sent = judge.new_mail()
    assert sorted(m["To"] for m in sent if "Hello all" in body(m)
                  and m["To"] != addr("ENGLAND")) == sorted(["gm@example.test", *(
        addr(p) for p in ("AUSTRIA", "GERMANY", "ITALY", "RUSSIA", "TURKEY"))])
    process(judge)
    with judge.app.db.transaction() as s:
        press = s.scalars(select(Press)).all()
        assert [p.sender_key for p in press] == ["ENGLAND"]  # the bot wrote nothing
        assert "FRANCE" not in press[0].recipients


def test_a_bot_waits_for_the_phase_the_file_names(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, without_france("bots: {fill: open, after: F1901M}\n"))
    assert not events(judge, "bot_seated")  # S1901M: France waits for a human
    process(judge)  # the fall opens, and the bot takes France for it
    assert [e["phase"] for e in events(judge, "bot_seated")] == ["F1901M"]
    assert [e["phase"] for e in events(judge, "bot_orders")] == ["F1901M"]


def test_the_games_page_lists_the_bot_seat(tmp_path: Path) -> None:
    judge: Judge = make_judge(tmp_path, without_france("bots: {fill: [FRANCE]}\n"))
    folder = keep_site(judge)
    judge.clock.advance(hours=49)
    judge.tick()
    page = " ".join(text_of(folder / "games/g/index.html").split())
    assert "Players Austria England Germany Italy Russia Turkey France: played by a bot" \
        in page, page


@pytest.mark.parametrize(("sender", "text", "why"), [
    ("germany@example.test", "RESIGN GERMANY", "resigned"),
    ("gm@example.test", "DISORDER GERMANY", "gm"),
])
def test_smart_civil_disorder_plays_a_resigned_or_disordered_seat_at_once(
        tmp_path: Path, sender: str, text: str, why: str) -> None:
    judge = make_judge(tmp_path, standard_game(extra="bots: {smart_cd: true}\n"))
    judge.send(sender, text, subject="[g]")
    judge.tick()
    told = [m for m in judge.to(addr("FRANCE"), judge.new_mail())
            if m["Subject"] == "[g] GERMANY is played by a bot"]
    assert told, "France was not told"
    assert [e["why"] for e in events(judge, "seat_opened")] == [why]
    assert [(e["power"], e["by"]) for e in events(judge, "bot_seated")] == [
        ("GERMANY", "smart_cd")]
    [chosen] = events(judge, "bot_orders")
    assert chosen["phase"] == "S1901M" and len(chosen["lines"]) == 3


def test_the_gm_gives_a_wazirs_seat_to_the_bot_by_mail(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, example_text("al-andalus"))
    judge.send("gm@example.test", "DISORDER NANOOK\nADD BOT NANOOK",
               subject="[al-andalus-example]")
    judge.tick()
    to_gm = "\n".join(body(m) for m in judge.to("gm@example.test", judge.new_mail()))
    assert "NANOOK is played by a bot (the GM's ADD BOT)" in to_gm, to_gm
    [chosen] = events(judge, "bot_orders")  # a free Wazir goes to a Prince's court
    assert chosen["power"] == "NANOOK" and chosen["refused"] == []
    assert any(line.startswith("GO TO COURT") for line in chosen["lines"]), chosen
    judge.send("gm@example.test", "PROCESS", subject="[al-andalus-example]")
    judge.tick()
    assert events(judge, "phase_processed")[-1]["disorder"] == []
