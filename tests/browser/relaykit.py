"""The home's mail server, for a judge that sends over SMTP (tests/browser/mail_kinds.yaml,
a variant's `relay: true`): an SMTP server on loopback (aiosmtpd, in the test process)
that takes each mail the judge hands it and delivers it into the judge's Maildir outbox
folder with its Return-Path, as a local MTA delivers, so that the judge kit reads it as
it reads the Maildir outbox's own; and refuses at RCPT, with 550 5.1.1, the addresses
whose mailbox is gone (`vanished`), as a mail server refuses an unknown user."""

from __future__ import annotations

import itertools
import os
import re
import threading
from pathlib import Path
from typing import Any

from tests.crash.smtpsink import free_port

_UNSAFE = re.compile(r"[^A-Za-z0-9@._-]")


class Relay:
    def __init__(self, maildir: Path, host: str = "127.0.0.1") -> None:
        from aiosmtpd.controller import Controller

        self.maildir, self.host, self.port = maildir, host, free_port(host)
        self.vanished: set[str] = set()
        self._lock = threading.Lock()
        self._count = itertools.count(1)
        self.controller = Controller(self, hostname=host, port=self.port)

    def settings(self) -> str:
        """The home's gmbot.yaml lines that send through it."""
        return f"outbound: smtp\nsmtp: {{host: {self.host}, port: {self.port}, security: none}}\n"

    def __enter__(self) -> Relay:
        for sub in ("tmp", "new", "cur"):
            (self.maildir / sub).mkdir(parents=True, exist_ok=True)
        self.controller.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.controller.stop()

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any,  # noqa: N802
                          address: str, rcpt_options: list[str]) -> str:
        if address.lower() in self.vanished:
            return f"550 5.1.1 <{address}>: Recipient address rejected: User unknown"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        data = bytes(envelope.original_content or envelope.content)
        with self._lock:  # named in the order delivered, as the judge kit reads them
            n = next(self._count)
        match = re.search(rb"^Message-ID:\s*<([^>\r\n]*)>", data, re.M | re.I)
        name = f"{n:09d}.{_UNSAFE.sub('_', (match[1] if match else b'').decode())[:200]}.relay"
        tmp, new = self.maildir / "tmp" / name, self.maildir / "new" / name
        tmp.write_bytes(b"Return-Path: <" + envelope.mail_from.encode() + b">\r\n" + data)
        os.rename(tmp, new)
        return "250 OK"
