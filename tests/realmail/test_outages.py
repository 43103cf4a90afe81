"""Servers that go away: Dovecot restarting or down between polls loses nothing; an SMTP
relay that cannot be reached keeps the mail queued with growing backoff (the movable
clock stands in for the waiting) and delivers it once, and only once, when it is back."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import select

from gmbot.service.inbound.imap import IdleWatcher
from gmbot.store.outbox import Outbound
from tests.loop.judgekit import POWERS
from tests.realmail.mailkit import PROCESSED, START, Forwarder, MailGame, free_port, make_mail_game

if TYPE_CHECKING:
    from tests.conftest import MailServers


def hold(power: str) -> str:
    """Complete orders: every unit holds."""
    return "".join(f"{unit} H\n" for unit in START[power])


def test_dovecot_restarts_and_outages_between_polls_lose_nothing(
        game: MailGame, dovecot_outage: MailServers) -> None:
    mail_servers = dovecot_outage
    idle_settings = {**game.app.config.imap, "retry_delay": 0.05, "retry_max": 0.5}
    announced = threading.Event()
    watcher = IdleWatcher(idle_settings, announced.set).start()
    try:
        assert announced.wait(10), "the IDLE watcher announces once connected"
        announced.clear()

        for power in POWERS[:3]:
            game.mail_in(power, hold(power))
        assert announced.wait(10), "IDLE announces new mail"
        assert [m.status for m in game.tick().mails] == ["handled"] * 3

        mail_servers.restart_dovecot()
        for power in POWERS[3:5]:
            game.mail_in(power, hold(power))
        report = game.tick()
        assert report.errors == []
        assert [m.status for m in report.mails] == ["handled"] * 2

        # The last two orders arrive, then Dovecot goes down before the judge polls.
        for power in POWERS[5:]:
            game.mail_in(power, hold(power), via="smtp")
        announced.clear()
        mail_servers.stop_dovecot()
        try:
            down = game.tick()  # must not raise
            assert down.mails == [] and down.processed == []
            assert len(down.errors) == 1 and "unavailable" in down.errors[0]
        finally:
            mail_servers.start_dovecot()
        # The watcher reconnects by itself and announces (mail may have come meanwhile).
        assert announced.wait(15), "the IDLE watcher comes back after the restart"
        assert watcher.thread is not None and watcher.thread.is_alive()

        report = game.tick()
        assert report.errors == []
        assert [m.status for m in report.mails] == ["handled"] * 2
        assert report.processed == ["g: S1901M processed (early); next F1901M"]
    finally:
        watcher.close()

    assert game.count("judge") == 0
    assert game.count("judge", PROCESSED) == 7
    for power in POWERS:
        acks = game.mailbox(power, ["SUBJECT", "Received"])
        results = game.mailbox(power, ["SUBJECT", "Spring 1901 Movement results"])
        assert (len(acks), len(results)) == (1, 1), power


def test_smtp_outage_keeps_mail_queued_with_backoff_and_sends_it_once(
        tmp_path: Path, mail_servers: MailServers, smtp_relay_port: int) -> None:
    port = free_port()  # the judge's relay
    game = make_mail_game(tmp_path, mail_servers, smtp={"port": port})
    for power in POWERS[:3]:
        game.mail_in(power, hold(power))

    def queued() -> list[Outbound]:  # the welcome mails went out as the game was made
        with game.app.db.transaction() as s:
            return list(s.scalars(select(Outbound).where(Outbound.kind != "welcome")
                                  .order_by(Outbound.id)))

    # First the relay accepts connections and hangs up at once (its backend is gone).
    broken = Forwarder(port, (mail_servers.host, free_port()))
    try:
        report = game.tick()
    finally:
        broken.close()
    assert [m.status for m in report.mails] == ["handled"] * 3
    assert report.sent == 0
    assert broken.connections == 1  # the other mails did not try again in the same run
    rows = queued()
    assert [(r.status, r.attempts) for r in rows] == [("queued", 1)] * 3
    assert "SMTPServerDisconnected" in (rows[0].last_error or "")
    assert rows[0].next_attempt_at == game.clock() + timedelta(seconds=60)

    assert game.tick().sent == 0  # within the backoff: not even tried
    assert [r.attempts for r in queued()] == [1] * 3

    game.clock.advance(seconds=61)  # now nothing listens at all; the next delay doubles
    assert game.tick().sent == 0
    rows = queued()
    assert [r.attempts for r in rows] == [2] * 3
    assert "Connection refused" in (rows[0].last_error or "")
    assert rows[0].next_attempt_at == game.clock() + timedelta(seconds=120)

    relay = Forwarder(port, (mail_servers.host, smtp_relay_port))  # the relay is back
    try:
        game.clock.advance(seconds=61)
        assert game.tick().sent == 0  # backoff still running
        assert relay.connections == 0
        game.clock.advance(seconds=60)
        assert game.tick().sent == 3
        assert [(r.status, r.attempts) for r in queued()] == [("sent", 3)] * 3

        game.clock.advance(hours=1)
        assert game.tick().sent == 0
    finally:
        relay.close()
    for power in POWERS[:3]:
        [ack] = game.mailbox(power, min_count=1)
        assert "Received" in ack["Subject"]


def test_a_vanished_mailbox_is_refused_for_good_and_the_gm_is_told(
        game: MailGame, mail_servers: MailServers) -> None:
    """The relay answers 550 for a player whose mailbox no longer exists: that mail is
    parked at once (not retried), the others are delivered, and the GM gets a notice."""
    (mail_servers.users_dir / game.players["AUSTRIA"]).unlink()
    # Dovecot's passwd-file driver trusts a file it read less than a second ago without
    # looking again, and the game's set-up has just logged into Austria's mailbox (to
    # clear his welcome mail): once that second is over, his address is unknown to it.
    time.sleep(1.1)
    game.mail_in("FRANCE", hold("FRANCE"))
    game.mail_in("gm", "PROCESS\n")
    report = game.tick()
    assert report.processed and report.sent == 2 + 7  # acks; results to 6 players and the GM
    with game.app.db.transaction() as s:
        [parked] = s.scalars(select(Outbound).where(Outbound.status == "parked")).all()
        assert parked.recipient == game.players["AUSTRIA"] and parked.attempts == 1
        assert (parked.last_error or "").startswith("550")

    assert game.tick().sent == 1  # the notice, queued while the results went out
    [notice] = game.mailbox("gm", ["SUBJECT", "Undeliverable"], min_count=1)
    assert game.players["AUSTRIA"] in notice.get_content()
    for power in POWERS[1:]:
        assert game.mailbox(power, ["SUBJECT", "Spring 1901 Movement results"], min_count=1)
