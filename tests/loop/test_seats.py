"""Seats through the real Maildir pipeline (issue 24, item 3): the missed-orders policy
putting a power in civil disorder, the GM, the players and the standby list told, the
open seat no longer waited for; RESIGN and its refusals; the GM's DISORDER by mail and
`gmbot game disorder` / `gmbot game seats` on the command line. Mails are read as a mail
client decodes them."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.service.gm.load import load_game
from gmbot.store.models import Event, OrderSet, PhaseRow, Player
from tests.loop.conftest import Cli
from tests.loop.joinkit import join
from tests.loop.judgekit import POWERS, REPO, Judge, make_judge, standard_game
from tests.loop.judgekit import body as crlf_body

GM = "gm@example.test"
SUB = "sub@example.test"  # the game file's standby list
HOME_SUB = "home-sub@example.test"  # gmbot.yaml's


def body(msg: object) -> str:
    return crlf_body(msg).replace("\r\n", "\n")


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


# Fall 1901 from a position: France has five centres for three units (two builds owed,
# at Brest and Marseilles), Germany four units for three centres (a removal owed; the
# army in Picardy is the farthest from its home centres). The others as at the start.
POSITION = """position:
  phase: F1901M
  units:
    FRANCE: [A SPA, F POR, A PAR]
    GERMANY: [A BER, A MUN, F KIE, A PIC]
    ENGLAND: [F LON, F EDI, A LVP]
    ITALY: [F NAP, A ROM, A VEN]
    AUSTRIA: [A VIE, A BUD, F TRI]
    RUSSIA: [A MOS, F SEV, A WAR, F STP/SC]
    TURKEY: [F ANK, A CON, A SMY]
  centers:
    FRANCE: [PAR, BRE, MAR, SPA, POR]
    GERMANY: [BER, MUN, KIE]
    ENGLAND: [LON, EDI, LVP]
    ITALY: [NAP, ROM, VEN]
    AUSTRIA: [VIE, BUD, TRI]
    RUSSIA: [MOS, SEV, WAR, STP]
    TURKEY: [ANK, CON, SMY]
"""

HOLDS = {
    "ENGLAND": "F LON H\nF EDI H\nA LVP H", "ITALY": "F NAP H\nA ROM H\nA VEN H",
    "AUSTRIA": "A VIE H\nA BUD H\nF TRI H", "TURKEY": "F ANK H\nA CON H\nA SMY H",
    "RUSSIA": "A MOS H\nF SEV H\nA WAR H\nF STP/SC H",
}


def seats_judge(tmp_path: Path, nmr: str, position: str = "") -> Judge:
    judge = make_judge(tmp_path, standard_game(extra=f"nmr: {nmr}\nstandby: [{SUB}]\n"
                                                     + position))
    config = judge.home / "gmbot.yaml"  # the home-wide list; SUB is called once
    config.write_text(config.read_text(encoding="utf-8") + f"standby: [{HOME_SUB}, {SUB}]\n",
                      encoding="utf-8")
    judge.reopen()
    return judge


def subjects(mails: list) -> list[str]:
    return sorted(f"{m['To']}: {m['Subject']}" for m in mails)


def process(judge: Judge, cli: Cli) -> None:
    cli("game", "process", "g")
    judge.tick()


@pytest.fixture
def judge(tmp_path: Path) -> Judge:  # the `cli` fixture runs on this judge
    return seats_judge(tmp_path, "{after: 1}", POSITION)


def test_missed_orders_put_the_power_in_civil_disorder(judge: Judge, cli: Cli) -> None:
    for power, lines in HOLDS.items():
        judge.send(addr(power), lines)
    judge.tick()
    judge.new_mail()
    process(judge, cli)  # France and Germany sent nothing: after 1 phase, civil disorder
    mails = judge.new_mail()
    got = subjects(mails)
    for power in ("FRANCE", "GERMANY"):
        assert f"{GM}: [g] Seat open: {power} is in civil disorder" in got
        assert f"{addr(power)}: [g] You no longer play {power}" in got
        assert f"{SUB}: [g] Replacement wanted: {power}" in got
        assert f"{HOME_SUB}: [g] Replacement wanted: {power}" in got
        assert f"{addr('ITALY')}: [g] {power} is in civil disorder" in got
    call = body(next(m for m in mails if m["To"] == SUB and "FRANCE" in m["Subject"]))
    assert "TAKEOVER g FRANCE" in call
    assert "No orders came for FRANCE for 1 phase in a row" in call
    assert "FRANCE: 5 centres, 3 units" in call and "units: A PAR, A SPA, F POR" in call
    assert len([m for m in mails if m["To"] == SUB]) == 2  # once per seat, not per list
    gm = body(next(m for m in mails if m["To"] == GM and "FRANCE" in m["Subject"]))
    assert "france@example.test" in gm and SUB in gm and HOME_SUB in gm
    assert "REPLACE FRANCE new@address" in gm
    left = body(next(m for m in mails if m["To"] == addr("FRANCE") and "no longer" in
                     m["Subject"]))
    assert "after 1 phase in a row without orders" in left
    # The results of the phase went to France too, before the seat opened.
    assert any(m["To"] == addr("FRANCE") and "results" in m["Subject"] for m in mails)

    # Winter: France owes two builds, Germany a removal; nobody plays them, so early
    # processing does not wait for them: the others have nothing to order, and it ran.
    results = body(next(m for m in mails if m["To"] == GM and "Winter 1901" in m["Subject"]))
    assert "(processed early: every player had ordered)" in results
    assert "In civil disorder (no player; adjudicated without orders): FRANCE, GERMANY" \
        in results
    assert "A PIC: civil disorder" in results, results  # removed: farthest from home
    with judge.app.db.transaction() as s:
        spring = s.scalars(select(PhaseRow).order_by(PhaseRow.seq.desc())).first()
        assert spring is not None and spring.name == "S1902M"
        units = spring.state["units"]
        assert sorted(units["FRANCE"]) == ["A PAR", "A SPA", "F POR"]  # it built nothing
        assert sorted(units["GERMANY"]) == ["A BER", "A MUN", "F KIE"]
        opened = s.scalars(select(Event).where(Event.kind == "seat_opened")).all()
        assert [(e.data["power"], e.data["why"], e.data["missed"]) for e in opened] == [
            ("FRANCE", "missed_orders", 1), ("GERMANY", "missed_orders", 1)]
    # The GM's STATUS shows the open seats and waits for nobody there; no reminder goes
    # to the former players (spring's reminders: 24h and 4h before its deadline).
    judge.send(GM, "STATUS")
    judge.tick()
    status = body(judge.to(GM, judge.new_mail())[0])
    assert "FRANCE: open seat, in civil disorder (not waited for)" in status
    waiting = next(line for line in status.splitlines() if line.startswith("Waiting for"))
    assert "FRANCE" not in waiting and "GERMANY" not in waiting and "ITALY" in waiting
    judge.clock.advance(hours=45)
    judge.tick()
    reminded = {m["To"] for m in judge.new_mail() if "Reminder" in m["Subject"]}
    assert addr("ITALY") in reminded and not reminded & {addr("FRANCE"), addr("GERMANY")}


def test_the_call_says_the_takeover_approval_of_the_takeover_section(tmp_path: Path) -> None:
    """One setting for the GM's approval of a takeover (docs/game-file.md): the file's
    `takeover: {approval: true}` is what the call and the GM's mail of an opened seat
    say, and what TAKEOVER then asks for."""
    judge = seats_judge(tmp_path, "{after: 1}\ntakeover: {approval: true}", POSITION)
    for power, lines in HOLDS.items():
        judge.send(addr(power), lines)
    judge.tick()
    judge.new_mail()
    judge.clock.advance(hours=49)
    judge.tick()
    mails = judge.new_mail()
    call = body(next(m for m in mails if m["To"] == SUB and "FRANCE" in m["Subject"]))
    assert "The game master approves each takeover" in call
    gm = body(next(m for m in mails if m["To"] == GM and "Seat open: FRANCE" in m["Subject"]))
    assert "TAKEOVER g FRANCE, once you approve it" in gm
    confirmed = join(judge, SUB, "TAKEOVER g FRANCE")
    asked = judge.to(GM, confirmed)
    assert asked and "APPROVE" in body(asked[0]), subjects(confirmed)


def test_tell_gm_policy_only_tells_the_gm_once(tmp_path: Path) -> None:
    judge = seats_judge(tmp_path, "{after: 1, then: tell_gm}", POSITION)
    for power, lines in HOLDS.items():
        judge.send(addr(power), lines)
    judge.tick()
    judge.new_mail()
    judge.clock.advance(hours=49)
    judge.tick()
    got = subjects(judge.new_mail())
    assert f"{GM}: [g] FRANCE sent no orders for 1 phase" in got
    assert not any("Seat open" in s or "Replacement" in s for s in got)
    with judge.app.db.transaction() as s:
        assert all(p.active for p in s.scalars(select(Player)))


def test_hold_policy_opens_no_seat(tmp_path: Path) -> None:
    judge = seats_judge(tmp_path, "hold", POSITION)
    judge.clock.advance(hours=49)
    judge.tick()
    got = subjects(judge.new_mail())
    assert not any("Seat open" in s or "Replacement" in s or "sent no orders" in s
                   for s in got)


def test_the_default_two_missed_phases_in_a_row(tmp_path: Path) -> None:
    """`nmr: civil_disorder`: after two phases in a row without orders. England orders in
    the spring and misses the fall: one; the others missed both and go."""
    judge = seats_judge(tmp_path, "civil_disorder")
    judge.send(addr("ENGLAND"), "F LON H\nF EDI H\nA LVP H")
    judge.tick()
    judge.clock.advance(hours=49)  # spring 1901: everyone but England missed it
    judge.tick()
    assert not any("Seat open" in m["Subject"] for m in judge.new_mail())
    judge.clock.advance(hours=49)  # fall 1901
    judge.tick()
    got = subjects(judge.new_mail())
    opened = sorted(s.split("Seat open: ")[1].split()[0] for s in got if "Seat open" in s)
    assert opened == sorted(p for p in POWERS if p != "ENGLAND")
    with judge.app.db.transaction() as s:
        spring = s.scalars(select(PhaseRow).where(PhaseRow.name == "S1901M")).one()
        assert spring.result is not None and spring.result["ordered"] == ["ENGLAND"]
    judge.clock.advance(hours=49)  # spring 1902: England's second in a row
    judge.tick()
    got = subjects(judge.new_mail())
    assert f"{GM}: [g] Seat open: ENGLAND is in civil disorder" in got
    assert not any("Seat open" in s and "ENGLAND" not in s for s in got)  # none twice
    results = body(next(m for m in judge.to(GM) if "Spring 1902" in m["Subject"]))
    assert "In civil disorder (no player; adjudicated without orders): AUSTRIA, FRANCE" \
        in results


def test_resign_confirmed_frees_the_seat(tmp_path: Path, ) -> None:
    judge = seats_judge(tmp_path, "civil_disorder")
    judge.send(addr("FRANCE"), "A PAR - BUR\nRESIGN")  # bare: says how to confirm
    judge.tick()
    [reply] = judge.to(addr("FRANCE"), judge.new_mail())
    text = body(reply)
    assert "not done yet: resigning gives up FRANCE for good" in text
    assert "send the line RESIGN FRANCE" in text
    judge.send(addr("FRANCE"), "RESIGN GERMANY")  # not his seat
    judge.tick()
    assert "refused: you play FRANCE, not GERMANY" in body(
        judge.to(addr("FRANCE"), judge.new_mail())[0])
    with judge.app.db.transaction() as s:
        assert all(p.active for p in s.scalars(select(Player)))
        assert not s.scalars(select(Event).where(Event.kind == "seat_opened")).all()

    judge.send(addr("FRANCE"), "RESIGN FRANCE\nRESIGN FRANCE")  # the second: refused
    judge.tick()
    mails = judge.new_mail()
    reply = next(m for m in judge.to(addr("FRANCE"), mails) if "no longer" not in m["Subject"])
    text = body(reply)
    assert "done: FRANCE resigned: the seat is open" in text
    assert "refused: you resigned FRANCE already" in text
    got = subjects(mails)
    assert f"{GM}: [g] Seat open: FRANCE is in civil disorder" in got
    assert f"{SUB}: [g] Replacement wanted: FRANCE" in got
    assert f"{addr('ITALY')}: [g] FRANCE is in civil disorder" in got
    assert "The player of FRANCE has resigned" in body(
        next(m for m in mails if m["To"] == addr("ITALY")))
    with judge.app.db.transaction() as s:
        assert len(s.scalars(select(Event).where(Event.kind == "seat_opened")).all()) == 1
        france = s.scalars(select(Player).where(Player.power == "FRANCE")).one()
        assert not france.active
        newest = s.scalars(select(OrderSet).where(OrderSet.player_id == france.id)
                           .order_by(OrderSet.version.desc())).first()
        assert newest is not None and newest.lines == []  # his A PAR - BUR withdrawn
    # A later RESIGN from the former player changes nothing: he holds no seat.
    judge.send(addr("FRANCE"), "RESIGN FRANCE")
    judge.tick()
    [again] = judge.to(addr("FRANCE"), judge.new_mail())
    assert "not registered in any game" in body(again)
    with judge.app.db.transaction() as s:
        assert len(s.scalars(select(Event).where(Event.kind == "seat_opened")).all()) == 1


def test_resign_refused_from_an_observer_and_in_a_finished_game(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra="observers: [obs@example.test]\n"))
    judge.send("obs@example.test", "RESIGN FRANCE")
    judge.tick()
    [reply] = judge.to("obs@example.test", judge.new_mail())
    assert "not registered in any game" in body(reply)
    judge.send(GM, "DRAW")
    judge.tick()
    judge.new_mail()
    judge.send(addr("FRANCE"), "RESIGN FRANCE")
    judge.tick()
    [reply] = judge.to(addr("FRANCE"), judge.new_mail())
    assert "The game is over." in body(reply)
    with judge.app.db.transaction() as s:
        assert all(p.active for p in s.scalars(select(Player)))


def test_the_gms_disorder_by_mail_and_on_the_command_line(judge: Judge, cli: Cli) -> None:
    judge.send(GM, "DISORDER ITALY\nDISORDER ITALY\nDISORDER SPAIN")
    judge.tick()
    mails = judge.new_mail()
    reply = body(next(m for m in judge.to(GM, mails) if "Seat open" not in m["Subject"]))
    assert "done: ITALY is in civil disorder: the seat is open" in reply
    assert "refused: ITALY has no player already" in reply
    assert "refused: no active player 'SPAIN'" in reply
    assert f"{SUB}: [g] Replacement wanted: ITALY" in subjects(mails)
    assert "The game master has put ITALY in game g in civil disorder" in body(
        next(m for m in mails if m["To"] == addr("ITALY")))
    result = cli("game", "disorder", "g", "turkey")
    assert "TURKEY is in civil disorder" in result.output
    cli("game", "disorder", "g", "TURKEY", ok=False)
    seats = cli("game", "seats", "g").output
    assert "missed orders: after 1 phase in a row without orders its seat is opened" in seats
    assert "ITALY: OPEN, civil disorder (the GM's DISORDER) in F1901M" in seats
    assert "FRANCE: france@example.test, 0 phases in a row without orders" in seats
    assert f"Standby list: {SUB}, {HOME_SUB}" in seats
    # The GM seats a player himself: REPLACE takes an open seat too.
    judge.send(GM, "REPLACE ITALY luca@example.test")
    judge.tick()
    mails = judge.new_mail()
    assert "done: ITALY is now played by luca@example.test" in body(
        next(m for m in judge.to(GM, mails) if "Seat open" not in m["Subject"]))
    assert any(m["To"] == "luca@example.test" for m in mails)  # his welcome
    assert not judge.to(addr("ITALY"), mails)  # he was told when the seat opened
    seats = cli("game", "seats", "g").output
    assert "ITALY: luca@example.test" in seats


def test_a_reload_keeps_a_seat_open(tmp_path: Path) -> None:
    judge = seats_judge(tmp_path, "civil_disorder")
    judge.send(addr("FRANCE"), "RESIGN FRANCE")
    judge.tick()
    message = load_game(judge.app, tmp_path / "game.yaml")
    assert "FRANCE: the file still seats france@example.test, but the seat was opened" \
        in message
    with judge.app.db.transaction() as s:
        assert not s.scalars(select(Player).where(Player.power == "FRANCE")).one().active


def test_al_andalus_prince_in_civil_disorder_still_arrests(tmp_path: Path) -> None:
    """The variant's own NMR rule applies to a seat in civil disorder: a Prince without
    orders acts as ARREST (his Wazir's order is void, the Wazir arrested)."""
    text = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
    text = text.replace("nmr: hold", "nmr: {after: 1}") + """
position:
  phase: S1081M
  extra:
    wazirs:
      lordelindel: {court: SEVILLE, dinars: 7}
"""
    judge = make_judge(tmp_path, text)
    subject = "[al-andalus-example] orders"
    judge.send(GM, "DISORDER SEVILLE", subject=subject)
    judge.send("lordelindel@example.test", "A SEV - COR\n", subject=subject)
    judge.tick()
    assert "done: SEVILLE is in civil disorder" in body(
        next(m for m in judge.to(GM, judge.new_mail()) if "Seat open" not in m["Subject"]))
    judge.clock.advance(hours=49)
    judge.tick()
    results = body(next(m for m in judge.to(GM, judge.new_mail()) if "results" in
                        m["Subject"]))
    assert "A SEV - COR (Wazir LORDELINDEL) -> A SEV H (held: no orders (NMR), which acts " \
           "as ARREST): succeeds" in results
    assert "In civil disorder (no player; adjudicated without orders): SEVILLE" in results


def test_al_andalus_resign_without_the_seat_stays_the_wazir_generals_order(
        tmp_path: Path) -> None:
    """Al-Andalus has a RESIGN order of its own (a Wazir-General gives up his command):
    its other forms (RESIGN COMMAND) are read as that order; a bare RESIGN, or one naming
    another seat, from a Prince, whom the order is not for, is the seat's command, as
    elsewhere (the trial of 3 December, fifth: "only a Wazir-General gives up his command",
    "unknown province 'RESIGN'")."""
    text = (REPO / "gmbot/variants/al_andalus/example.yaml").read_text(encoding="utf-8")
    judge = make_judge(tmp_path, text)
    subject = "[al-andalus-example] orders"
    judge.send("seville@example.test", "RESIGN", subject=subject)
    judge.tick()
    reply = body(judge.to("seville@example.test", judge.new_mail())[0])
    assert "resigning gives up SEVILLE for good" in reply
    assert "Wazir-General" not in reply
    judge.send("seville@example.test", "RESIGN CASTILLE", subject=subject)
    judge.tick()
    reply = body(judge.to("seville@example.test", judge.new_mail())[0])
    assert "you play SEVILLE, not CASTILLE" in reply and "RESIGN'" not in reply
    judge.send("seville@example.test", "RESIGN COMMAND", subject=subject)
    judge.tick()
    reply = body(judge.to("seville@example.test", judge.new_mail())[0])
    assert "only a Wazir-General gives up his command" in reply
    judge.send("seville@example.test", "RESIGN SEVILLE", subject=subject)
    judge.tick()
    reply = body(next(m for m in judge.to("seville@example.test", judge.new_mail())
                      if "no longer" not in m["Subject"]))
    assert "done: SEVILLE resigned: the seat is open" in reply


def test_a_resign_lets_early_processing_go_on(tmp_path: Path) -> None:
    """Every other player has ordered; France resigns: nothing is left to wait for."""
    judge = seats_judge(tmp_path, "hold", POSITION)
    for power, lines in {**HOLDS, "GERMANY": "A BER H\nA MUN H\nF KIE H\nA PIC H"}.items():
        judge.send(addr(power), lines)
    judge.tick()
    assert not any("results" in m["Subject"] for m in judge.new_mail())
    judge.send(addr("FRANCE"), "RESIGN FRANCE")
    judge.tick()
    judge.tick()
    results = body(next(m for m in judge.to(GM, judge.new_mail()) if "Fall 1901" in
                        m["Subject"]))
    assert "(processed early: every player had ordered)" in results
    assert "In civil disorder (no player; adjudicated without orders): FRANCE" in results
    assert "No orders received from" not in results


def test_a_new_player_does_not_inherit_the_run_of_missed_phases(tmp_path: Path) -> None:
    """France misses spring 1901 (one of two), resigns in the fall, and a new player takes
    the seat at once (as TAKEOVER seats him: a new active row): his own first missed
    phase is one, not two."""
    judge = seats_judge(tmp_path, "civil_disorder")
    others = [p for p in POWERS if p != "FRANCE"]
    orders = {"ENGLAND": "F LON H", "GERMANY": "A BER H", "ITALY": "A ROM H",
              "AUSTRIA": "A VIE H", "RUSSIA": "A MOS H", "TURKEY": "A CON H"}
    for power in others:
        judge.send(addr(power), orders[power])
    judge.tick()
    judge.clock.advance(hours=49)
    judge.tick()  # spring 1901: France's first missed phase
    judge.send(addr("FRANCE"), "RESIGN FRANCE")
    judge.tick()
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Player)).first().game
        game.players.append(Player(address="newcomer@example.test", power="FRANCE"))
    for power in others:
        judge.send(addr(power), orders[power])
    judge.tick()
    judge.new_mail()
    judge.clock.advance(hours=49)
    judge.tick()  # fall 1901: the newcomer's first missed phase
    got = subjects(judge.new_mail())
    assert not any("Seat open" in s for s in got), got
    with judge.app.db.transaction() as s:
        assert s.scalars(select(Player).where(Player.address == "newcomer@example.test")
                         ).one().active


def test_no_standby_list_no_call_and_the_gm_is_told_why(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game(extra="nmr: {replace: false}\n"
                                                     "standby: [sub@example.test]\n"))
    judge.send(addr("FRANCE"), "RESIGN FRANCE")
    judge.tick()
    mails = judge.new_mail()
    assert not [m for m in mails if m["To"] == SUB]
    gm = body(next(m for m in judge.to(GM, mails) if "Seat open" in m["Subject"]))
    assert "No call for a replacement went out: this game's rule sends none" in gm


def test_the_home_standby_list_in_gmbot_yaml(tmp_path: Path) -> None:
    from gmbot.config import ConfigError, load_config

    (tmp_path / "gmbot.yaml").write_text("standby: [A@Example.org, a@example.org]\n")
    assert load_config(tmp_path).standby == ("a@example.org",)
    (tmp_path / "gmbot.yaml").write_text("standby: [not an address]\n")
    with pytest.raises(ConfigError, match="standby must be a list of email addresses"):
        load_config(tmp_path)


def test_a_game_with_every_seat_open_waits_for_its_deadlines(tmp_path: Path) -> None:
    judge = seats_judge(tmp_path, "civil_disorder")
    for power in POWERS:
        judge.send(GM, f"DISORDER {power}")
    judge.tick()
    judge.tick()
    judge.tick()
    assert not any("results" in m["Subject"] for m in judge.new_mail())
    judge.clock.advance(hours=49)
    judge.tick()
    judge.tick()
    results = [m["Subject"] for m in judge.to(GM, judge.new_mail()) if "results" in
               m["Subject"]]
    assert results == ["[g] Spring 1901 Movement results"]


def test_orders_after_a_resign_in_the_same_batch_are_refused(tmp_path: Path) -> None:
    """Two mails read in one batch: the RESIGN, then orders. The batch read his seat ahead;
    the orders must not be taken for a seat he gave up."""
    judge = seats_judge(tmp_path, "civil_disorder")
    judge.send(addr("FRANCE"), "RESIGN FRANCE")
    judge.send(addr("FRANCE"), "A PAR - BUR")
    judge.tick()
    replies = [body(m) for m in judge.to(addr("FRANCE"), judge.new_mail())]
    assert any("done: FRANCE resigned" in r for r in replies)
    assert any("not registered in any game" in r for r in replies), replies
    with judge.app.db.transaction() as s:
        france = s.scalars(select(Player).where(Player.power == "FRANCE")).one()
        newest = s.scalars(select(OrderSet).where(OrderSet.player_id == france.id)).all()
        assert all(not row.lines for row in newest)
