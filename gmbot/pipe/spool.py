"""The spool: a Maildir of the home (HOME/mail/spool) that `gmbot ingest` writes each
piped mail into, durably, before it exits 0 — that exit is the MTA's acknowledgement, so
a mail is either still with the MTA or safely here. The daemon, `gmbot tick` and the
background worker read it with the Maildir inbox code, like any inbox.

A mail over the size limit is kept as its header section only, its whole size in the
Maildir++ `,S=` field of its name (mail/maildir.py reads it back as an Oversize)."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path

from gmbot.mail.maildir import has_new, sync_dir
from gmbot.mail.oversize import Oversize, Raw


def unique_name(size: int | None = None) -> str:
    """A Maildir name no other delivery takes: time, process, random, host."""
    host = socket.gethostname().replace("/", "\\057").replace(":", "\\072")
    name = f"{time.time_ns()}.P{os.getpid()}R{os.urandom(6).hex()}.{host}"
    return f"{name},S={size}" if size is not None else name


def write(folder: Path, raw: Raw) -> Path:
    """Deliver `raw` into the spool's new/ and make it durable: the file's content synced,
    then its name (the folder synced). Raises OSError when any step fails, the mail then
    being nowhere in new/."""
    _ensure(folder)
    data, name = ((raw.head, unique_name(raw.size)) if isinstance(raw, Oversize)
                  else (raw, unique_name()))
    tmp, dest = folder / "tmp" / name, folder / "new" / name
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    os.close(fd)
    os.rename(tmp, dest)
    sync_dir(folder / "new")
    return dest


def waiting(folder: Path) -> bool:
    """Whether a mail waits in the spool (a missing spool holds none)."""
    return has_new(folder, missing=False)


STALE_TMP = 36 * 3600  # seconds: the Maildir convention for a delivery that never ended


def sweep_tmp(folder: Path, now: float | None = None) -> int:
    """Remove what an ingest killed while writing left in tmp/ (older than 36 hours, so
    never a delivery under way). Returns how many files went."""
    limit = (time.time() if now is None else now) - STALE_TMP
    gone = 0
    try:
        with os.scandir(folder / "tmp") as entries:
            for entry in entries:
                try:
                    if entry.stat().st_mtime < limit:
                        os.unlink(entry.path)
                        gone += 1
                except FileNotFoundError:
                    pass
    except FileNotFoundError:
        pass
    return gone


def _ensure(folder: Path) -> None:
    """Create the spool's folders, each made durable in its parent when new."""
    for sub in (folder.parent, folder, folder / "new", folder / "cur", folder / "tmp"):
        if not sub.is_dir():
            sub.mkdir(parents=True, exist_ok=True)
            sync_dir(sub.parent)

