#!/usr/bin/env python3
"""A tiny SMTP server for gmbot's tests that hands every message to Dovecot over LMTP.

The judge sends mail here (SMTP on loopback); each accepted message is delivered
to Dovecot's LMTP listener, so it lands in the recipients' IMAP mailboxes.

- Recipients are checked against LMTP at RCPT time, so an unknown mailbox gets
  Dovecot's own 550 answer during the SMTP dialogue, as from a real MTA.
- Delivery is one LMTP transaction per recipient: smtplib.LMTP cannot read the
  per-recipient replies LMTP sends after DATA when there are several recipients.
- With --tls-cert/--tls-key it offers STARTTLS; with --users (the directory of
  Dovecot passwd-files, {PLAIN} passwords) it accepts AUTH PLAIN/LOGIN after
  STARTTLS. Neither is required to send.

Run by `scripts/servers start`; needs aiosmtpd (in .venv via scripts/setup).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import smtplib
import ssl
import threading
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session

log = logging.getLogger("smtp-relay")


class LmtpRelay:
    """aiosmtpd handler: verify recipients and deliver messages over LMTP."""

    def __init__(self, lmtp_host: str, lmtp_port: int, timeout: float = 30.0) -> None:
        self.lmtp_host = lmtp_host
        self.lmtp_port = lmtp_port
        self.timeout = timeout

    def _connect(self) -> smtplib.LMTP:
        lmtp = smtplib.LMTP(self.lmtp_host, self.lmtp_port, timeout=self.timeout)
        code, msg = lmtp.ehlo()  # LMTP.ehlo sends LHLO
        if code != 250:
            lmtp.close()
            raise smtplib.SMTPHeloError(code, msg)
        return lmtp

    def _probe(self, mail_from: str, rcpt: str) -> tuple[int, str]:
        """Ask LMTP whether it would accept rcpt; return its reply."""
        try:
            lmtp = self._connect()
        except (OSError, smtplib.SMTPException) as exc:
            return 451, f"4.4.1 LMTP unavailable: {exc}"
        try:
            code, msg = lmtp.mail(mail_from)
            if code >= 400:
                return code, msg.decode(errors="replace")
            code, msg = lmtp.rcpt(rcpt)
            return code, msg.decode(errors="replace")
        except (OSError, smtplib.SMTPException) as exc:
            return 451, f"4.4.1 LMTP error: {exc}"
        finally:
            try:
                lmtp.quit()
            except (OSError, smtplib.SMTPException):
                lmtp.close()

    def _deliver(self, mail_from: str, rcpt: str, content: bytes, utf8: bool) -> tuple[int, str]:
        """Deliver to one recipient in its own LMTP transaction."""
        try:
            lmtp = self._connect()
        except (OSError, smtplib.SMTPException) as exc:
            return 451, f"4.4.1 LMTP unavailable: {exc}"
        try:
            options = ["SMTPUTF8"] if utf8 and lmtp.has_extn("smtputf8") else []
            lmtp.sendmail(mail_from, [rcpt], content, mail_options=options)
            return 250, "2.0.0 delivered"
        except smtplib.SMTPRecipientsRefused as exc:
            code, msg = exc.recipients[rcpt]
            return code, msg.decode(errors="replace")
        except smtplib.SMTPResponseException as exc:
            return exc.smtp_code, exc.smtp_error.decode(errors="replace")
        except (OSError, smtplib.SMTPException) as exc:
            return 451, f"4.4.1 LMTP error: {exc}"
        finally:
            try:
                lmtp.quit()
            except (OSError, smtplib.SMTPException):
                lmtp.close()

    async def handle_RCPT(  # noqa: N802 (aiosmtpd hook name)
        self, server: SMTP, session: Session, envelope: Envelope, address: str, rcpt_options: list
    ) -> str:
        loop = asyncio.get_running_loop()
        code, msg = await loop.run_in_executor(
            None, self._probe, envelope.mail_from or "", address
        )
        if code >= 300:
            log.info("rcpt %s refused: %d %s", address, code, msg)
            return f"{code} {msg}"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(  # noqa: N802 (aiosmtpd hook name)
        self, server: SMTP, session: Session, envelope: Envelope
    ) -> str:
        loop = asyncio.get_running_loop()
        content = envelope.original_content or envelope.content or b""
        if isinstance(content, str):
            content = content.encode("utf-8", "surrogateescape")
        utf8 = "SMTPUTF8" in (envelope.mail_options or [])
        failures: list[tuple[str, int, str]] = []
        for rcpt in envelope.rcpt_tos:
            code, msg = await loop.run_in_executor(
                None, self._deliver, envelope.mail_from or "", rcpt, content, utf8
            )
            if code >= 300:
                failures.append((rcpt, code, msg))
                log.warning("from %s to %s: %d %s", envelope.mail_from, rcpt, code, msg)
            else:
                log.info("from %s to %s: delivered (%d bytes)",
                         envelope.mail_from, rcpt, len(content))
        if failures and len(failures) == len(envelope.rcpt_tos):
            _, code, msg = failures[0]
            return f"{code} {msg}"
        # SMTP has one reply per message: a partial failure is only logged.
        return "250 2.0.0 OK"


class PasswdFileAuthenticator:
    """Accept AUTH with an address and {PLAIN} password from Dovecot's passwd-files:
    one file per user, named by the lowercased address, in a directory."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def _password(self, user: str) -> str | None:
        name = user.lower()
        if not name or "/" in name or name.startswith("."):
            return None
        try:
            lines = (self.directory / name).read_text(encoding="utf-8").splitlines()
        except OSError:
            return None
        for line in lines:
            login, _, rest = line.partition(":")
            if login.lower() == name:
                return rest.split(":", 1)[0].removeprefix("{PLAIN}")
        return None

    def __call__(self, server, session, envelope, mechanism, auth_data) -> AuthResult:
        if not isinstance(auth_data, LoginPassword):
            return AuthResult(success=False, handled=False)
        user = auth_data.login.decode(errors="replace")
        expected = self._password(user)
        ok = expected is not None and auth_data.password.decode(errors="replace") == expected
        return AuthResult(success=ok, handled=False, auth_data=user if ok else None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=10025)
    parser.add_argument("--lmtp-host", default="127.0.0.1")
    parser.add_argument("--lmtp-port", type=int, default=10024)
    parser.add_argument("--pidfile", type=Path)
    parser.add_argument("--tls-cert", type=Path, help="certificate chain for STARTTLS")
    parser.add_argument("--tls-key", type=Path)
    parser.add_argument("--users", type=Path, help="directory of Dovecot passwd-files for AUTH")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd's per-command chatter

    smtp_kwargs: dict = {"server_hostname": "relay.example.test", "enable_SMTPUTF8": True}
    if args.tls_cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        smtp_kwargs.update(tls_context=context, require_starttls=False)
    if args.users:
        smtp_kwargs.update(authenticator=PasswdFileAuthenticator(args.users), auth_require_tls=True)

    controller = Controller(
        LmtpRelay(args.lmtp_host, args.lmtp_port), hostname=args.host, port=args.port, **smtp_kwargs
    )
    controller.start()
    if args.pidfile:
        args.pidfile.write_text(f"{os.getpid()}\n")
    log.info("listening on %s:%d, delivering to LMTP %s:%d",
             args.host, args.port, args.lmtp_host, args.lmtp_port)

    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda *_: stop.set())
    try:
        stop.wait()
    finally:
        controller.stop()
        if args.pidfile:
            args.pidfile.unlink(missing_ok=True)
        log.info("stopped")


if __name__ == "__main__":
    main()
