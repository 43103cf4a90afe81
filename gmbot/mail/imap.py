"""An IMAP mailbox as a source of raw messages (imapclient). It knows UIDs and folders,
nothing of games: the caller keeps UIDVALIDITY and the highest UID it has committed."""

from __future__ import annotations

import contextlib
import ssl
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from imapclient import IMAPClient


@dataclass(frozen=True)
class FolderState:
    uidvalidity: int
    uidnext: int | None


class ImapMailbox:
    def __init__(self, settings: dict[str, Any]) -> None:
        self.host = str(settings.get("host", "localhost"))
        self.security = str(settings.get("security", "ssl"))  # ssl | starttls | none
        self.port = int(settings.get("port", 993 if self.security == "ssl" else 143))
        self.username = str(settings.get("username", ""))
        self.password = str(settings.get("password", ""))
        self.folder = str(settings.get("folder", "INBOX"))
        self.processed = settings.get("processed_folder", "gmbot-processed")
        self.cafile = settings.get("cafile")
        self.timeout = float(settings.get("timeout", 30))
        self.client: IMAPClient | None = None

    @property
    def account(self) -> str:
        return f"{self.username}@{self.host}:{self.port}/{self.folder}"

    def connect(self) -> FolderState:
        context = ssl.create_default_context(cafile=self.cafile)
        client = IMAPClient(self.host, port=self.port, ssl=self.security == "ssl",
                            ssl_context=context, timeout=self.timeout)
        if self.security == "starttls":
            client.starttls(context)
        client.login(self.username, self.password)
        if self.processed and not client.folder_exists(self.processed):
            client.create_folder(self.processed)
        info = client.select_folder(self.folder)
        self.client = client
        return FolderState(int(info[b"UIDVALIDITY"]), int(info.get(b"UIDNEXT", 0)) or None)

    def new_messages(self, after_uid: int, limit: int = 200) -> Iterator[tuple[int, bytes]]:
        """Messages with a UID above `after_uid`, oldest first."""
        assert self.client is not None
        uids = [u for u in self.client.search(["UID", f"{after_uid + 1}:*"]) if u > after_uid]
        for start in range(0, min(len(uids), limit), 50):
            batch = sorted(uids[start:start + 50])
            fetched = self.client.fetch(batch, ["BODY.PEEK[]"])
            for uid in batch:
                data = fetched.get(uid, {})
                raw = data.get(b"BODY[]")
                if raw is not None:
                    yield uid, bytes(raw)

    def done(self, uid: int) -> None:
        """After the message is committed: move it out of the way, or flag it."""
        assert self.client is not None
        if self.processed:
            if self.client.has_capability("MOVE"):
                self.client.move([uid], self.processed)
            else:
                self.client.copy([uid], self.processed)
                self.client.delete_messages([uid])
                if self.client.has_capability("UIDPLUS"):
                    self.client.uid_expunge([uid])
                else:
                    self.client.expunge()
        else:
            self.client.add_flags([uid], [b"\\Seen"])

    def supports_idle(self) -> bool:
        return bool(self.client and self.client.has_capability("IDLE"))

    def idle_wait(self, seconds: float) -> bool:
        """Wait for the server to announce new mail (IDLE); True if something arrived."""
        assert self.client is not None
        self.client.idle()
        try:
            responses = self.client.idle_check(timeout=seconds)
        finally:
            self.client.idle_done()
        return any(r[1] in (b"EXISTS", b"RECENT") for r in responses if len(r) > 1)

    def close(self) -> None:
        if self.client is not None:
            # The connection may already be gone; closing must not fail.
            with contextlib.suppress(Exception):
                self.client.logout()
            self.client = None
