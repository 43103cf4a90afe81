"""Several gmbot processes on one database, one Maildir inbox and one SMTP server: two
daemons (`gmbot run`), or many `gmbot tick` started at once (overlapping cron runs) with
`gmbot ingest` piping in copies of the same mails. Every mail is handled once (a mail
another process took first is no error), every phase is processed once and the SMTP
server receives every mail exactly once.

On PostgreSQL (scripts/test's second run) this is the deployment with two daemons on one
database; on SQLite, processes sharing one home."""

from __future__ import annotations

import os
import random
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.crash.crashkit import make_home, set_deadline, started, stop, wait_until
from tests.crash.invariants import check
from tests.crash.killkit import Progress
from tests.crash.smtpsink import SmtpSink

# On PostgreSQL too (CONTRIBUTING.md): processes at once on one database, its locks and the
# queue's claim.
pytestmark = pytest.mark.dialect(in_subprocess=(
    "gmbot.service.locks", "gmbot.service.outbox.delivery", "gmbot.service.inbound.record",
    "gmbot.service.inbound.handling",
))

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))
GAMES, OVERDUE, REMINDING = 10, 3, 2
# An acknowledgement per mail, results for 7 players and the GM, 7 reminders per game,
# and the welcome mails of every game's 7 players and GM.
SENT = 8 * (GAMES + OVERDUE) + 7 * REMINDING + 8 * (GAMES + OVERDUE + REMINDING)


def no_errors(text: str) -> None:
    for marker in ("Traceback", " ERROR ", "database is locked", "deadlock"):
        assert marker not in text, text


def test_two_daemons_on_one_database_do_everything_exactly_once(tmp_path: Path) -> None:
    with SmtpSink() as sink:
        home = make_home(tmp_path, games=GAMES, overdue=OVERDUE, reminding=REMINDING,
                         seed=SEED, outbound={"kind": "smtp", **sink.settings()})
        # Two deadlines fall due while both run: both deadline jobs wake up for them.
        soon = datetime.now(UTC) + timedelta(seconds=3)
        for game in home.games[GAMES:GAMES + 2]:  # two of the overdue ones
            set_deadline(home, game, soon)
        progress = Progress(home, sink)
        daemons = [home.start("run"), home.start("run")]
        try:
            for n in range(4):  # mail arrives in waves while both poll the inbox
                home.deliver(home.mails[n::4])
                time.sleep(0.5)
            wait_until(lambda: all(started(d) for d in daemons)
                       and progress.processed() == GAMES + OVERDUE
                       and progress.read() == len(home.mails) and progress.queued() == 0,
                       60, "all mail read, every game's first phase processed, all sent")
        finally:
            progress.close()
            outputs = [stop(d) for d in daemons]
    no_errors(home.log_text())
    assert all("daemon started" in out for out in outputs)
    check(home, complete=True, sink=sink)
    assert sink.duplicates() == {}
    assert len(sink) == len(home.mails) + SENT


def test_many_ticks_and_ingests_at_once_do_everything_exactly_once(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    with SmtpSink() as sink:
        home = make_home(tmp_path, games=GAMES, overdue=OVERDUE, reminding=REMINDING,
                         seed=SEED, outbound={"kind": "smtp", **sink.settings()})
        for n in range(3):
            wave = home.mails[n::3]
            home.deliver(wave)
            procs = [home.start("tick", "-q") for _ in range(5)]
            # The MTA pipes copies of some of the same mails in at the same moment.
            procs += [home.start("ingest", stdin=m.raw) for m in rng.sample(wave, 4)]
            for proc in procs:
                proc.wait(120)
                assert proc.returncode == 0, Path(proc.log_path).read_text()
        home.settle()  # the workers the ingests started
        home.run("tick", "-q")
    no_errors(home.log_text())
    check(home, complete=True, sink=sink)
    assert sink.duplicates() == {}
    assert len(sink) == len(home.mails) + SENT
