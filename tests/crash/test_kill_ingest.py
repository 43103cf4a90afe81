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

import pytest

from tests.crash.crashkit import Home, Mail, make_home
from tests.crash.invariants import check, snapshot
from tests.crash.killkit import KillPoint, Progress, kill_at

# On PostgreSQL too (CONTRIBUTING.md): ingest and its worker recording one mail at once.
pytestmark = pytest.mark.dialect(
    in_subprocess=("gmbot.service.inbound.record", "gmbot.service.runtime"),
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
    kills = {"spooling": 0, "now, early": 0, "now, recorded": 0}
    # The first runs are each kind of kill once, in a random order, so every kind is
    # exercised whatever the machine's speed; the later ones are drawn at random.
    planned = list(kills)
    rng.shuffle(planned)
    try:
        while queue:
            mail = queue.pop(0)
            tries += 1
            first = bool(planned)
            kind = planned.pop() if first else rng.choice([*kills, None])
            now = kind in ("now, early", "now, recorded") or (kind is None and rng.random() < .5)
            point = None
            if kind == "now, early":  # dies while starting or reading the mail
                point = KillPoint("time", rng.uniform(0.01, 0.1 if first else 0.3))
            elif kind == "now, recorded":  # just after it (processing a phase, sending)
                point = KillPoint("recorded", progress.recorded() + 1, rng.uniform(0, 0.03))
            elif kind == "spooling":  # starting, reading the pipe, spooling, handing over
                # (the planned one early enough to come before any machine is done)
                point = KillPoint("time", rng.uniform(0.005, 0.03 if first else 0.2))
            proc = home.start("ingest", *(["--now"] if now else []), stdin=mail.raw)
            if point is not None and kill_at(proc, point, progress):
                home.settle()  # the workers earlier runs started
                check(home, complete=False)
                # Counted by where the kill was aimed, not by what the store holds: an
                # earlier killed run may have spooled this mail and a worker recorded it.
                kills[kind] += 1
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
