"""`gmbot tick` killed with SIGKILL at many moments -- while reading the inbox, while
adjudicating, while writing the outbox, at random times from its start -- and run again:
after every kill nothing accepted is lost and nothing is done twice, and the run that
completes leaves every mail handled once, every phase processed once and every mail in
the Maildir outbox exactly once.

The kill points come from a seeded RNG (GMBOT_CRASH_SEED, default fixed); set
GMBOT_CRASH_KILLS to kill more often than the default."""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path

from tests.crash.crashkit import make_home
from tests.crash.invariants import check, snapshot, unmarked
from tests.crash.killkit import KillPoint, Progress, kill_at, stage

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))
KILLS = int(os.environ.get("GMBOT_CRASH_KILLS", "16"))
GAMES, OVERDUE = 30, 5


def plan(kills: int) -> list[str]:
    """Which counter each kill waits for, in the order a run does the work: a quarter of
    the kills at random times from the start (in start-up or reading mail: at the latest
    when all is read, so that the later kills find work left), then a quarter each once
    some more mail is read, phases processed, mail sent."""
    share = max(1, kills // 4)
    return (["time"] * (kills - 3 * share) + ["read"] * share + ["processed"] * share
            + ["sent"] * share)


def test_tick_killed_at_any_moment_loses_nothing_and_sends_nothing_twice(
        tmp_path: Path) -> None:
    rng = random.Random(SEED)
    home = make_home(tmp_path, games=GAMES, overdue=OVERDUE, seed=SEED)
    home.deliver(home.mails)
    mails, phases = len(home.mails), GAMES + OVERDUE
    # An acknowledgement per mail; results to 7 players + GM; each game's 8 welcome mails.
    to_send = mails + 8 * phases + 8 * (GAMES + OVERDUE)
    progress = Progress(home)
    hit: Counter = Counter()
    log = []
    try:
        for what in plan(KILLS):
            done = {"read": progress.read(), "processed": progress.processed(),
                    "sent": progress.sent()}
            total = {"read": mails, "processed": phases, "sent": to_send}
            if what == "time":
                if done["read"] == mails:
                    continue
                point = KillPoint("time", rng.uniform(0.05, 1.5), latest=("read", mails))
            elif done[what] < total[what]:
                # The next 1..4 units of that work, then up to 15 ms more.
                target = min(total[what], done[what] + rng.randint(1, 4))
                point = KillPoint(what, target, rng.uniform(0, 0.015))
                if what == "sent" and len(log) % 2:
                    # Or the instant a mail's file appears, before its row is marked.
                    queued = [o.id for o in snapshot(home).outbound if o.status == "queued"]
                    if queued:
                        point = KillPoint("file", queued[min(len(queued) - 1,
                                                             rng.randint(1, 4))])
            else:
                continue
            proc = home.start("tick", "-q")
            if kill_at(proc, point, progress):
                where = stage(home, progress, phases)
                snap = check(home, complete=False)  # safety holds after every kill
                if where == "send" and unmarked(home, snap):
                    where = "send, after writing a mail and before marking it sent"
                hit[where.split(",")[0]] += 1
                log.append(f"{point} -> killed while {where}")
            else:
                log.append(f"{point} -> finished first")
        home.run("tick", "-q")  # the run that completes the work
    finally:
        progress.close()
        print("\n".join(log))
    check(home, complete=True)
    assert progress.read() == mails and progress.sent() == to_send
    assert hit["fetch"] and hit["adjudicate"] and hit["send"], hit
