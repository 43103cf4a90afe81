"""The embedded mail transports: a local Maildir inbox and outbox (no server needed)."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from gmbot.mail.oversize import Raw, read_bounded

if TYPE_CHECKING:  # only types here; the email package is slow to import
    from email.message import EmailMessage

    from gmbot.mail.compose import Outgoing


def ensure_maildir(path: Path) -> None:
    for sub in ("new", "cur", "tmp"):
        (path / sub).mkdir(parents=True, exist_ok=True)


class MaildirInbox:
    """New messages are read from new/; a message is moved to cur/ only after the caller
    has committed it, so a crash in between means it is read again (and de-duplicated)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        ensure_maildir(path)

    def pending(self, max_bytes: int) -> Iterator[tuple[str, Raw]]:
        """Each new message: whole, or only its head when larger than `max_bytes`."""
        for entry in sorted(os.scandir(self.path / "new"), key=lambda e: e.name):
            if entry.name.startswith("."):
                continue
            try:
                with open(entry.path, "rb") as f:
                    raw = read_bounded(f, max_bytes, os.fstat(f.fileno()).st_size)
            except (FileNotFoundError, IsADirectoryError):
                continue  # another process reading this inbox took it first
            yield entry.name, raw

    def done(self, key: str) -> None:
        # Moved already: by another process that read it too.
        with contextlib.suppress(FileNotFoundError):
            os.replace(self.path / "new" / key, self.path / "cur" / f"{key}:2,S")

    def deliver(self, raw: bytes, name: str) -> Path:
        """Drop a message into new/ the Maildir way (tmp/ then rename)."""
        tmp = self.path / "tmp" / name
        tmp.write_bytes(raw)
        dest = self.path / "new" / name
        os.replace(tmp, dest)
        return dest


_UNSAFE = re.compile(r"[^A-Za-z0-9._@=+-]")  # no "/" (path) nor ":" (Maildir flags)


def outbox_name(row_id: int, message_id: str) -> str:
    """The outbox file of one mail: unique by construction, since no two mails share a
    Message-ID, even when a database restored from a backup hands out a row id again;
    the row id in front keeps the files in the order they were queued."""
    return f"{row_id:09d}.{_UNSAFE.sub('_', message_id)[:200]}.gmbot"


class MaildirOutbox:
    """Sending = writing to new/ under a name unique to the mail (outbox_name), with
    exclusive creation: a file already there is never overwritten. The same mail sent
    again after a crash finds its own file, byte for byte the same, and leaves it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        ensure_maildir(path)

    # The delivery layer may write several mails and then sync() once before marking them
    # all sent (gmbot.service.delivery): a mail written again finds its own file.
    batches = True

    def send(self, msg: Outgoing | EmailMessage | bytes, name: str) -> Path:
        dest = self.write(msg, name)
        self.sync()  # the new name made durable before the caller marks the mail sent
        return dest

    def write(self, msg: Outgoing | EmailMessage | bytes, name: str) -> Path:
        """Write one mail, its content synced; its name is durable only after sync()."""
        data = msg if isinstance(msg, bytes) else _wire(msg)
        tmp = self.path / "tmp" / name
        with open(tmp, "wb") as f:  # tmp/ is private to the writer: a stale copy may go
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        dest = self.path / "new" / name
        # link, not rename: it fails if dest exists. Then it is this very mail, written
        # before a crash: delivered already.
        with contextlib.suppress(FileExistsError):
            os.link(tmp, dest)
        os.unlink(tmp)
        return dest

    def sync(self) -> None:
        """Make the names of the mails written so far durable (one fsync of new/)."""
        fd = os.open(self.path / "new", os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _wire(msg: Outgoing | EmailMessage) -> bytes:
    from gmbot.mail.compose import Outgoing
    from gmbot.mail.wire import wire_bytes

    return wire_bytes(msg) if isinstance(msg, Outgoing) else msg.as_bytes()  # its policy
