"""`gmbot ingest` (the MTA pipe) killed with SIGKILL at any moment. The MTA keeps a mail
until ingest exits 0 and then hands it over again: exit 0 must mean the mail is safe — in
the spool, or already recorded by the worker that ingest started — and a mail handed
over again is handled once. The same with `ingest --now`, which handles the mail in its
own process and is killed while it records it, processes a phase made due by it, or
sends the replies: the phases and mails done by killed runs are finished, once, by later
ones."""

from __future__ import annotations

import os
import random
from pathlib import Path

from tests.crash.crashkit import (
    Home,
    KillPoint,
    Mail,
    Progress,
    check,
    kill_at,
    make_home,
    snapshot,
)

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))


def safe(home: Home, mail: Mail) -> bool:
    """Spooled or recorded. The spool first: a worker removes a mail from it only after
    recording it."""
    return (any(mail.message_id.encode() in raw for raw in home.spooled())
            or mail.message_id in snapshot(home).inbound)


def test_ingest_killed_at_any_moment_is_retried_by_the_mta_without_loss_or_repeat(
        tmp_path: Path) -> None:
    rng = random.Random(SEED)
    home = make_home(tmp_path, games=1, overdue=1, seed=SEED, second_mails=0.5)
    progress = Progress(home)
    queue = list(home.mails)  # the MTA's queue
    tries = 0
    kills = {"spooling": 0, "now, before": 0, "now, after": 0}
    try:
        while queue:
            mail = queue.pop(0)
            tries += 1
            now = rng.random() < 0.5
            if now:
                # A third of the runs die while starting or reading the mail, a third
                # just after the mail was recorded (processing a phase, sending replies).
                point = rng.choice([None, KillPoint("time", rng.uniform(0.05, 0.45)),
                                    KillPoint("recorded", progress.recorded() + 1,
                                              rng.uniform(0, 0.03))])
            else:  # starting, reading the pipe, spooling, handing over
                point = rng.choice([None, KillPoint("time", rng.uniform(0.01, 0.2))])
            proc = home.start("ingest", *(["--now"] if now else []), stdin=mail.raw)
            if point is not None and kill_at(proc, point, progress):
                home.settle()  # the workers earlier runs started
                snap = check(home, complete=False)
                if now:
                    recorded = mail.message_id in snap.inbound
                    kills["now, after" if recorded else "now, before"] += 1
                else:
                    kills["spooling"] += 1
                queue.insert(rng.randint(0, len(queue)), mail)  # retried later
                continue
            proc.wait(60)
            assert proc.returncode == 0, Path(proc.log_path).read_text()
            # Exit 0: the mail is safe, whatever happens next.
            assert safe(home, mail)
        home.settle()
        home.run("tick", "-q")  # the daemon or cron does what killed runs left
    finally:
        progress.close()
    print(f"{tries} ingest runs for {len(home.mails)} mails; killed {kills}")
    assert all(kills.values()), kills
    assert home.spooled() == []
    check(home, complete=True)
