"""Joining by mail (issue 24, item 1): a game open for sign-up is filled by strangers'
JOIN and their confirming replies, and starts by itself, once, its powers handed out by
preference and then by a seeded draw that can be replayed; each refusal names its rule
and changes nothing; a JOIN never confirmed seats nobody."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from gmbot.service.joining import start
from gmbot.service.joining.draw import assign
from gmbot.store.models import Event, Game, Inbound, PhaseRow, Player, Signup
from tests.loop.joinkit import GM, ask, join, reply_to, signup_game
from tests.loop.judgekit import POWERS, Judge, body, make_judge

STRANGERS = [f"{name}@example.org" for name in
             ("ann", "bob", "cyd", "dee", "eve", "fay", "gus")]


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, signup_game())


def _game(judge: Judge, name: str = "open") -> tuple[str, int, int]:
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game).where(Game.name == name)).one()
        phases = len(s.scalars(select(PhaseRow).where(PhaseRow.game_id == game.id)).all())
        players = len([p for p in game.players if p.active])
        return game.status, phases, players


def _events(judge: Judge, kind: str) -> list[dict[str, object]]:
    with judge.app.db.transaction() as s:
        return [e.data for e in s.scalars(select(Event).where(Event.kind == kind))]


def test_a_game_open_for_signup_waits_without_phase_or_deadline(judge: Judge) -> None:
    assert _game(judge) == ("signup", 0, 0)
    [gm_welcome] = judge.welcomes
    assert gm_welcome["To"] == GM
    assert "The game is open for sign-up" in body(gm_welcome)
    # Time passes: nothing is due, nothing processed, nobody reminded.
    judge.clock.advance(days=10)
    report = judge.tick()
    assert report.processed == [] and judge.new_mail() == []
    # The GM's STATUS says what it waits for.
    judge.send(GM, "STATUS\n", subject="[open] status")
    judge.tick()
    [status] = judge.new_mail()
    assert "open for sign-up: 7 of 7 seats free" in body(status)


def test_a_stranger_lists_the_games(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, signup_game(
        signup="{seats: 7, observers: true, close: 2026-04-01 18:00}"))
    answer = ask(judge, "someone@example.org", "LIST\n")
    text = body(answer)
    assert answer["Subject"] == "Games on this judge"
    assert "- open: An open game (standard): 7 of 7 seats free" in text
    assert "deadlines: movement 48h, retreat 24h, adjustment 24h, time zone UTC" in text
    assert "observers welcome (OBSERVE open)" in text
    assert "sign-up closes 2026-04-01 18:00 UTC" in text
    # It proves nothing and counts against no one's limit (its reason says so), and its
    # record keeps no more than a refused mail's: the header section.
    with judge.app.db.transaction() as s:
        [record] = s.scalars(select(Inbound).where(Inbound.sender == "someone@example.org"))
        assert record.status == "handled" and record.reason.startswith("unverified: ")
        assert record.raw is not None and b"LIST" not in record.raw


def test_seven_strangers_fill_the_game_and_it_starts_by_itself(judge: Judge) -> None:
    # Each prefers another power first: preferences are honoured.
    wishes = dict(zip(STRANGERS, POWERS[::-1], strict=True))
    for n, (who, power) in enumerate(wishes.items()):
        sent = join(judge, who, f"JOIN open {power} FRANCE")
        [confirmed] = [m for m in judge.to(who, sent) if "Confirmed" in m["Subject"]]
        if n < 6:
            assert f"You have a seat in game open ({n + 1} of 7 taken)" in body(confirmed)
            assert _game(judge) == ("signup", 0, 0)
            continue
        assert "the last one: the game starts now" in body(confirmed)
        # The start: a phase with its deadline, seven players, each welcomed with his power.
        assert _game(judge) == ("active", 1, 7)
        for address, wanted in wishes.items():
            [welcome] = [m for m in judge.to(address, sent) if "Welcome" in m["Subject"]]
            assert welcome["Subject"] == f"[open] Welcome: you play {wanted.title()}"
            assert "The game is in Spring 1901 Movement; the deadline is" in body(welcome)
            assert "RULES" in body(welcome) and "PROVINCES" in body(welcome)
        [told] = [m for m in judge.to(GM, sent) if "started" in m["Subject"]]
        assert f"  FRANCE: {[a for a, p in wishes.items() if p == 'FRANCE'][0]}" in body(told)
    # The draw is recorded and replays from its seed.
    [started] = _events(judge, "game_started")
    joiners = [(a, list(p)) for a, p in started["joiners"]]
    assert assign(joiners, list(started["powers"]), int(started["seed"])) == (
        started["order"], started["assignment"])
    # The new players order like any: FRANCE's orders are acknowledged.
    france = [a for a, p in wishes.items() if p == "FRANCE"][0]
    judge.send(france, "A PAR - BUR\n", subject="[open] orders")
    judge.tick()
    [ack] = judge.new_mail()
    assert "A PAR - BUR" in body(ack) and "Errors" not in ack["Subject"]
    # A player's line that only starts like a sign-up command is his, not sign-up mail.
    judge.send(france, "List of my orders:\nA MAR - SPA\n", subject="[open] orders")
    judge.tick()
    [ack] = judge.new_mail()
    assert ack["Subject"] == "[open] Received" and "A MAR - SPA" in body(ack)
    # The deadline the start set is kept: at it, the phase is processed.
    judge.clock.advance(hours=49)
    assert judge.tick().processed
    results = judge.to(france, judge.new_mail())
    assert any("Spring 1901" in m["Subject"] for m in results)


def test_the_draw_gives_the_powers_left_at_random_and_replays() -> None:
    joiners = [(a, ["FRANCE"]) for a in STRANGERS]
    order, got = assign(joiners, POWERS, seed=1234)
    assert sorted(got.values()) == POWERS
    assert got[order[0]] == "FRANCE"  # the first drawn gets the one wish they share
    assert assign(joiners, POWERS, seed=1234) == (order, got)


def test_a_start_interrupted_by_a_crash_happens_once_on_the_next_run(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    for who, power in zip(STRANGERS[:6], POWERS, strict=False):
        join(judge, who, f"JOIN open {power}")
    last = ask(judge, STRANGERS[6], "SIGN ON open\n")  # njudge's form
    real = start.welcome
    calls = {"n": 0}

    def crash_midway(*args: object, **kw: object) -> None:
        calls["n"] += 1
        if calls["n"] == 4:  # players seated, phase made, three welcomes queued
            raise OperationalError("INSERT", {}, Exception("the server went away"))
        real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(start, "welcome", crash_midway)
    with pytest.raises(OperationalError):
        reply_to(judge, STRANGERS[6], last)
    # All or nothing: still open for sign-up, the confirming mail still unread.
    assert _game(judge) == ("signup", 0, 0)
    assert len(list((judge.home / "mail/inbox/new").iterdir())) == 1
    judge.tick()  # the next run reads it again
    assert _game(judge) == ("active", 1, 7)
    assert len(_events(judge, "game_started")) == 1
    welcomes = [m for m in judge.new_mail() if "Welcome" in m["Subject"]]
    assert sorted(m["To"] for m in welcomes) == sorted(STRANGERS)
    # Started again (an APPROVE repeated, a second process): nothing happens.
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game).where(Game.name == "open")).one()
        assert start.start_game(s, game, judge.clock()) is False
    assert _game(judge) == ("active", 1, 7)


def test_a_forged_join_seats_nobody(judge: Judge) -> None:
    # A JOIN in someone's name that he never confirms, and a mail that only claims to
    # reply (a made-up token), from a server that vouches for nothing.
    answer = ask(judge, "victim@example.org", "JOIN open\n", dmarc=None)
    assert "Please confirm" in answer["Subject"]
    judge.send("victim@example.org", "yes\n", dmarc="pass",
               headers={"In-Reply-To": "<0123.aaaabbbbccccddddeeee@example.test>"})
    judge.send("victim@example.org", "JOIN open\nyes\n", dmarc="pass")
    judge.tick()
    with judge.app.db.transaction() as s:
        rows = s.scalars(select(Signup)).all()
        # The second JOIN replaced the first (an unconfirmed request blocks nothing).
        assert [(r.address, r.status) for r in rows] == [("victim@example.org", "replaced"),
                                                         ("victim@example.org", "unconfirmed")]
    assert _events(judge, "signup_seated") == []


def test_refusals_name_the_rule_and_change_nothing(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, signup_game(signup="{seats: 1}", players="players:\n" + "\n".join(
        f"  - {{address: {p.lower()}@example.test, power: {p}}}" for p in POWERS[1:])))

    def refused(sender: str, line: str) -> str:
        answer = ask(judge, sender, line + "\n")
        assert answer["Subject"].endswith("Not accepted"), body(answer)
        return body(answer)

    with judge.app.db.transaction() as s:
        before = len(s.scalars(select(Signup)).all())
    assert ("line 1: JOIN\r\n  refused: there is no game of that name on this judge"
            in refused("v@example.org", "JOIN nowhere"))
    assert "a power named is no open seat of game open (open: AUSTRIA)" in refused(
        "v@example.org", "JOIN open ITALY")
    assert "you play in game open already" in refused("italy@example.test", "JOIN open")
    assert "takes no observers by mail" in refused("w@example.org", "OBSERVE open")
    assert "has not started: JOIN it instead" in refused("w@example.org", "TAKEOVER open AUSTRIA")
    with judge.app.db.transaction() as s:
        assert len(s.scalars(select(Signup)).all()) == before
    # A second JOIN before the first is confirmed replaces it: the first answer's reply
    # confirms nothing any more, the second's does.
    first = ask(judge, "x@example.org", "JOIN open\n")
    second = ask(judge, "x@example.org", "JOIN open\n")
    assert "Please confirm" in second["Subject"]
    reply_to(judge, "x@example.org", first)
    assert _game(judge)[0] == "signup"
    # The last seat taken: the game starts; now it is running, and full.
    reply_to(judge, "x@example.org", second)
    assert _game(judge) == ("active", 1, 7)
    assert "game open has started; JOIN is for a game open for sign-up" in refused(
        "y@example.org", "JOIN open")
    assert "you play in game open already" in refused("x@example.org", "JOIN open")
    assert "FRANCE is not an open seat of game open" in refused("y@example.org",
                                                                "TAKEOVER open FRANCE")
    assert "game open has no such power" in refused("y@example.org", "TAKEOVER open SPAIN")


def test_the_gm_approves_each_joiner_where_the_game_asks(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, signup_game(
        signup="{seats: 1, approval: true, observers: true}",
        players="players:\n" + "\n".join(f"  - {{address: {p.lower()}@example.test, power: {p}}}"
                                         for p in POWERS if p != "FRANCE")
        + "\n  - {power: FRANCE}"))
    join(judge, "rival@example.org", "JOIN open")  # awaits too; one seat for two
    judge.new_mail()
    sent = join(judge, "luca@example.org", "JOIN open")
    [confirmed] = judge.to("luca@example.org", sent)
    assert "The game master approves each request" in body(confirmed)
    [question] = judge.to(GM, sent)
    assert "APPROVE open luca@example.org" in body(question)
    assert _game(judge) == ("signup", 0, 0)
    # The GM answers by a reply to the judge's question.
    sent = reply_to(judge, GM, question, "APPROVE open luca@example.org\n")
    assert _game(judge) == ("active", 1, 7)
    [welcome] = [m for m in judge.to("luca@example.org", sent) if "Welcome" in m["Subject"]]
    assert welcome["Subject"] == "[open] Welcome: you play France"
    # The file's own players are seated at the start too, each welcomed.
    assert judge.to("italy@example.test", sent)
    # The other request finds the seat gone: closed, its sender told.
    judge.send(GM, "APPROVE rival@example.org\n", subject="[open] approve")
    judge.tick()
    sent = judge.new_mail()
    [done] = judge.to(GM, sent)
    assert "rival@example.org cannot be seated (game open has started)" in body(done)
    [told] = judge.to("rival@example.org", sent)
    assert "was not accepted: game open has started" in body(told)
    # An observer, where the game allows it.
    sent = join(judge, "watcher@example.org", "OBSERVE open")
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game).where(Game.name == "open")).one()
        assert game.settings.observers == ["watcher@example.org"]


def test_a_standby_takes_over_an_open_seat(tmp_path: Path) -> None:
    from tests.loop.judgekit import standard_game

    judge = make_judge(tmp_path, standard_game())
    judge.clock.advance(hours=49)
    judge.tick()  # Spring 1901 processed: there are results to catch up on
    judge.new_mail()
    with judge.app.db.transaction() as s:  # FRANCE leaves (RESIGN is another branch's)
        france = s.scalars(select(Player).where(Player.power == "FRANCE")).one()
        france.active = False
    listed = body(ask(judge, "standby@example.org", "LIST\n"))
    assert "- g (standard), F1901M: FRANCE" in listed
    sent = join(judge, "standby@example.org", "TAKEOVER g FRANCE")
    [welcome] = [m for m in judge.to("standby@example.org", sent) if "Welcome" in m["Subject"]]
    text = body(welcome)
    assert welcome["Subject"] == "[g] Welcome: you play France"
    assert "You take over a seat of a game under way." in text
    assert "The position now is the board that ends the last results, below." in text
    assert "The last results (Spring 1901 Movement):" in text
    # The board once (the fifth trial read it twice: the position now, then the results').
    assert text.count("FRANCE: 3 centres, 3 units") == 1, text
    assert text.count("ITALY: 3 centres, 3 units") == 1, text
    # Everyone is told; the seat's history is recorded as a REPLACE is.
    assert any("New player for FRANCE" in m["Subject"] for m in judge.to("italy@example.test",
                                                                         sent))
    assert any("FRANCE taken over" in m["Subject"] for m in judge.to(GM, sent))
    [event] = _events(judge, "player_replaced")
    assert event == {"who": "FRANCE", "old": "france@example.test",
                     "new": "standby@example.org", "by": "takeover", "old_name": None}
    # The seat is no longer open; the new player's orders are taken.
    assert "FRANCE is not an open seat" in body(ask(judge, "other@example.org",
                                                    "TAKEOVER g FRANCE\n"))
    judge.send("standby@example.org", "A PAR - BUR\n")
    judge.tick()
    [ack] = judge.new_mail()
    assert "A PAR - BUR" in body(ack)


def test_signup_answers_are_bounded_per_address(judge: Judge) -> None:
    for _ in range(5):
        ask(judge, "flood@example.org", "LIST\n")
    judge.send("flood@example.org", "LIST\n")
    [outcome] = judge.tick().mails
    assert outcome.status == "refused" and "no reply" in outcome.reason
    assert judge.new_mail() == []


def test_a_takeover_the_game_approves_and_the_gm_rejects_on_the_command_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    import gmbot.service.app
    from gmbot.cli.root import main
    from tests.loop.judgekit import standard_game

    judge = make_judge(tmp_path, standard_game(extra="takeover: {approval: true}"))
    real_open = gmbot.service.app.open_app

    def open_on_clock(*args: object, **kw: object) -> gmbot.service.app.App:
        app = real_open(*args, **kw)  # type: ignore[arg-type]
        app.clock = judge.clock  # the command line on the judge's clock
        return app

    monkeypatch.setattr(gmbot.service.app, "open_app", open_on_clock)
    with judge.app.db.transaction() as s:
        s.scalars(select(Player).where(Player.power == "ITALY")).one().active = False
    # A player of the game holds a seat already: his TAKEOVER (naming the game) is read
    # as one, and refused.
    assert "refused: you play in game g already" in body(
        ask(judge, "austria@example.test", "TAKEOVER g ITALY\n"))
    sent = join(judge, "standby@example.org", "TAKE OVER g ITALY")
    [question] = judge.to(GM, sent)
    assert "APPROVE g standby@example.org" in body(question)
    runner = CliRunner()
    home = ["--home", str(judge.home)]
    listed = runner.invoke(main, [*home, "game", "signups", "g"])
    assert "open seats: ITALY" in listed.output
    assert "takeover ITALY standby@example.org: awaiting" in listed.output
    done = runner.invoke(main, [*home, "game", "reject", "g", "standby@example.org"])
    assert done.exit_code == 0, done.output
    judge.tick()
    [told] = judge.to("standby@example.org", judge.new_mail())
    assert "was not accepted: the game master did not approve it" in body(told)
    with judge.app.db.transaction() as s:
        assert s.scalars(select(Player).where(Player.power == "ITALY")).one().active is False
    again = runner.invoke(main, [*home, "game", "approve", "g", "standby@example.org"])
    assert again.exit_code != 0
    assert "has no confirmed request awaiting your approval" in again.output


def test_a_strangers_signed_signup_mail_costs_no_key_lookup(judge: Judge) -> None:
    from email.message import EmailMessage
    from email.utils import format_datetime, make_msgid

    from tests.auth.signing import Signer, StubDns

    dns = StubDns()
    judge.app.sender_check.lookup = dns
    signer = Signer("example.org", dns)

    def mail(text: str, reply_to: str | None = None) -> None:
        msg = EmailMessage()
        msg["From"], msg["To"] = "ann@example.org", "judge@example.test"
        msg["Subject"], msg["Date"] = "hello", format_datetime(judge.clock())
        msg["Message-ID"] = make_msgid(domain="example.org")
        if reply_to:
            msg["In-Reply-To"] = reply_to
        msg.set_content(text)
        judge.send_raw(signer.sign(msg.as_bytes()), dmarc=None)

    mail("LIST\nJOIN open FRANCE\n")
    assert [m.status for m in judge.tick().mails] == ["handled"]
    [answer] = judge.new_mail()
    mail("yes\n", reply_to=answer["Message-ID"])  # the confirmation, by its token
    assert [m.status for m in judge.tick().mails] == ["handled"]
    [seated] = judge.to("ann@example.org", judge.new_mail())
    assert "You have a seat in game open" in body(seated)
    assert dns.lookups == 0


def test_join_after_the_signup_closed_is_refused(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, signup_game(signup="{close: 2026-03-01}"))  # the day before
    answer = ask(judge, "late@example.org", "JOIN open\n")
    assert "refused: sign-up for game open closed on 2026-03-01 00:00 UTC" in body(answer)
    with judge.app.db.transaction() as s:
        assert s.scalars(select(Signup)).all() == []


def test_a_players_signup_line_among_his_orders_is_answered_in_his_game(
        tmp_path: Path) -> None:
    from tests.loop.judgekit import standard_game

    judge = make_judge(tmp_path, standard_game())
    judge.send("france@example.test", "A PAR - BUR\nLIST\n")
    judge.tick()
    [ack] = judge.new_mail()
    assert "A PAR - BUR" in body(ack)  # his orders are taken, not dropped for the LIST
    assert "send each in a mail of its own to the judge" in body(ack)
    # LIST alone in its mail is sign-up mail, from a player too.
    answer = ask(judge, "france@example.test", "LIST\n")
    assert answer["Subject"] == "Games on this judge" and "- g (standard)" in body(answer)


def test_a_second_takeover_confirmed_too_late_is_not_titled_confirmed(tmp_path: Path) -> None:
    """Issue 32: two standbys ask for one open seat; the first to confirm takes it, and
    the second's confirmation is answered "Not accepted", with the reason."""
    from tests.loop.judgekit import standard_game

    judge = make_judge(tmp_path, standard_game())
    with judge.app.db.transaction() as s:
        france = s.scalars(select(Player).where(Player.power == "FRANCE")).one()
        france.active = False
    first = ask(judge, "first@example.org", "TAKEOVER g FRANCE\n")
    second = ask(judge, "second@example.org", "TAKEOVER g FRANCE\n")
    assert "Please confirm" in first["Subject"] and "Please confirm" in second["Subject"]
    seated = reply_to(judge, "first@example.org", first)
    assert any("Welcome" in m["Subject"] for m in judge.to("first@example.org", seated))
    [late] = judge.to("second@example.org", reply_to(judge, "second@example.org", second))
    assert "Confirmed" not in late["Subject"] and "Not accepted" in late["Subject"]
    assert "Your request can no longer be met: FRANCE is not an open seat" in body(late)
