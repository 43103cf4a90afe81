"""The daemon on the real servers: `gmbot run` answers within seconds thanks to IMAP IDLE
(its poll interval is far longer than the test), and a poll job facing a server that is
down logs, backs off with growing delays and recovers, without ever raising."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import yaml

import gmbot.daemon.schedule
from gmbot.daemon.schedule import Daemon
from tests.loop.judgekit import Clock
from tests.realmail.mailkit import MailGame, free_port, make_mail_game, text

if TYPE_CHECKING:
    from tests.conftest import MailServers


class FakeScheduler:
    """Records what the daemon arms instead of running it."""

    def __init__(self) -> None:
        self.jobs: dict[str, dict[str, Any]] = {}

    def add_job(self, func: Any, trigger: str, *, id: str, **kw: Any) -> None:  # noqa: A002
        self.jobs[id] = {"func": func, "trigger": trigger, **kw}


def test_poll_job_backs_off_while_the_server_is_down_and_recovers(
        game: MailGame, mail_servers: MailServers) -> None:
    imap = game.app.config.imap
    imap.update(retry_delay=1, retry_max=4)
    real_port = imap["port"]
    imap["port"] = free_port()  # the server is down
    daemon = Daemon(game.app, scheduler=FakeScheduler())
    game.mail_in("FRANCE", "A PAR - BUR\n")

    delays = []
    for _ in range(4):
        daemon.poll_job()  # must not raise
        delays.append(daemon.next_poll_in)
        assert daemon.scheduler.jobs["poll"]["trigger"] == "date"
    assert delays == [1, 2, 4, 4]

    imap["port"] = real_port  # back
    daemon.poll_job()
    assert daemon.next_poll_in == game.app.config.poll_interval
    assert daemon.poll_backoff.failures == 0
    [ack] = game.mailbox("FRANCE", min_count=1)  # read, processed and answered at once
    assert "A PAR - BUR" in text(ack)


def test_mail_announced_during_a_poll_is_polled_again(game: MailGame,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    daemon = Daemon(game.app, scheduler=FakeScheduler())

    def poll_while_mail_arrives(app: Any, attempts: int = 1) -> list:
        daemon.poll_now()  # IDLE says: new mail, perhaps after this poll's search
        assert "poll" not in daemon.scheduler.jobs  # not armed twice while polling
        return []

    monkeypatch.setattr(gmbot.daemon.schedule, "poll", poll_while_mail_arrives)
    daemon.poll_job()
    assert daemon.next_poll_in == 0


def judge_env() -> dict[str, str]:
    """The judge's database (GMBOT_DATABASE_URL on PostgreSQL runs) and nothing else of
    the tests' environment."""
    return {k: v for k, v in os.environ.items()
            if not k.startswith("GMBOT_") or k == "GMBOT_DATABASE_URL"}


@contextmanager
def running_daemon(game: MailGame, log: Path) -> Iterator[subprocess.Popen]:
    """`gmbot run` on the game's home, polling only at its start (its poll interval is an
    hour): past that first poll when this yields; stopped with SIGTERM after, exit 0."""
    config_file = game.home / "gmbot.yaml"
    config = yaml.safe_load(config_file.read_text())
    config["poll_interval"] = 3600
    config_file.write_text(yaml.safe_dump(config))
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "gmbot", "--home", str(game.home), "run"],
                                stdout=out, stderr=subprocess.STDOUT, env=judge_env())
    try:
        deadline = time.monotonic() + 30
        while b"daemon started" not in log.read_bytes():
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        time.sleep(1)  # past the first poll, into IDLE
        yield proc
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise
    assert proc.returncode == 0, log.read_text()
    assert "Traceback" not in log.read_text()


def test_gmbot_run_answers_at_once_with_idle(tmp_path: Path, mail_servers: MailServers,
                                             smtp_relay_port: int) -> None:
    # The daemon runs on the real clock: so does this game.
    game = make_mail_game(tmp_path, mail_servers, clock=Clock(datetime.now(UTC)))
    log = tmp_path / "daemon.log"
    with running_daemon(game, log):  # only IDLE can make it read mail in time
        sent = game.mail_in("FRANCE", "A PAR - BUR\n", "[g] orders")
        started = time.monotonic()
        [ack] = game.mailbox("FRANCE", min_count=1, timeout=20)
        assert ack["In-Reply-To"] == sent["Message-ID"], log.read_text()
        assert time.monotonic() - started < 20
        assert "A PAR - BUR" in text(ack)


def test_gmbot_run_reading_imap_answers_piped_mail_at_once(
        tmp_path: Path, mail_servers: MailServers, smtp_relay_port: int) -> None:
    game = make_mail_game(tmp_path, mail_servers, clock=Clock(datetime.now(UTC)))
    log = tmp_path / "daemon.log"
    with running_daemon(game, log):
        sent = game.message("FRANCE", "A PAR - BUR\n", "[g] orders")
        piped = subprocess.run([sys.executable, "-m", "gmbot", "--home", str(game.home),
                                "ingest"], input=sent.as_bytes(), capture_output=True,
                               check=False, env=judge_env())
        assert piped.returncode == 0, piped.stderr
        [ack] = game.mailbox("FRANCE", min_count=1, timeout=20)
        assert ack["In-Reply-To"] == sent["Message-ID"], log.read_text()
        assert "A PAR - BUR" in text(ack)
    # Woken by the pipe, it read the spool, not its IMAP folder (nothing there).
    assert "read 1 piped mail(s)" in log.read_text()
    assert not (game.home / "logs" / "gmbot.log").read_text().count("drain:")
