"""An SMTP server (aiosmtpd) inside the test process that keeps every message it accepts,
so a test counts deliveries exactly: a mail sent twice is there twice.

`on_message`, when set, is called with each message after it is kept and before the
server answers 250 to DATA: a test can kill the sending process right there, in the one
window where the server has the mail and the sender does not know it yet."""

from __future__ import annotations

import email
import email.policy
import socket
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Delivery:
    message_id: str  # without angle brackets
    recipients: tuple[str, ...]
    data: bytes


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


class SmtpSink:
    def __init__(self, host: str = "127.0.0.1") -> None:
        from aiosmtpd.controller import Controller

        self.host = host
        self.port = free_port(host)
        self.lock = threading.Lock()
        self.deliveries: list[Delivery] = []
        self.on_message: Callable[[Delivery, int], None] | None = None
        self.controller = Controller(self, hostname=host, port=self.port)

    def __enter__(self) -> SmtpSink:
        self.controller.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.controller.stop()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        data = bytes(envelope.original_content or envelope.content)
        msg = email.message_from_bytes(data, policy=email.policy.default)
        delivery = Delivery(str(msg["Message-ID"] or "").strip().strip("<>"),
                            tuple(envelope.rcpt_tos), data)
        with self.lock:
            self.deliveries.append(delivery)
            count = len(self.deliveries)
        if self.on_message is not None:
            self.on_message(delivery, count)
        return "250 OK"

    def __len__(self) -> int:
        with self.lock:
            return len(self.deliveries)

    def snapshot(self) -> list[Delivery]:
        with self.lock:
            return list(self.deliveries)

    def duplicates(self) -> dict[str, int]:
        """Message-IDs received more than once, with their counts."""
        counts = Counter(d.message_id for d in self.snapshot())
        return {mid: n for mid, n in counts.items() if n > 1}

    def settings(self) -> dict[str, Any]:
        """gmbot's smtp section for this server."""
        return {"host": self.host, "port": self.port, "security": "none", "timeout": 10}
