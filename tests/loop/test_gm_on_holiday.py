"""Issue 24's "Done when", end to end through the real Maildir pipeline on the judge's
clock: a GM opens a game and goes on holiday. Seven strangers sign up and it starts by
itself; a player's vacation moves the deadline past it; a player who stops ordering goes
into civil disorder and a standby takes the seat over; the players' votes end the game,
and everybody learns who played whom. The GM sends no command at all: every step is
checked in the mails each person gets, read as a mail client decodes them.

The clock starts Mon 2 Mar 2026 09:00 UTC."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.store.models import Inbound
from tests.loop.joinkit import GM, ask, join, signup_game
from tests.loop.judgekit import POWERS, Judge, body, make_judge
from tests.loop.test_commands import HOLD_ALL

# On PostgreSQL too (CONTRIBUTING.md): sign-up, seats and votes end to end.
pytestmark = pytest.mark.dialect(
    "gmbot.service.joining.closing",
    "gmbot.service.joining.listing",
    "gmbot.service.joining.requests",
    "gmbot.service.joining.seats",
    "gmbot.service.joining.start",
    "gmbot.service.seats.heir",
    "gmbot.service.seats.streak",
    "gmbot.service.deadline.gameover",
    "gmbot.service.votes.cast",
    "gmbot.service.views.record",
)

STRANGERS = {power: f"{power.lower()[:3]}-player@example.org" for power in POWERS}
STANDBY = "stand.by@example.net"
LOST = STRANGERS["ITALY"]  # the player who stops ordering
AWAY = STRANGERS["FRANCE"]  # the player on vacation


def text(mail: EmailMessage) -> str:
    return body(mail).replace("\r\n", "\n")


def one(mails: list[EmailMessage], to: str, subject: str) -> str:
    """The body of the one mail to `to` whose subject has `subject`."""
    found = [m for m in mails if m["To"] == to and subject in m["Subject"]]
    assert len(found) == 1, (to, subject, sorted(f"{m['To']}: {m['Subject']}" for m in mails))
    return text(found[0])


def order(judge: Judge, sender: str, orders: str) -> None:
    judge.send(sender, orders, subject="[open] orders")
    judge.tick()
    assert "Errors" not in judge.to(sender, judge.new_mail())[0]["Subject"]


def test_a_gm_on_holiday_comes_back_to_a_game_the_players_ran(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, signup_game(extra=(
        f"nmr: {{after: 1, then: civil_disorder}}\nstandby: [{STANDBY}]\n")))
    assert "The game is open for sign-up" in text(judge.welcomes[0])

    # 1. Seven strangers find the game, JOIN with a first choice and confirm by replying
    # to the judge's confirmation; the seventh starts the game, and each is welcomed.
    assert "- open: An open game (standard): 7 of 7 seats free" in text(
        ask(judge, STRANGERS["ITALY"], "LIST\n"))
    started: list[EmailMessage] = []
    for power, who in STRANGERS.items():
        started = join(judge, who, f"JOIN open {power}")
    for power, who in STRANGERS.items():
        welcome = one(started, who, f"[open] Welcome: you play {power.title()}")
        assert "The game is in Spring 1901 Movement; the deadline is Wed 4 Mar 2026 09:00 UTC" \
            in welcome
    gm_started = one(started, GM, "started")
    assert all(f"  {power}: {who}" in gm_started for power, who in STRANGERS.items())

    # 2. France goes on vacation over the deadline: it moves past the absence, and
    # everybody is told.
    judge.send(AWAY, "VACATION 3 days\n", subject="[open] away")
    judge.tick()
    mails = judge.new_mail()
    [reply] = [m for m in mails if m["To"] == AWAY and m["In-Reply-To"]]
    assert "the deadline of S1901M moved to Fri 6 Mar 2026 09:00 UTC" in text(reply)
    for who in STRANGERS.values():
        told = one(mails, who, "[open] Absence: "
                   + ("you" if who == AWAY else "FRANCE") + ", 3 days")
        assert "it is now Fri 6 Mar 2026 09:00 UTC." in told
    # Wednesday's deadline passes and nothing is processed: France is away.
    judge.clock.advance(days=2, hours=1)
    assert judge.tick().processed == []

    # 3. Italy stops ordering; the others order. At the moved deadline the phase is
    # processed, and after one phase without orders Italy is in civil disorder: the GM,
    # the players and the standby list are told.
    for power, who in STRANGERS.items():
        if power != "ITALY":
            order(judge, who, HOLD_ALL[power])
    judge.clock.advance(days=2)  # Fri 6 Mar 10:00
    assert judge.tick().processed
    mails = judge.new_mail()
    assert "Spring 1901" in one(mails, GM, "Spring 1901")
    assert LOST in one(mails, GM, "[open] Seat open: ITALY is in civil disorder")
    assert "after 1 phase in a row without orders" in one(mails, LOST, "You no longer play")
    one(mails, STRANGERS["FRANCE"], "[open] ITALY is in civil disorder")
    call = one(mails, STANDBY, "[open] Replacement wanted: ITALY")
    assert "TAKEOVER open ITALY" in call
    assert "LIST shows the games with open seats." in call
    listed = text(ask(judge, "passer.by@example.net", "LIST\n"))
    assert "- open: An open game (standard), F1901M: ITALY" in listed

    # 4. The standby takes the seat over and confirms: he is welcomed with the position
    # and the last results, and everyone is told.
    sent = join(judge, STANDBY, "TAKEOVER open ITALY")
    welcome = one(sent, STANDBY, "[open] Welcome: you play Italy")
    assert "The position now is the board that ends the last results, below." in welcome
    assert "ITALY: 3 centres, 3 units" in welcome
    assert "The last results (Spring 1901 Movement):" in welcome
    one(sent, STRANGERS["GERMANY"], "New player for ITALY")
    one(sent, GM, "ITALY taken over")

    # 5. Every surviving power votes a draw; the last vote ends the game, and everybody
    # gets the game-over mail with the final map and who played whom.
    voters = [*(who for power, who in STRANGERS.items() if power != "ITALY"), STANDBY]
    for who in voters:
        judge.send(who, "VOTE DRAW\n", subject="[open] vote")
        judge.tick()
    mails = judge.new_mail()
    # The player who left was told then that the game's mail no longer comes to him.
    assert not [m for m in mails if m["To"] == LOST]
    for who in [*voters, GM]:
        over = [m for m in mails if m["To"] == who
                and m["Subject"] == "[open] The game ends in a draw"]
        assert len(over) == 1, who
        assert any(p.get_content_type() == "image/png" for p in over[0].walk())
    final = text(next(m for m in mails if m["To"] == GM
                      and m["Subject"] == "[open] The game ends in a draw"))
    assert "the players have voted a draw in Fall 1901 Movement" in final
    assert f"  ITALY: {LOST}, until F1901M\n  ITALY: {STANDBY}, from F1901M\n" in final
    assert f"  FRANCE: {AWAY}\n" in final

    # 6. SUMMARY shows the seat's two players: to a player, by power, no address (the game
    # file does not set players_see_addresses).
    summary = text(ask(judge, STRANGERS["GERMANY"], "SUMMARY open\n"))
    assert "  ITALY, from the start (2026-03-02) until F1901M" in summary
    assert "  ITALY, from F1901M (2026-03-06)" in summary
    assert LOST not in summary and STANDBY not in summary
    assert "Phases without orders (NMR): ITALY 1" in summary
    assert "a draw of AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY" in summary

    # The GM never wrote: the judge's record of every mail it received has none of his.
    with judge.app.db.transaction() as s:
        senders = set(s.scalars(select(Inbound.sender)))
    assert senders == {*STRANGERS.values(), STANDBY, "passer.by@example.net"}
