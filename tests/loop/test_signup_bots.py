"""Sign-up games filled by bots (issue 35, item 3): a game open for sign-up whose file's
`bots: fill` allows it starts when its sign-up closes with the joiners it has, the
judge's bot in the seats left (at once, or after `bots.after`), every player told as for
any bot seat; the joiners get the seats no bot may take; a game whose seats left no bot
may take does not start, and the GM is told once why. Through the real Maildir pipeline,
the cold tick's look at the database included."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from gmbot.config import load_config
from gmbot.daemon.idle import nothing_to_do
from gmbot.service.joining.draw import assign
from gmbot.store.models import Event, Game
from tests.loop.joinkit import GM, ask, join, signup_game
from tests.loop.judgekit import POWERS, Judge, body, make_judge

CLOSE = "2026-03-05 12:00"  # three days after the judge's clock starts
ANN, BOB = "ann@example.org", "bob@example.org"


def game(bots: str, close: str = CLOSE) -> str:
    return signup_game(signup=f"{{seats: 7, close: {close}}}", extra=f"bots: {bots}\n")


def status(judge: Judge) -> str:
    with judge.app.db.transaction() as s:
        return s.scalars(select(Game)).one().status


def events(judge: Judge, kind: str) -> list[dict]:
    with judge.app.db.transaction() as s:
        return [e.data for e in s.scalars(select(Event).where(Event.kind == kind)
                                          .order_by(Event.id))]


def past_the_close(judge: Judge) -> list:
    """Time runs past the close; the cold tick sees work, and the tick does it."""
    judge.clock.advance(days=3, hours=4)
    assert not nothing_to_do(load_config(judge.home), judge.clock())
    judge.tick()
    return judge.new_mail()


def test_a_signup_game_starts_at_its_close_with_bots_in_the_seats_left(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{fill: open}"))
    join(judge, ANN, "JOIN open FRANCE")
    join(judge, BOB, "JOIN open ENGLAND")
    judge.clock.advance(days=2)
    judge.tick()
    assert status(judge) == "signup"  # before the close it waits for more
    mails = past_the_close(judge)
    assert status(judge) == "active"
    for who, power in ((ANN, "France"), (BOB, "England")):
        subjects = [m["Subject"] for m in judge.to(who, mails)]
        assert f"[open] Welcome: you play {power}" in subjects
        told = [s for s in subjects if s.endswith("is played by a bot")]
        assert len(told) == 5, subjects  # each bot seat told, as for any bot seat
    [started] = [m for m in judge.to(GM, mails) if "started" in m["Subject"]]
    bots = [p for p in POWERS if p not in ("FRANCE", "ENGLAND")]
    assert f"the judge's bot plays the seats left ({', '.join(bots)})" in body(started)
    assert sorted(e["power"] for e in events(judge, "bot_seated")) == bots
    # The bots' orders stand from the start, and the results list them.
    assert sorted(e["power"] for e in events(judge, "bot_orders")) == bots
    judge.send(GM, "PROCESS", subject="[open]")
    judge.tick()
    [results] = [m for m in judge.to(ANN, judge.new_mail()) if "Spring 1901" in m["Subject"]]
    assert "NMR" not in body(results).split("ENGLAND:")[0].split("AUSTRIA:")[1]
    judge.send(ANN, "STATUS", subject="[open]")
    judge.tick()
    [reply] = judge.to(ANN, judge.new_mail())
    assert f"Played by a bot: {', '.join(bots)}" in body(reply)


def test_list_says_the_bot_plays_the_seats_left_at_the_close(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{fill: open}"))
    text = body(ask(judge, "someone@example.org", "LIST\n")).replace("\r\n", "\n")
    assert ("  sign-up closes 2026-03-05 12:00 UTC\n"
            "  then the judge's bot plays the seats still free\n") in text, text


def test_the_joiners_get_the_seats_no_bot_may_take(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{fill: [FRANCE, ITALY]}"))
    text = body(ask(judge, "someone@example.org", "LIST\n")).replace("\r\n", "\n")
    assert "  then the judge's bot plays FRANCE, ITALY if still free\n" in text, text
    joiners = [f"{n}@example.org" for n in ("ann", "bob", "cyd", "dee", "eve")]
    for who in joiners:
        join(judge, who, "JOIN open FRANCE ITALY")  # all would rather play the bots' seats
    past_the_close(judge)
    assert status(judge) == "active"
    [started] = events(judge, "game_started")
    assert sorted(started["assignment"].values()) == [
        p for p in POWERS if p not in ("FRANCE", "ITALY")]
    assert sorted(e["power"] for e in events(judge, "bot_seated")) == ["FRANCE", "ITALY"]
    wishes = [(a, list(p)) for a, p in started["joiners"]]
    assert assign(wishes, started["powers"], int(started["seed"]), started["fillable"]) == (
        started["order"], started["assignment"])  # the draw replays from its record


def test_a_joiner_gets_a_bots_seat_he_prefers_while_others_can_take_the_rest() -> None:
    joiners = [("ann@x.org", ["FRANCE"]), *((f"{n}@x.org", []) for n in "bcdef")]
    for seed in range(20):
        order, got = assign(joiners, POWERS, seed, fillable=["FRANCE", "ITALY"])
        assert "ITALY" not in got.values()
        assert ("FRANCE" in got.values()) == (got.get("ann@x.org") == "FRANCE")
        assert got["ann@x.org"] == "FRANCE"  # five others for the five seats no bot takes


def test_a_bot_takes_a_seat_left_at_the_close_after_the_wait_the_file_asks(
        tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{fill: open, after: 36h}"))
    join(judge, ANN, "JOIN open")
    past_the_close(judge)
    assert status(judge) == "active" and not events(judge, "bot_seated")
    judge.clock.advance(hours=49)  # the deadline: the seats have waited 36 hours
    judge.tick()
    assert len(events(judge, "bot_seated")) == 6
    assert [e["disorder"] for e in events(judge, "phase_processed")] == [[]]


def test_a_game_whose_seats_left_no_bot_may_take_does_not_start(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, game("{fill: [FRANCE]}"))
    join(judge, ANN, "JOIN open")
    mails = past_the_close(judge)
    assert status(judge) == "signup"
    [told] = judge.to(GM, mails)
    assert told["Subject"] == "[open] Sign-up closed"
    assert ("6 of 7 seats free, and the game could not start: the judge's bot may not take "
            "AUSTRIA, ENGLAND, GERMANY, ITALY, RUSSIA, TURKEY") in body(told)
    judge.tick()
    assert judge.new_mail() == []  # told once


def test_a_signup_game_without_bots_waits_past_its_close(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, signup_game(signup=f"{{seats: 7, close: {CLOSE}}}"))
    join(judge, ANN, "JOIN open")
    judge.clock.advance(days=4)
    assert nothing_to_do(load_config(judge.home), judge.clock())  # no bot's seat to give
    judge.tick()
    assert status(judge) == "signup" and judge.new_mail() == []
