"""Sending through an SMTP relay: STARTTLS or implicit TLS (certificate verified against
`cafile` or the system's CAs), optional login. One message per recipient; failures are
classified as temporary or permanent.

Only a refusal of the message itself is permanent (5xx to MAIL FROM, RCPT TO or DATA):
a server that cannot be reached, refuses the login or the TLS handshake is a problem of
the relay or of the configuration, not of the mail, so the mail stays queued and is
retried with backoff instead of being given up."""

from __future__ import annotations

import contextlib
import smtplib
from email.utils import getaddresses
from typing import Any

from gmbot.mail.compose import WIRE_POLICY, Outgoing, compose
from gmbot.mail.errors import PermanentFailure, TemporaryFailure
from gmbot.mail.imap import security_mode, tls_context
from gmbot.mail.wire import wire_bytes

__all__ = ["SmtpTransport", "tls_context"]


class SmtpTransport:
    def __init__(self, settings: dict[str, Any]) -> None:
        self.host = str(settings.get("host", "localhost"))
        self.security = security_mode(settings.get("security", "starttls"), "smtp")
        default_port = {"ssl": 465, "starttls": 587}.get(self.security, 25)
        self.port = int(settings.get("port") or default_port)
        self.username = settings.get("username")
        self.password = settings.get("password")
        self.cafile = settings.get("cafile")
        self.timeout = float(settings.get("timeout", 30))
        self._conn: smtplib.SMTP | None = None
        # Why the server could not be reached: until close() (the end of a flush) the
        # other mails fail at once instead of each waiting for its own timeout.
        self._unreachable: str | None = None
        # The last failure to connect, kept after close(): `gmbot tick` reports it.
        self.connect_error: str | None = None

    @property
    def server(self) -> str:
        return f"{self.host}:{self.port}"

    def _connect(self) -> smtplib.SMTP:
        context = tls_context(self.cafile)
        if self.security == "ssl":
            conn: smtplib.SMTP = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout,
                                                  context=context)
        else:
            conn = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        try:
            if self.security == "starttls":
                conn.starttls(context=context)
                conn.ehlo()  # the capabilities (AUTH) may differ after the handshake
            if self.username:
                conn.login(str(self.username), str(self.password or ""))
        except BaseException:
            conn.close()
            raise
        return conn

    def _open(self) -> smtplib.SMTP:
        """The connection, opened now if needed; a failure here is never the mail's."""
        if self._unreachable:
            raise TemporaryFailure(self._unreachable)
        if self._conn is None:
            try:
                self._conn = self._connect()
            except (smtplib.SMTPException, OSError) as e:
                self._unreachable = self.connect_error = f"{self.server}: {_describe(e)}"
                raise TemporaryFailure(self._unreachable) from None
            self.connect_error = None
        return self._conn

    def send(self, out: Outgoing, name: str) -> None:
        """Send one mail, the bytes the Maildir outbox would hold (wire_bytes): what
        smtplib's send_message would send, without building it with the email package."""
        sender = out.envelope or getaddresses([out.sender])[0][1]
        data = wire_bytes(out) if (sender + out.recipient).isascii() else None
        self._send(out, sender, data)

    def _send(self, out: Outgoing, sender: str, data: bytes | None) -> None:
        reused = self._conn is not None
        conn = self._open()
        try:
            if data is None:  # an address needs SMTPUTF8: the email package writes it so
                msg = compose(out)
                conn.sendmail(sender, [out.recipient],
                              out.head + msg.as_bytes(policy=WIRE_POLICY.clone(utf8=True)),
                              mail_options=["SMTPUTF8", "BODY=8BITMIME"])
            else:
                conn.sendmail(sender, [out.recipient], data)
        except smtplib.SMTPServerDisconnected:
            self.close()
            if not reused:
                raise TemporaryFailure(f"{self.server}: connection closed") from None
            # The server dropped a connection kept from an earlier mail: one fresh try.
            self._send(out, sender, data)
        except smtplib.SMTPRecipientsRefused as e:
            code, text = next(iter(e.recipients.values()))
            self._classify(code, text)
        except smtplib.SMTPResponseException as e:
            self.close()
            self._classify(e.smtp_code, e.smtp_error)
        except (smtplib.SMTPException, OSError) as e:
            self.close()
            raise TemporaryFailure(f"{self.server}: {_describe(e)}") from None

    @staticmethod
    def _classify(code: int, text: bytes | str) -> None:
        message = text.decode(errors="replace") if isinstance(text, bytes) else str(text)
        if 500 <= code < 600:
            raise PermanentFailure(f"{code} {message}")
        raise TemporaryFailure(f"{code} {message}")

    def close(self) -> None:
        self._unreachable = None
        if self._conn is not None:
            conn, self._conn = self._conn, None
            try:
                conn.quit()
            except (smtplib.SMTPException, OSError):
                with contextlib.suppress(OSError):
                    conn.close()


def _describe(e: BaseException) -> str:
    if isinstance(e, smtplib.SMTPResponseException):
        text = e.smtp_error.decode(errors="replace") if isinstance(e.smtp_error, bytes) \
            else str(e.smtp_error)
        return f"{type(e).__name__} {e.smtp_code} {text}"
    return f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
