"""The background worker that `gmbot ingest` starts when no daemon runs: `gmbot drain`,
a process of its own session that handles the spool and exits.

One worker at a time: the worker holds an exclusive lock (flock) on `spool.lock` next to
the spool for as long as it works. `gmbot ingest` takes that lock itself before starting
one and hands it to the child (the lock belongs to the open file, which the child
inherits), so of two ingests at once only one starts a worker; the other sees the lock
held and leaves its mail to that worker. The worker therefore looks at the spool again
after releasing the lock (service/spool.py): a mail spooled while it was finishing is
never stranded."""

from __future__ import annotations

import contextlib
import fcntl
import os
import subprocess
import sys
from pathlib import Path

LOCK_FD_ENV = "GMBOT_SPOOL_LOCK_FD"  # the inherited descriptor that holds the lock


def lock_path(spool: Path) -> Path:
    return spool.parent / "spool.lock"


class SpoolLock:
    """The worker's lock: an exclusive flock on spool.lock."""

    def __init__(self, spool: Path, fd: int | None = None) -> None:
        self.path = lock_path(spool)
        self.fd = fd  # a descriptor that already holds the lock (inherited), or None

    def acquire(self) -> bool:
        """Take the lock if nobody holds it. False when another worker has it."""
        if self.fd is not None:
            return True
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        except BaseException:
            os.close(fd)
            raise
        self.fd = fd
        return True

    def release(self) -> None:
        if self.fd is not None:
            fd, self.fd = self.fd, None
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    @classmethod
    def inherited(cls, spool: Path) -> SpoolLock:
        """The lock handed over by `gmbot ingest`, if this process was started with it."""
        value = os.environ.pop(LOCK_FD_ENV, "")
        return cls(spool, int(value) if value.isdigit() else None)


def start_worker(home: Path, config_file: str | None, spool: Path, log: Path) -> bool:
    """Start `gmbot drain` in the background unless a worker runs already (it will see
    the mail). True when one was started. The child gets the lock this process took."""
    lock = SpoolLock(spool)
    if not lock.acquire():
        return False
    assert lock.fd is not None
    try:
        os.set_inheritable(lock.fd, True)
        command = [sys.executable, "-m", "gmbot", "--home", str(home)]
        if config_file:
            command += ["--config", str(Path(config_file).resolve())]
        log.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "ab") as out:
            subprocess.Popen(
                [*command, "drain"], stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                start_new_session=True, pass_fds=(lock.fd,),
                env={**os.environ, LOCK_FD_ENV: str(lock.fd)})
    finally:
        # Closed, not unlocked: the lock belongs to the open file, which the child shares
        # (should the start have failed, closing the last copy frees the lock).
        os.close(lock.fd)
    return True
