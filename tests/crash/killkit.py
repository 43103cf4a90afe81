"""Watching a running gmbot from outside (mails read, rows recorded, phases processed,
mail sent) and killing it with SIGKILL at a chosen point (tests/crash/crashkit.py makes the
home and starts the processes)."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import time
from dataclasses import dataclass

from sqlalchemy import create_engine, text

from tests.crash.crashkit import Home
from tests.crash.smtpsink import SmtpSink


class Progress:
    """What a running gmbot has done so far, as seen from outside: mails moved to the
    inbox's cur/, phases processed (a plain read on the side, never a write lock), mail
    written to the Maildir outbox or received by the sink."""

    def __init__(self, home: Home, sink: SmtpSink | None = None) -> None:
        self.home, self.sink = home, sink
        url = os.environ.get("GMBOT_DATABASE_URL")
        self._pg = create_engine(url, pool_size=1) if url else None
        self._sqlite: sqlite3.Connection | None = None

    def read(self) -> int:
        return len(os.listdir(self.home.inbox / "cur"))

    def sent(self) -> int:
        if self.sink is not None:
            return len(self.sink)
        return len(os.listdir(self.home.outbox / "new"))

    def processed(self) -> int:
        return self._count("SELECT count(*) FROM phases WHERE processed_at IS NOT NULL")

    def queued(self) -> int:
        """Mail waiting in the outbox (a temporary failure's backoff included)."""
        return self._count("SELECT count(*) FROM outbound WHERE status = 'queued'")

    def recorded(self) -> int:
        return self._count("SELECT count(*) FROM inbound")

    def marked(self) -> int:
        """Mail marked sent (whatever the transport)."""
        return self._count("SELECT count(*) FROM outbound WHERE status = 'sent'")

    def _count(self, query: str) -> int:
        if self._pg is not None:
            with self._pg.connect() as conn:
                return int(conn.execute(text(query)).scalar_one())
        if self._sqlite is None:
            self._sqlite = sqlite3.connect(self.home.path / "gmbot.sqlite", timeout=30,
                                           isolation_level=None)
        return int(self._sqlite.execute(query).fetchone()[0])

    def close(self) -> None:
        if self._sqlite is not None:
            self._sqlite.close()
        if self._pg is not None:
            self._pg.dispose()


@dataclass(frozen=True)
class KillPoint:
    """Kill when `what` (read | recorded | processed | sent | marked | time) reaches
    `target` (a count, or seconds since the start for time), `jitter` seconds later; or,
    for `file`, the moment the outbox row with id `target` has its file in the Maildir
    outbox (watched without pause: the kill falls between the file and the row's mark)."""

    what: str
    target: float
    jitter: float = 0.0
    # Kill at the latest when this other counter reaches its value: (what, target).
    latest: tuple[str, float] | None = None

    def __str__(self) -> str:
        if self.what == "file":
            return f"outbox row {self.target:g} written"
        return f"{self.what}>={self.target:g}+{self.jitter * 1000:.0f}ms"


def kill_at(proc: subprocess.Popen, point: KillPoint, progress: Progress,
            timeout: float = 120) -> bool:
    """SIGKILL the process at `point`. False if it exited on its own first."""
    started = time.monotonic()
    if point.what == "file":
        new = progress.home.outbox / "new"
        prefix = f"{int(point.target):09d}."
        while (not any(n.startswith(prefix) for n in os.listdir(new))
               and proc.poll() is None):
            assert time.monotonic() - started < timeout, f"{point} not reached in {timeout} s"
        return kill(proc)
    probes = {"read": progress.read, "processed": progress.processed, "sent": progress.sent,
              "recorded": progress.recorded, "marked": progress.marked,
              "time": lambda: time.monotonic() - started}
    probe = probes[point.what]
    latest = (probes[point.latest[0]], point.latest[1]) if point.latest else None
    while proc.poll() is None:
        if probe() >= point.target or (latest and latest[0]() >= latest[1]):
            if point.jitter:
                time.sleep(point.jitter)
            break
        assert time.monotonic() - started < timeout, f"{point} not reached in {timeout} s"
        time.sleep(0.002)
    return kill(proc)


def kill(proc: subprocess.Popen) -> bool:
    """SIGKILL (the whole process group); False if it had already exited."""
    if proc.poll() is not None:
        return False
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(30)
    return proc.returncode == -signal.SIGKILL


def stage(home: Home, progress: Progress, total_phases: int) -> str:
    """Where a run was when it was killed: reading mail, adjudicating, sending."""
    if progress.read() < len(home.mails):
        return "fetch"
    if progress.processed() < total_phases:
        return "adjudicate"
    return "send"



def staged_point(progress: Progress, rng: random.Random, mails: int,
                 phases: int = 0) -> KillPoint:
    """Where to kill the next run: while it reads the `mails` (at a random moment, or as
    a batch commits and its mails move to cur/), then while it processes the `phases`
    (as one commits), then while it sends."""
    if progress.recorded() < mails:
        if rng.random() < 0.5:
            return KillPoint("time", rng.uniform(0.2, 2.0), latest=("recorded", mails))
        return KillPoint("recorded", progress.recorded() + 1, rng.uniform(0, 0.015))
    if progress.processed() < phases:
        target = min(phases, progress.processed() + rng.randint(1, 3))
        return KillPoint("processed", target, rng.uniform(0, 0.015))
    return KillPoint("sent", progress.sent() + rng.randint(1, 30))
