"""Bot seats through the real Maildir pipeline (issue 35, item 3): a game file's `bots:`
seating the judge's bot in a seat nobody holds, every player told, the bot's every order
accepted phase after phase, STATUS listing it; a human's TAKEOVER of the bot's seat with
its orders standing; the GM's ADD BOT and REMOVE BOT by mail and on the command line;
smart civil disorder; the bot's draw vote; and the hostile cases: a player commanding
the bot's seat or its units. Mails are read as a mail client decodes them."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.store.models import Event, Game, OrderSet, Player
from tests.loop.conftest import Cli
from tests.loop.joinkit import join
from tests.loop.judgekit import POWERS, Judge, make_judge, standard_game
from tests.loop.judgekit import body as crlf_body

GM = "gm@example.test"
HUMANS = [p for p in POWERS if p != "FRANCE"]


def body(msg: EmailMessage) -> str:
    return crlf_body(msg).replace("\r\n", "\n")


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def without_france(extra: str) -> str:
    """A standard game whose file seats nobody in France."""
    return standard_game(extra=extra).replace(
        "  - {address: france@example.test, power: FRANCE}\n", "")


HOLDS = {  # each power's units of the standard start, holding
    "AUSTRIA": "A VIE H\nA BUD H\nF TRI H", "ENGLAND": "F LON H\nF EDI H\nA LVP H",
    "FRANCE": "A PAR H\nA MAR H\nF BRE H", "GERMANY": "A BER H\nA MUN H\nF KIE H",
    "ITALY": "F NAP H\nA ROM H\nA VEN H", "RUSSIA": "A MOS H\nF SEV H\nA WAR H\nF STP/SC H",
    "TURKEY": "F ANK H\nA CON H\nA SMY H",
}


def section(results: str, power: str) -> list[str]:
    """A power's order lines in a results mail ("  A PAR - BUR: succeeds"), stripped."""
    lines = results.splitlines()
    start = lines.index(f"{power}:") + 1
    out = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        out.append(line.strip())
    return out


def events(judge: Judge, kind: str) -> list[dict]:
    with judge.app.db.transaction() as s:
        return [e.data for e in s.scalars(select(Event).where(Event.kind == kind)
                                          .order_by(Event.id))]


def gm_mail(judge: Judge, text: str) -> str:
    """The GM's mail to game g; the judge's reply to him."""
    judge.send(GM, text, subject="[g]")
    judge.tick()
    replies = judge.to(GM, judge.new_mail())
    return "\n".join(body(m) for m in replies)


def process(judge: Judge) -> list:
    judge.send(GM, "PROCESS", subject="[g]")
    judge.tick()
    return judge.new_mail()


@pytest.fixture
def judge(tmp_path: Path) -> Judge:  # the `cli` fixture runs on this judge
    return make_judge(tmp_path, without_france("bots: {fill: [FRANCE]}\n"))


def test_a_bot_seat_is_announced_and_plays_a_year_with_every_order_accepted(
        judge: Judge) -> None:
    told = {m["To"]: body(m) for m in judge.welcomes if "played by a bot" in m["Subject"]}
    assert sorted(told) == sorted([GM, *map(addr, HUMANS)])
    assert "TAKEOVER g FRANCE" in told[addr("ENGLAND")]
    assert "REMOVE BOT FRANCE" in told[GM] and "REMOVE BOT" not in told[addr("ENGLAND")]
    for _ in range(3):  # spring, fall, winter: France moves, takes centres, builds
        mails = process(judge)
        france = section(body(judge.to(addr("ENGLAND"), mails)[0]), "FRANCE")
        assert france and not any("NMR" in line for line in france), france
    chosen = events(judge, "bot_orders")
    assert [c["phase"] for c in chosen] == ["S1901M", "F1901M", "W1901A", "S1902M"]
    assert all(c["power"] == "FRANCE" and c["lines"] and c["refused"] == [] for c in chosen)
    assert [e["disorder"] for e in events(judge, "phase_processed")] == [[], [], []]
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game)).one()
        state = game.phases[-1].state
    assert len(state["centers"]["FRANCE"]) > 3  # the bot took neutral centres and built
    assert len(state["units"]["FRANCE"]) == len(state["centers"]["FRANCE"])


def test_status_lists_the_bot_seat_for_players_and_the_gm(judge: Judge) -> None:
    judge.send(addr("ITALY"), "STATUS", subject="[g]")
    judge.tick()
    [reply] = judge.to(addr("ITALY"), judge.new_mail())
    assert "Played by a bot: FRANCE" in body(reply)
    assert "FRANCE: open seat, played by a bot" in gm_mail(judge, "STATUS")


def test_a_human_takes_the_bot_seat_over_with_its_orders_standing(judge: Judge) -> None:
    [chosen] = events(judge, "bot_orders")  # chosen as the bot took the seat
    confirmed = join(judge, "new@example.test", "TAKEOVER g FRANCE")
    assert any("Welcome" in m["Subject"] for m in judge.to("new@example.test", confirmed))
    judge.send("new@example.test", "ORDERS", subject="[g]")
    judge.tick()
    [reply] = judge.to("new@example.test", judge.new_mail())
    for line in chosen["lines"]:
        assert line in body(reply)  # the bot's orders stand for him
    judge.send(GM, "STATUS", subject="[g]")
    judge.tick()
    assert "played by a bot" not in "\n".join(body(m) for m in judge.new_mail())
    process(judge)  # the human's seat: the bot chooses nothing more
    assert len(events(judge, "bot_orders")) == 1
    summary = gm_mail(judge, "SUMMARY")
    assert "FRANCE: the judge's bot, from S1901M until a player took it over" in summary
    assert "FRANCE: new@example.test" in summary
    with judge.app.db.transaction() as s:
        france = s.scalars(select(Player).where(Player.power == "FRANCE")).one()
        assert france.active and france.address == "new@example.test"


def test_the_gm_adds_and_removes_a_bot_by_mail(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    refused = gm_mail(judge, "ADD BOT ENGLAND")
    assert "line 1: ADD BOT ENGLAND" in refused
    assert "ENGLAND has a player: put it in civil disorder first" in refused
    done = gm_mail(judge, "DISORDER ENGLAND\nADD BOT ENGLAND")
    assert "ENGLAND is played by a bot (the GM's ADD BOT)" in done
    told = judge.to(addr("FRANCE"), judge.outbox())
    assert any(m["Subject"] == "[g] ENGLAND is played by a bot" for m in told)
    assert "ENGLAND is played by a bot already" in gm_mail(judge, "ADD BOT ENGLAND")
    mails = process(judge)
    results = body(judge.to(addr("FRANCE"), mails)[0])
    assert "F LON H: NMR" not in results
    done = gm_mail(judge, "REMOVE BOT ENGLAND")
    assert "the bot no longer plays ENGLAND: it is in civil disorder" in done
    # The others read what the seat is now in the rules' words, no "(see RULES)".
    [notice] = [" ".join(body(m).split()) for m in judge.to(addr("FRANCE"), judge.outbox())
              if m["Subject"] == "[g] ENGLAND is no longer played by a bot"]
    assert ("Until a new player takes it over, ENGLAND is in civil disorder: it sends no "
            "orders, so its units hold, it builds nothing") in notice, notice
    assert "see RULES" not in notice
    assert "ENGLAND: open seat, in civil disorder" in gm_mail(judge, "STATUS")
    assert "is not played by a bot" in gm_mail(judge, "REMOVE BOT ENGLAND")
    process(judge)
    assert [e["power"] for e in events(judge, "bot_orders")] == ["ENGLAND", "ENGLAND"]
    assert events(judge, "phase_processed")[-1]["disorder"] == ["ENGLAND"]


def test_the_gm_adds_and_removes_a_bot_on_the_command_line(judge: Judge, cli: Cli) -> None:
    assert "is played by a bot already" in cli("game", "add-bot", "g", "FRANCE",
                                               ok=False).output
    assert "no longer plays FRANCE" in cli("game", "remove-bot", "g", "FRANCE").output
    assert "FRANCE: OPEN" in cli("game", "seats", "g").output
    assert "FRANCE is played by a bot" in cli("game", "add-bot", "g", "FRANCE").output
    assert "FRANCE: BOT" in cli("game", "seats", "g").output
    assert "has a player" in cli("game", "add-bot", "g", "italy", ok=False).output


def test_a_player_cannot_command_the_bot_seat(judge: Judge) -> None:
    [chosen] = events(judge, "bot_orders")
    judge.send(addr("ENGLAND"), "ADD BOT GERMANY\nREMOVE BOT FRANCE\nF BRE - MAO\n"
                                "A PAR - PIC", subject="[g]")
    judge.tick()
    [reply] = judge.to(addr("ENGLAND"), judge.new_mail())
    text = body(reply)
    assert "line 1: ADD BOT GERMANY" in text and "line 2: REMOVE BOT FRANCE" in text
    assert text.count("game master") >= 2  # the GM's commands, refused to a player
    assert "line 3: F BRE - MAO" in text and "line 4: A PAR - PIC" in text
    judge.send(addr("ENGLAND"), "TAKEOVER g FRANCE", subject="hello")
    judge.tick()
    [answer] = judge.to(addr("ENGLAND"), judge.new_mail())
    assert "TAKEOVER" in body(answer) and "Please confirm" not in answer["Subject"]
    mails = process(judge)
    france = section(body(judge.to(addr("ITALY"), mails)[0]), "FRANCE")
    assert [line.split(":")[0] for line in france] == sorted(chosen["lines"])
    assert [e["power"] for e in events(judge, "bot_seated")] == ["FRANCE"]
    assert not events(judge, "player_replaced")


def test_smart_civil_disorder_gives_the_missing_player_seat_to_the_bot(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra="nmr: {after: 1}\n"
                                                     "bots: {smart_cd: true}\n"))
    for power in POWERS:
        if power != "GERMANY":
            judge.send(addr(power), HOLDS[power], subject="[g]")
    mails = process(judge)
    told = [m for m in judge.to(addr("FRANCE"), mails)
            if m["Subject"] == "[g] GERMANY is played by a bot"]
    assert told and "instead of leaving it in civil disorder" in body(told[0])
    assert [e["by"] for e in events(judge, "bot_seated")] == ["smart_cd"]
    assert [e["phase"] for e in events(judge, "bot_orders")] == ["F1901M"]
    mails = process(judge)
    germany = section(body(judge.to(addr("FRANCE"), mails)[0]), "GERMANY")
    assert germany and not any("NMR" in line for line in germany)
    assert events(judge, "phase_processed")[-1]["disorder"] == []


def test_the_bot_accepts_a_draw_that_includes_it(judge: Judge) -> None:
    judge.send(addr("ITALY"), "VOTE DRAW\nSTATUS", subject="[g]")
    judge.tick()
    [reply] = judge.to(addr("ITALY"), judge.new_mail())
    assert "played by a bot: FRANCE, which accepts any draw that includes it" in body(reply)
    for power in HUMANS:
        judge.send(addr(power), "VOTE DRAW", subject="[g]")
        judge.tick()
    over = judge.to(addr("ITALY"), judge.new_mail())
    assert any("FRANCE" in body(m) and "draw" in body(m).lower() for m in over)
    with judge.app.db.transaction() as s:
        assert s.scalars(select(Game)).one().status == "finished"


def test_a_bot_that_does_not_vote_is_not_waited_for(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, without_france("bots: {fill: open, votes: none}\n"))
    for power in HUMANS:
        judge.send(addr(power), "VOTE CONCEDE TO ENGLAND" if power != "ENGLAND"
                   else "VOTE DRAW", subject="[g]")
        judge.tick()
    with judge.app.db.transaction() as s:
        assert s.scalars(select(Game)).one().status == "finished"  # conceded: no bot vote


def test_a_voting_bot_never_concedes(judge: Judge) -> None:
    for power in HUMANS:
        judge.send(addr(power), "VOTE CONCEDE TO ENGLAND" if power != "ENGLAND"
                   else "VOTE DRAW", subject="[g]")
        judge.tick()
    with judge.app.db.transaction() as s:
        assert s.scalars(select(Game)).one().status == "active"


def test_the_bots_section_is_checked(tmp_path: Path, cli: Cli) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(standard_game("bad", "bots: {fill: 3, after: soon, votes: maybe, "
                                         "smart_cd: yes please, bribe: 2}\n"),
                    encoding="utf-8")
    out = cli("game", "load", str(path), ok=False).output
    for path_, why in [("bots.fill", "expected open or a list of powers"),
                       ("bots.after", "a duration such as 2d"),
                       ("bots.votes", "draw_with_me or none"),
                       ("bots.smart_cd", "true or false"), ("bots.bribe", "unknown key")]:
        assert path_ in out and why in out, out
    path.write_text(standard_game("bad", "bots: {fill: [FRANCE, NARNIA]}\n"), encoding="utf-8")
    out = cli("game", "load", str(path), ok=False).output
    assert "bots.fill" in out and "unknown power NARNIA" in out and "FRANCE" not in \
        out.split("NARNIA")[0].split("bots.fill")[-1]


def test_a_bot_waits_for_a_human_as_long_as_the_file_says(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, without_france("bots: {fill: open, after: 3d}\n"))
    assert not events(judge, "bot_seated")
    process(judge)  # S1901M, at once: France still waits for a human
    assert not events(judge, "bot_seated")
    judge.clock.advance(days=3)
    process(judge)  # F1901M, three days on: the bot takes France for it
    assert [e["by"] for e in events(judge, "bot_seated")] == ["rule"]
    assert [e["phase"] for e in events(judge, "bot_orders")] == ["F1901M", "W1901A"]
    with judge.app.db.transaction() as s:
        sets = s.scalars(select(OrderSet).join(Player).where(Player.power == "FRANCE")).all()
        assert [len(o.lines) for o in sets][0] == 3
