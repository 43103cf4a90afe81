"""An IMAP mailbox as a source of raw messages (imapclient). It knows UIDs and folders,
nothing of games: the caller keeps UIDVALIDITY and the highest UID it has committed.

Security is `ssl` (implicit TLS, also spelled `tls`), `starttls`, or `none` (loopback
only); with TLS the server's certificate is verified against `cafile` (a CA bundle) or,
without one, against the system's CAs. Any other value is refused rather than silently
sending the password in clear text."""

from __future__ import annotations

import contextlib
import imaplib
import ssl
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from imapclient import IMAPClient

from gmbot.mail.oversize import HEAD_BYTES, Oversize, Raw, header_section

# What a broken or unreachable server raises (socket, TLS and protocol errors; imapclient's
# own errors are subclasses of imaplib's).
CONNECTION_ERRORS: tuple[type[BaseException], ...] = (OSError, imaplib.IMAP4.error, EOFError)
_HEAD = f"BODY.PEEK[HEADER]<0.{HEAD_BYTES}>"  # a partial fetch: at most HEAD_BYTES
SECURITY = {"ssl": "ssl", "tls": "ssl", "starttls": "starttls", "none": "none", "plain": "none"}


class MailSettingsError(ValueError):
    """The mail settings cannot work (unknown security mode...)."""


def security_mode(value: object, section: str) -> str:
    mode = SECURITY.get(str(value).strip().lower())
    if mode is None:
        raise MailSettingsError(f"{section}.security must be ssl, starttls or none, "
                                f"not {value!r}")
    return mode


def tls_context(cafile: str | None) -> ssl.SSLContext:
    """Certificate and host name verified: against cafile if given, else the system CAs."""
    if cafile:
        return ssl.create_default_context(cafile=str(Path(cafile).expanduser()))
    return ssl.create_default_context()


@dataclass(frozen=True)
class FolderState:
    uidvalidity: int
    uidnext: int | None


class ImapMailbox:
    def __init__(self, settings: dict[str, Any]) -> None:
        self.host = str(settings.get("host", "localhost"))
        self.security = security_mode(settings.get("security", "ssl"), "imap")
        self.port = int(settings.get("port") or (993 if self.security == "ssl" else 143))
        self.username = str(settings.get("username", ""))
        self.password = str(settings.get("password", ""))
        self.folder = str(settings.get("folder") or "INBOX")
        processed = settings.get("processed_folder", "gmbot-processed")
        self.processed: str | None = str(processed) if processed else None
        self.cafile = settings.get("cafile")
        self.timeout = float(settings.get("timeout", 30))
        self.client: IMAPClient | None = None

    @property
    def account(self) -> str:
        return f"{self.username}@{self.host}:{self.port}/{self.folder}"

    def connect(self, *, readonly: bool = False) -> FolderState:
        """Log in and select the folder (creating the processed folder if needed)."""
        self.close()
        context = tls_context(self.cafile)
        client = IMAPClient(self.host, port=self.port, ssl=self.security == "ssl",
                            ssl_context=context, timeout=self.timeout)
        try:
            if self.security == "starttls":
                client.starttls(context)
            client.login(self.username, self.password)
            if not readonly and self.processed and not client.folder_exists(self.processed):
                client.create_folder(self.processed)
            info = client.select_folder(self.folder, readonly=readonly)
        except BaseException:
            # A refused login or a missing folder must not leave the socket open.
            with contextlib.suppress(Exception):
                client.shutdown()
            raise
        self.client = client
        return FolderState(int(info[b"UIDVALIDITY"]), int(info.get(b"UIDNEXT", 0)) or None)

    def _search(self, criteria: list[Any]) -> list[int]:
        assert self.client is not None
        return sorted(int(u) for u in self.client.search(criteria))

    def new_messages(self, after_uid: int, max_bytes: int,
                     limit: int = 200) -> Iterator[tuple[int, Raw]]:
        """Messages with a UID above `after_uid`, oldest first. Their sizes are asked
        first: one larger than `max_bytes` is never fetched whole, only its header
        section (an Oversize)."""
        assert self.client is not None
        # "n:*" always matches the highest UID, even below n: filter.
        uids = [u for u in self._search(["UID", f"{after_uid + 1}:*"]) if u > after_uid]
        uids = uids[:limit]
        for start in range(0, len(uids), 50):
            batch = uids[start:start + 50]
            sizes = {uid: int(data.get(b"RFC822.SIZE", 0))
                     for uid, data in self.client.fetch(batch, ["RFC822.SIZE"]).items()}
            small = [u for u in batch if u in sizes and sizes[u] <= max_bytes]
            large = [u for u in batch if u in sizes and sizes[u] > max_bytes]
            bodies = self.client.fetch(small, ["BODY.PEEK[]"]) if small else {}
            heads = self.client.fetch(large, [_HEAD]) if large else {}
            for uid in batch:
                if uid in bodies and b"BODY[]" in bodies[uid]:
                    yield uid, bytes(bodies[uid][b"BODY[]"])
                elif uid in heads:
                    head = next((bytes(v) for k, v in heads[uid].items()
                                 if k.startswith(b"BODY[HEADER]")), b"")
                    yield uid, Oversize(header_section(head), sizes[uid])

    def handled_left_behind(self, up_to_uid: int) -> list[int]:
        """UIDs up to `up_to_uid` still in the folder although handled: the connection broke
        between the commit and the move. Only meaningful with a processed folder."""
        if not self.processed or up_to_uid <= 0:
            return []
        return [u for u in self._search(["UID", f"1:{up_to_uid}"]) if u <= up_to_uid]

    def done(self, uid: int) -> None:
        """After the message is committed: move it out of the way, or flag it."""
        assert self.client is not None
        self.client.add_flags([uid], [b"\\Seen"])
        if not self.processed:
            return
        if self.client.has_capability("MOVE"):
            self.client.move([uid], self.processed)
        else:
            self.client.copy([uid], self.processed)
            self.client.delete_messages([uid])
            if self.client.has_capability("UIDPLUS"):
                self.client.uid_expunge([uid])
            else:
                self.client.expunge()

    def supports_idle(self) -> bool:
        return bool(self.client and self.client.has_capability("IDLE"))

    def idle_wait(self, seconds: float, stop: threading.Event | None = None) -> bool:
        """Wait in IDLE until the server announces new mail (True), `seconds` pass or
        `stop` is set (False). A dropped connection raises ConnectionError."""
        assert self.client is not None
        deadline = time.monotonic() + seconds
        self.client.idle()
        arrived = False
        try:
            while not arrived and time.monotonic() < deadline:
                if stop is not None and stop.is_set():
                    break
                step = max(0.05, min(1.0, deadline - time.monotonic()))
                started = time.monotonic()
                responses = self.client.idle_check(timeout=step)
                if any(len(r) > 1 and r[0] == b"BYE" for r in responses):
                    raise ConnectionError(f"{self.host}:{self.port} closed the connection (BYE)")
                arrived = any(len(r) > 1 and r[1] in (b"EXISTS", b"RECENT") for r in responses)
                if not responses and time.monotonic() - started < step / 2:
                    # Readable but nothing to read: the server hung up (idle_check swallows
                    # EOF). Leaving IDLE raises on a dead connection, and re-enters otherwise.
                    self.client.idle_done()
                    self.client.idle()
        finally:
            self.client.idle_done()
        return arrived

    def close(self) -> None:
        if self.client is not None:
            client, self.client = self.client, None
            # The connection may already be gone; closing must not fail.
            try:
                client.logout()
            except Exception:  # noqa: BLE001
                with contextlib.suppress(Exception):
                    client.shutdown()
