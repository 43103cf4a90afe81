"""Helpers for end-to-end tests on the real test servers: a judge whose mail comes from its
own IMAP mailbox in the private Dovecot and goes out through the SMTP relay, with a clock
the test moves (deadlines, backoff, rate windows), and players who are real mailboxes.

Every game gets fresh users (judge, GM, one per power), so tests never see each other's
mail. Players' mail reaches the judge's mailbox over LMTP (as from a local MTA) or through
the SMTP relay; what the judge sends is read back over IMAP from each player's mailbox."""

from __future__ import annotations

import contextlib
import socket
import threading
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from gmbot.daemon.loop import TickReport, tick
from gmbot.engine.map import load_map
from gmbot.mail.smtp import SmtpTransport
from gmbot.service.app import App, open_app
from gmbot.service.gm.load import load_game
from gmbot.service.outbox.delivery import flush
from tests.authkit import CONFIG as TRUST_MX
from tests.authkit import stamp
from tests.dbkit import seed_home
from tests.loop.judgekit import POWERS, Clock

if TYPE_CHECKING:
    from tests.conftest import MailServers

PROCESSED = "gmbot-processed"

# The map's starting units, per power.
START = {k: list(p.units) for k, p in load_map("standard").powers.items()}


@dataclass
class MailGame:
    servers: MailServers
    home: Path
    clock: Clock
    app: App
    judge: str
    gm: str
    players: dict[str, str]  # power -> address
    settings: dict[str, Any] = field(default_factory=dict)

    def address(self, who: str) -> str:
        """A power's address, "gm", "judge", or an address as is."""
        if who in self.players:
            return self.players[who]
        return {"gm": self.gm, "judge": self.judge}.get(who, who)

    def message(self, sender: str, body: str, subject: str = "orders",
                headers: dict[str, str] | None = None) -> EmailMessage:
        """A player's mail as the judge's trusted MX hands it on (see tests/authkit.py):
        its DMARC verdict on top, unless `headers` give an Authentication-Results."""
        msg = EmailMessage()
        msg["From"] = self.address(sender)
        msg["To"] = self.judge
        msg["Subject"] = subject
        msg["Date"] = format_datetime(self.clock())
        msg["Message-ID"] = make_msgid(domain=self.servers.domain)
        for name, value in (headers or {}).items():
            msg[name] = value
        msg.set_content(body)
        if "Authentication-Results" not in msg:
            (_, verdict), = (line.split(": ", 1) for line in
                             [stamp(b"From: " + msg["From"].encode() + b"\n\n")
                              .decode().split("\n", 1)[0]])
            msg["Authentication-Results"] = verdict
        return msg

    def mail_in(self, sender: str, body: str, subject: str = "orders", *, via: str = "lmtp",
                headers: dict[str, str] | None = None, mail_from: str | None = None
                ) -> EmailMessage:
        """A mail to the judge's mailbox, delivered over LMTP or through the SMTP relay."""
        msg = self.message(sender, body, subject, headers)
        self.deliver(msg, via=via, mail_from=self.address(sender) if mail_from is None
                     else mail_from)
        return msg

    def deliver(self, msg: EmailMessage | bytes, *, via: str = "lmtp", mail_from: str = "") -> None:
        if via == "smtp":
            self.servers.send_smtp(msg, self.judge, mail_from=mail_from)
        else:
            self.servers.deliver_lmtp(msg, self.judge, mail_from=mail_from)

    def tick(self) -> TickReport:
        return tick(self.app)

    def mailbox(self, who: str, criteria: Any = "ALL", *, min_count: int = 0,
                folder: str = "INBOX", timeout: float = 10.0) -> list[EmailMessage]:
        """The mail in someone's mailbox, read over IMAP, oldest first."""
        return self.servers.fetch_messages(self.address(who), criteria, folder=folder,
                                           min_count=min_count, timeout=timeout)

    def count(self, who: str, folder: str = "INBOX") -> int:
        with self.servers.imap(self.address(who)) as client:
            return int(client.folder_status(folder, ["MESSAGES"])[b"MESSAGES"])

    def reopen(self) -> None:
        """A restart of gmbot: a new process on the same home directory."""
        self.app.db.dispose()
        self.app = open_app(self.home)
        self.app.clock = self.clock


def game_text(name: str, gm: str, judge: str, players: dict[str, str], extra: str = "") -> str:
    rows = "\n".join(f"  - {{address: {a}, power: {p}}}" for p, a in players.items())
    return f"""name: {name}
variant: standard
gm: {gm}
judge: {judge}
players:
{rows}
deadlines:
  timezone: UTC
  movement: 48h
  retreat: 24h
  adjustment: 24h
  reminders: [24h, 4h]
  early: true
{extra}"""


def make_mail_game(tmp_path: Path, servers: MailServers, *, imap: dict[str, Any] | None = None,
                   smtp: dict[str, Any] | None = None, limits: dict[str, Any] | None = None,
                   implicit_tls: bool = False, smtp_login: bool = False, name: str = "g",
                   extra: str = "", clock: Clock | None = None,
                   home_config: str = "") -> MailGame:
    """A judge configured for the real servers: IMAP with TLS verified against the test
    CA (STARTTLS, or implicit TLS), SMTP through the loopback relay; `home_config`: more
    of gmbot.yaml (YAML text)."""
    judge = servers.new_user("judge")
    gm = servers.new_user("gm")
    players = {p: servers.new_user(p.lower()) for p in POWERS}
    home = tmp_path / "home"
    home.mkdir(parents=True)
    imap_settings = {
        "host": servers.host,
        "port": servers.imap_tls_port if implicit_tls else servers.imap_port,
        "security": "ssl" if implicit_tls else "starttls",
        "cafile": servers.cafile,
        "username": judge,
        "password": servers.password,
        "folder": "INBOX",
        "processed_folder": PROCESSED,
        "timeout": 10,
        "retries": 2,
        "retry_delay": 0.05,
        **(imap or {}),
    }
    smtp_settings: dict[str, Any] = {"host": servers.host, "port": servers.smtp_port,
                                     "security": "none", "timeout": 10}
    if smtp_login:  # the relay takes the mailbox's own login, after STARTTLS only
        smtp_settings.update(security="starttls", cafile=servers.cafile, username=judge,
                             password=servers.password)
    smtp_settings.update(smtp or {})
    config = {"inbound": "imap", "outbound": "smtp", "poll_interval": 5,
              "imap": imap_settings, "smtp": smtp_settings, "limits": limits or {}}
    (home / "gmbot.yaml").write_text(yaml.safe_dump(config) + TRUST_MX + home_config,
                                     encoding="utf-8")
    clock = clock or Clock()
    seed_home(home)
    app = open_app(home)
    app.clock = clock
    game_file = tmp_path / "game.yaml"
    game_file.write_text(game_text(name, gm, judge, players, extra), encoding="utf-8")
    load_game(app, game_file)
    game = MailGame(servers=servers, home=home, clock=clock, app=app, judge=judge, gm=gm,
                    players=players, settings=config)
    # The welcome mails go out through the test relay, whatever the judge's own settings
    # (some tests start with a broken relay or certificate), and each reads his and
    # deletes it: the tests count the game's mail that follows.
    sent = flush(app, SmtpTransport({"host": servers.host, "port": servers.smtp_port,
                                     "security": "none", "timeout": 10}))
    assert sent == len(players) + 1
    for who in [gm, *players.values()]:
        game.mailbox(who, min_count=1)
        with servers.imap(who) as client:
            client.select_folder("INBOX")
            client.delete_messages(client.search("ALL"))
            client.expunge()
    return game


def text(msg: EmailMessage) -> str:
    """The text part (results mails also carry an HTML part with the map)."""
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None, "the mail has no text part"
    return str(part.get_content())


def free_port(host: str = "127.0.0.1") -> int:
    """A loopback port nothing listens on (for an outage: connections are refused)."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


class Forwarder:
    """A TCP forwarder from a local port to a server: started, the port works; stopped,
    connections are refused, as when a relay is down."""

    def __init__(self, port: int, target: tuple[str, int], host: str = "127.0.0.1") -> None:
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind((host, port))
        self.listener.listen(16)
        self.target = target
        self.connections = 0
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # closed
            self.connections += 1
            try:
                server = socket.create_connection(self.target, timeout=10)
            except OSError:
                client.close()
                continue
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()

    def close(self) -> None:
        # shutdown() first: a bare close() leaves the socket listening while the accept
        # thread still blocks in it.
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        self.thread.join(5)
