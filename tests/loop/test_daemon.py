"""`gmbot run` as a real process: a deadline missed while it was down is processed at
start, order mails dropped into the inbox are answered, and SIGTERM stops it cleanly."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

from gmbot.service.app import open_app
from gmbot.service.gm.load import load_game
from gmbot.store.models import PhaseRow
from tests import authkit
from tests.loop.joinkit import signup_game
from tests.loop.judgekit import standard_game


def wait_for(predicate, timeout: float = 20.0) -> bool:  # noqa: ANN001
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return False


@contextmanager
def running_daemon(home: Path) -> Iterator[subprocess.Popen]:
    """`gmbot run` on `home`, stopped by SIGTERM at the end: it must exit 0."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from gmbot.cli import main; main()", "--home", str(home), "run"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        yield proc
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            out, _ = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()  # never leave a daemon behind
            out, _ = proc.communicate()
    assert proc.returncode == 0, out.decode(errors="replace")


def test_daemon_catches_up_and_stops(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (tmp_path / "game.yaml").write_text(standard_game("d"), encoding="utf-8")
    app = open_app(home)
    load_game(app, tmp_path / "game.yaml")
    with app.db.transaction() as s:
        phase = s.query(PhaseRow).one()
        phase.deadline_at = datetime.now(UTC) - timedelta(hours=1)  # missed while down
    app.db.dispose()
    (home / "gmbot.yaml").write_text("poll_interval: 0.5\n" + authkit.CONFIG,
                                     encoding="utf-8")
    outbox = home / "mail" / "outbox" / "new"
    with running_daemon(home):
        # Eight welcome mails (seven players and the GM), then eight results mails.
        assert wait_for(lambda: len(list(outbox.iterdir())) >= 16), "no results mails"
        subjects = [p.read_text(errors="replace") for p in outbox.iterdir()]
        assert sum("Spring 1901 Movement results" in s for s in subjects) == 8
        # A mail arriving while it runs is answered without waiting for a deadline.
        (home / "mail" / "inbox" / "new" / "m1").write_bytes(authkit.stamp(
            b"From: france@example.test\r\nTo: judge@example.test\r\nSubject: [d] x\r\n"
            b"Message-ID: <daemon-1@example.test>\r\n\r\nA PAR - BUR\r\n"
        ))
        assert wait_for(lambda: len(list(outbox.iterdir())) >= 17), "no acknowledgement"


def test_daemon_starts_a_signup_game_at_its_close(tmp_path: Path) -> None:
    """A sign-up game whose file lets bots take the seats left starts when its sign-up
    closes while the daemon runs: the daemon wakes for the close (it used to be done by
    `gmbot tick` alone, a daemon never started such a game)."""
    home = tmp_path / "home"
    close = (datetime.now(UTC) + timedelta(seconds=4)).strftime("%Y-%m-%d %H:%M:%S")
    (tmp_path / "game.yaml").write_text(signup_game(
        signup=f"{{seats: 6, close: '{close}'}}", extra="bots: {fill: open}\n",
        players="players:\n  - {address: ann@example.org, power: FRANCE}\n"), encoding="utf-8")
    app = open_app(home)
    load_game(app, tmp_path / "game.yaml")
    app.db.dispose()
    (home / "gmbot.yaml").write_text("poll_interval: 30\n" + authkit.CONFIG,
                                     encoding="utf-8")
    outbox = home / "mail" / "outbox" / "new"

    def welcomed() -> bool:
        return any("Welcome: you play France" in p.read_text(errors="replace")
                   for p in outbox.iterdir()) if outbox.is_dir() else False

    with running_daemon(home):
        assert not welcomed()
        # Well before the safety interval's five minutes: the daemon woke for the close.
        assert wait_for(welcomed, timeout=30), "the game did not start at its close"
