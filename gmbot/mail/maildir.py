"""The embedded mail transports: a local Maildir inbox and outbox (no server needed)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only a type here; the email package is slow to import
    from email.message import EmailMessage


def ensure_maildir(path: Path) -> None:
    for sub in ("new", "cur", "tmp"):
        (path / sub).mkdir(parents=True, exist_ok=True)


class MaildirInbox:
    """New messages are read from new/; a message is moved to cur/ only after the caller
    has committed it, so a crash in between means it is read again (and de-duplicated)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        ensure_maildir(path)

    def pending(self) -> Iterator[tuple[str, bytes]]:
        for entry in sorted(os.scandir(self.path / "new"), key=lambda e: e.name):
            if entry.name.startswith("."):
                continue
            try:
                raw = Path(entry.path).read_bytes()
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


class MaildirOutbox:
    """Sending = writing to new/ under a name fixed by the outbox row, so sending the
    same row twice after a crash overwrites instead of duplicating."""

    def __init__(self, path: Path) -> None:
        self.path = path
        ensure_maildir(path)

    def send(self, msg: EmailMessage, name: str) -> Path:
        data = msg.as_bytes()  # with the message's own wire policy
        tmp = self.path / "tmp" / name
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        dest = self.path / "new" / name
        os.replace(tmp, dest)
        # The rename itself made durable before the caller marks the mail sent.
        fd = os.open(self.path / "new", os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        return dest
