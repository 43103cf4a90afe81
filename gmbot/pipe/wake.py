"""Waking a running daemon when `gmbot ingest` has spooled a mail: the daemon listens on
a UNIX datagram socket named after its spool, and polls at once when anything arrives
on it. A datagram carries no mail, only "look now"; losing one costs at most a poll
interval, since the daemon polls the spool anyway.

On Linux the socket is in the abstract namespace (no file: nothing stale after a crash,
no path-length limit); elsewhere it is the file `wake.sock` in the spool."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import logging
import os
import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger("gmbot")
_ABSTRACT = sys.platform.startswith("linux")


def address(spool: Path) -> str:
    if _ABSTRACT:
        digest = hashlib.sha256(str(spool.resolve()).encode()).hexdigest()[:40]
        return f"\0gmbot-spool-{digest}"
    return str(spool / "wake.sock")


def wake(spool: Path) -> bool:
    """Tell a daemon listening for `spool` that mail waits. False when none listens."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.setblocking(False)
        try:
            sock.sendto(b"mail", address(spool))
        except BlockingIOError:
            return True  # its queue is full of wake-ups already: it will look
        except OSError as e:
            if e.errno in (errno.ECONNREFUSED, errno.ENOENT, errno.ENOTSOCK):
                return False
            raise
    return True


class Listener:
    """The daemon's side: a thread that calls `on_wake` for each datagram received."""

    def __init__(self, spool: Path, on_wake: Callable[[], None]) -> None:
        self.spool = spool
        self.on_wake = on_wake
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.thread = threading.Thread(target=self._run, name="spool-wake", daemon=True)
        self.closed = False

    def start(self) -> Listener:
        where = address(self.spool)
        if not _ABSTRACT:
            self.spool.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(where)  # left by a daemon that died
        self.sock.bind(where)
        self.thread.start()
        return self

    def _run(self) -> None:
        while not self.closed:
            try:
                self.sock.recv(64)
            except OSError:
                if self.closed:
                    return
                log.exception("the spool's wake-up socket failed; polling on schedule only")
                return
            if self.closed:
                return
            self.on_wake()

    def close(self) -> None:
        self.closed = True
        # shutdown() ends a recv() blocked in the thread; close() alone would not.
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
