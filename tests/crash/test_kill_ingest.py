"""`gmbot ingest` (the MTA pipe) killed with SIGKILL while it records a mail, processes
a phase made due by it, or sends the replies. The MTA keeps a mail until ingest exits 0
and then hands it over again: exit 0 must mean the mail is recorded, a mail handed over
again is handled once, and the phases and mails done by killed runs are finished, once,
by later ones."""

from __future__ import annotations

import os
import random
from pathlib import Path

from tests.crash.crashkit import KillPoint, Progress, check, kill_at, make_home, snapshot

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))


def test_ingest_killed_at_any_moment_is_retried_by_the_mta_without_loss_or_repeat(
        tmp_path: Path) -> None:
    rng = random.Random(SEED)
    home = make_home(tmp_path, games=1, overdue=1, seed=SEED, second_mails=0.5)
    progress = Progress(home)
    queue = list(home.mails)  # the MTA's queue
    tries = 0
    kills = {"before": 0, "after": 0}  # the mail was recorded before the kill, or not
    try:
        while queue:
            mail = queue.pop(0)
            tries += 1
            # A third of the runs die while starting or reading the mail, a third just
            # after the mail was recorded (processing a phase, sending the replies).
            point = rng.choice([None, KillPoint("time", rng.uniform(0.05, 0.45)),
                                KillPoint("recorded", progress.recorded() + 1,
                                          rng.uniform(0, 0.03))])
            proc = home.start("ingest", stdin=mail.raw)
            if point is not None and kill_at(proc, point, progress):
                snap = check(home, complete=False)
                kills["after" if mail.message_id in snap.inbound else "before"] += 1
                queue.insert(rng.randint(0, len(queue)), mail)  # retried later
                continue
            proc.wait(60)
            assert proc.returncode == 0, Path(proc.log_path).read_text()
            # Exit 0: the mail is in the store, whatever happens next.
            assert mail.message_id in snapshot(home).inbound
        home.run("tick", "-q")  # the daemon or cron sends what killed runs left queued
    finally:
        progress.close()
    print(f"{tries} ingest runs for {len(home.mails)} mails; killed before the mail was "
          f"recorded {kills['before']} times, after it {kills['after']} times")
    assert kills["before"] and kills["after"]
    check(home, complete=True)
