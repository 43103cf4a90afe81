"""`gmbot run` killed with SIGKILL at random moments while mail arrives in waves and
deadlines fall due, some of them while it is down, and started again each time: the
daemon catches up on what it missed, and in the end every mail is handled once, every
phase processed once and every mail in the outbox once."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.crash.crashkit import make_home, set_deadline, started, stop, wait_until
from tests.crash.invariants import check
from tests.crash.killkit import KillPoint, Progress, kill_at

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))
KILLS = 8
GAMES, OVERDUE = 12, 4


def test_daemon_killed_at_random_moments_catches_up_without_loss_or_repeat(
        tmp_path: Path) -> None:
    rng = random.Random(SEED)
    home = make_home(tmp_path, games=GAMES, overdue=OVERDUE, seed=SEED)
    # Two of the games nobody orders in fall due during the run, whether the daemon is up.
    now = datetime.now(UTC)
    set_deadline(home, home.games[-1], now + timedelta(seconds=4))
    set_deadline(home, home.games[-2], now + timedelta(seconds=8))
    waves = [home.mails[i::KILLS] for i in range(KILLS)]
    progress = Progress(home)
    kills = 0
    try:
        for wave in waves:
            home.deliver(wave)
            proc = home.start("run")
            kills += kill_at(proc, KillPoint("time", rng.uniform(0.3, 1.5)), progress)
            check(home, complete=False)
        daemon = home.start("run")
        wait_until(lambda: started(daemon) and progress.processed() == GAMES + OVERDUE
                   and progress.read() == len(home.mails) and progress.queued() == 0,
                   60, "all mail read, every game's first phase processed, the outbox empty")
        stop(daemon)
    finally:
        progress.close()
    assert kills >= KILLS - 2
    assert "Traceback" not in home.log_text()
    check(home, complete=True)
