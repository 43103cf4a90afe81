"""Sending through an SMTP relay: STARTTLS or implicit TLS, optional login. One message
per recipient; failures are classified as temporary or permanent by reply code."""

from __future__ import annotations

import contextlib
import smtplib
import ssl
from email.message import EmailMessage
from typing import Any

from gmbot.mail.errors import PermanentFailure, TemporaryFailure


def tls_context(cafile: str | None) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=cafile) if cafile else ssl.create_default_context()


class SmtpTransport:
    def __init__(self, settings: dict[str, Any]) -> None:
        self.host = str(settings.get("host", "localhost"))
        self.security = str(settings.get("security", "starttls"))  # starttls | ssl | none
        default_port = {"ssl": 465, "starttls": 587}.get(self.security, 25)
        self.port = int(settings.get("port", default_port))
        self.username = settings.get("username")
        self.password = settings.get("password")
        self.cafile = settings.get("cafile")
        self.timeout = float(settings.get("timeout", 30))
        self._conn: smtplib.SMTP | None = None

    def _connect(self) -> smtplib.SMTP:
        context = tls_context(self.cafile)
        if self.security == "ssl":
            conn: smtplib.SMTP = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout,
                                                  context=context)
        else:
            conn = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
            if self.security == "starttls":
                conn.starttls(context=context)
        if self.username:
            conn.login(str(self.username), str(self.password or ""))
        return conn

    def send(self, msg: EmailMessage, name: str) -> None:
        recipient = str(msg["To"])
        try:
            if self._conn is None:
                self._conn = self._connect()
            self._conn.send_message(msg, to_addrs=[recipient])
        except smtplib.SMTPRecipientsRefused as e:
            code, text = next(iter(e.recipients.values()))
            self._classify(code, text)
        except smtplib.SMTPResponseException as e:
            self.close()
            self._classify(e.smtp_code, e.smtp_error)
        except (smtplib.SMTPException, OSError) as e:
            self.close()
            raise TemporaryFailure(f"{self.host}:{self.port}: {e}") from None

    @staticmethod
    def _classify(code: int, text: bytes | str) -> None:
        message = text.decode(errors="replace") if isinstance(text, bytes) else str(text)
        if 500 <= code < 600:
            raise PermanentFailure(f"{code} {message}")
        raise TemporaryFailure(f"{code} {message}")

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(smtplib.SMTPException, OSError):
                self._conn.quit()
            self._conn = None
