"""The embedded mail transports: a local Maildir inbox and outbox (no server needed)."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from gmbot.mail.oversize import HEAD_BYTES, Oversize, Raw, header_section, read_bounded

if TYPE_CHECKING:  # only types here; the email package is slow to import
    from email.message import EmailMessage

    from gmbot.mail.compose import Outgoing


def ensure_maildir(path: Path) -> None:
    for sub in ("new", "cur", "tmp"):
        (path / sub).mkdir(parents=True, exist_ok=True)


def has_new(path: Path, *, missing: bool) -> bool:
    """Whether the Maildir's new/ holds a message; `missing`: the answer when there is
    no new/ folder."""
    try:
        with os.scandir(path / "new") as entries:
            return any(not e.name.startswith(".") for e in entries)
    except FileNotFoundError:
        return missing


def sync_dir(path: Path | str) -> None:
    """Make the names in a folder durable (what fsync of a file does not)."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class MaildirInbox:
    """New messages are read from new/; a message is moved to cur/ only after the caller
    has committed it, so a crash in between means it is read again (and de-duplicated).
    With `keep=False` (the spool of piped mail, which is gmbot's alone) it is deleted
    instead: the store keeps the mail."""

    def __init__(self, path: Path, keep: bool = True) -> None:
        self.path = path
        self.keep = keep
        ensure_maildir(path)

    def pending(self, max_bytes: int) -> Iterator[tuple[str, Raw]]:
        """Each new message: whole, or only its head when larger than `max_bytes`."""
        for entry in sorted(os.scandir(self.path / "new"), key=lambda e: e.name):
            if entry.name.startswith("."):
                continue
            try:
                with open(entry.path, "rb") as f:
                    raw = _read(f, entry.name, max_bytes)
            except (FileNotFoundError, IsADirectoryError):
                continue  # another process reading this inbox took it first
            yield entry.name, raw

    def done(self, key: str) -> None:
        # Moved already: by another process that read it too.
        with contextlib.suppress(FileNotFoundError):
            if self.keep:
                os.replace(self.path / "new" / key, self.path / "cur" / f"{key}:2,S")
            else:
                os.unlink(self.path / "new" / key)

    def deliver(self, raw: bytes, name: str) -> Path:
        """Drop a message into new/ the Maildir way (tmp/ then rename)."""
        tmp = self.path / "tmp" / name
        tmp.write_bytes(raw)
        dest = self.path / "new" / name
        os.replace(tmp, dest)
        return dest


# Maildir++ names may carry the message's size: ",S=1234" before the ":2," flags.
_SIZE = re.compile(r",S=(\d+)")


def _read(f: BinaryIO, name: str, max_bytes: int) -> Raw:
    """A message file whole, or its head when larger than `max_bytes`. A file shorter
    than the size its name gives is the header section of an oversize mail (the spool
    keeps no more of one: gmbot/pipe/spool.py)."""
    actual = os.fstat(f.fileno()).st_size
    named = _SIZE.search(name.split(":", 1)[0])
    if named and int(named.group(1)) > actual:
        return Oversize(header_section(f.read(HEAD_BYTES)), int(named.group(1)))
    return read_bounded(f, max_bytes, actual)


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
        self._tmp, self._new = str(path / "tmp"), str(path / "new")
        self._written: list[tuple[int, str]] = []  # (open file, name) in tmp/, not synced

    # The delivery layer may write several mails and then sync() once before marking them
    # all sent (gmbot.service.outbox.delivery): a mail written again finds its own file.
    batches = True

    def send(self, msg: Outgoing | EmailMessage | bytes, name: str) -> Path:
        self.write(msg, name)
        self.sync()  # the mail made durable before the caller marks it sent
        return self.path / "new" / name

    def write(self, msg: Outgoing | EmailMessage | bytes, name: str) -> None:
        """Write one mail into tmp/ (private to the writer: a stale copy may go); sync()
        makes it durable and puts it into new/, where it is to be found. No Path is
        made: building one was about a twelfth of the flush's own CPU (benchmarks/ingest.py)."""
        data = memoryview(msg if isinstance(msg, bytes) else _wire(msg))
        fd = os.open(os.path.join(self._tmp, name), os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
                     0o666)
        try:
            while data:
                data = data[os.write(fd, data):]
        except BaseException:
            os.close(fd)
            raise
        self._written.append((fd, name))

    def sync(self) -> None:
        """Make the mails written so far durable, each under its name in new/. Their
        contents are synced one after another once all are written (the file system then
        commits most of them together: a fraction of the time of writing and syncing each
        in turn), before any is linked into new/; then new/ is synced once."""
        written, self._written = self._written, []
        try:
            for fd, _ in written:
                os.fsync(fd)
        finally:
            for fd, _ in written:
                os.close(fd)
        for _, name in written:
            tmp = os.path.join(self._tmp, name)
            # link, not rename: it fails if the name exists. Then it is this very mail,
            # written before a crash: delivered already.
            with contextlib.suppress(FileExistsError):
                os.link(tmp, os.path.join(self._new, name))
            with contextlib.suppress(FileNotFoundError):  # the same name written twice
                os.unlink(tmp)
        sync_dir(self._new)


def _wire(msg: Outgoing | EmailMessage) -> bytes:
    from gmbot.mail.compose import Outgoing
    from gmbot.mail.outgoing.verp import return_path_line
    from gmbot.mail.wire import wire_bytes

    if not isinstance(msg, Outgoing):
        return msg.as_bytes()  # its policy
    # The envelope sender as a Maildir delivery keeps it: the outbox's consumer hands it
    # to its mail server (sendmail -f), so that bounces come back to the return path.
    top = return_path_line(msg.envelope) if msg.envelope else b""
    return top + wire_bytes(msg)
