"""Shared pytest fixtures for gmbot's tests.

Sections (add new fixtures under a heading of their own):

1. Real test servers -- the private Dovecot (IMAP + LMTP), SMTP relay and
   PostgreSQL that `scripts/servers start` runs on loopback. Their addresses come
   from the environment (`eval "$(scripts/servers env)"`; `scripts/test` does it).
   Tests that use them are skipped when the variables are absent, unless
   GMBOT_TEST_REQUIRE_SERVERS=1 (set by .ci/run), in which case they fail.
2. The database under test -- SQLite by default; a fresh PostgreSQL database per
   test with GMBOT_TEST_DATABASE_URL (see tests/dbkit.py). Tests that use the store
   are marked `store` (by directory, below); `scripts/test` runs them a second time
   on PostgreSQL.
3. A real browser -- headless Chromium through Selenium (tests/browserkit.py), for what
   a person sees of an HTML mail or a web page. Skipped without Chromium, unless
   GMBOT_TEST_REQUIRE_SERVERS=1 (CI installs it), in which case it fails.
"""

from __future__ import annotations

import email
import email.policy
import fcntl
import os
import signal
import smtplib
import socket
import ssl
import subprocess
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import pytest
from hypothesis import settings

# A test never times anything (CONTRIBUTING.md): Hypothesis's 200 ms an example is a timed
# assertion, which a loaded CI machine failed (test_weekly_property, 3 Dec 2026).
settings.register_profile("gmbot", deadline=None)
settings.load_profile("gmbot")

if TYPE_CHECKING:
    from imapclient import IMAPClient

    from tests.browserkit import Browser
    from tests.dbkit import PgDatabases

# --------------------------------------------------------------------------
# 1. Real test servers
# --------------------------------------------------------------------------

REPO = Path(__file__).resolve().parents[1]
SERVERS_HINT = "start them with `bash scripts/servers start` and `eval \"$(scripts/servers env)\"`"


def _servers_unavailable(reason: str) -> NoReturn:
    """Skip the test, or fail it when the servers are required (CI)."""
    if os.environ.get("GMBOT_TEST_REQUIRE_SERVERS") == "1":
        pytest.fail(f"{reason} but GMBOT_TEST_REQUIRE_SERVERS=1", pytrace=False)
    pytest.skip(f"{reason}; {SERVERS_HINT}")


@dataclass(frozen=True)
class MailServers:
    """The private Dovecot and SMTP relay, and helpers to use them as a mail user would."""

    host: str
    imap_port: int  # plain IMAP with STARTTLS
    imap_tls_port: int  # implicit TLS
    cafile: str
    lmtp_port: int
    smtp_port: int | None  # the relay into LMTP; None when it is not running
    servers_dir: Path
    domain: str = "example.test"
    password: str = "secret"

    @classmethod
    def from_env(cls) -> MailServers | None:
        env = os.environ
        needed = ("GMBOT_TEST_IMAP_PORT", "GMBOT_TEST_IMAP_CAFILE", "GMBOT_TEST_LMTP_PORT",
                  "GMBOT_TEST_SERVERS_DIR")
        if not all(env.get(name) for name in needed):
            return None
        smtp_port = env.get("GMBOT_TEST_SMTP_PORT")
        return cls(
            host=env.get("GMBOT_TEST_IMAP_HOST", "127.0.0.1"),
            imap_port=int(env["GMBOT_TEST_IMAP_PORT"]),
            imap_tls_port=int(env.get("GMBOT_TEST_IMAP_TLS_PORT", "0")),
            cafile=env["GMBOT_TEST_IMAP_CAFILE"],
            lmtp_port=int(env["GMBOT_TEST_LMTP_PORT"]),
            smtp_port=int(smtp_port) if smtp_port else None,
            servers_dir=Path(env["GMBOT_TEST_SERVERS_DIR"]),
            domain=env.get("GMBOT_TEST_MAIL_DOMAIN", "example.test"),
            password=env.get("GMBOT_TEST_MAIL_PASSWORD", "secret"),
        )

    # -- addresses and users ------------------------------------------------

    def address(self, local: str) -> str:
        """'player1' -> 'player1@example.test' (full addresses pass through)."""
        return local if "@" in local else f"{local}@{self.domain}"

    @property
    def users_dir(self) -> Path:
        """Dovecot's passwd-files: one per user, named by the lowercased address."""
        return self.servers_dir / "dovecot" / "users.d"

    def add_user(self, local: str, password: str | None = None) -> str:
        """Add (or reset) a mailbox user; Dovecot sees it at once. Returns the address."""
        addr = self.address(local).lower()
        if "/" in addr or ":" in addr or addr.startswith("."):
            raise ValueError(f"bad mail user {addr!r}")
        tmp = self.users_dir / f".{addr}.{uuid.uuid4().hex}.tmp"
        tmp.write_text(f"{addr}:{{PLAIN}}{password or self.password}::::::\n", encoding="utf-8")
        tmp.chmod(0o644)
        tmp.replace(self.users_dir / addr)
        return addr

    def new_user(self, prefix: str = "user") -> str:
        """A fresh mailbox with an empty INBOX, so tests need not share mailboxes."""
        return self.add_user(f"{prefix}-{uuid.uuid4().hex[:12]}")

    # -- IMAP -----------------------------------------------------------------

    def ssl_context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=self.cafile)

    def imap(self, user: str, password: str | None = None, *,
             implicit_tls: bool = False) -> IMAPClient:
        """A logged-in IMAPClient (STARTTLS, or implicit TLS); use it as a context manager."""
        from imapclient import IMAPClient

        if implicit_tls:
            client = IMAPClient(self.host, port=self.imap_tls_port, ssl=True,
                                ssl_context=self.ssl_context(), timeout=30)
        else:
            client = IMAPClient(self.host, port=self.imap_port, ssl=False, timeout=30)
            client.starttls(self.ssl_context())
        client.login(self.address(user), password or self.password)
        return client

    def fetch_messages(
        self,
        user: str,
        criteria: Sequence[str] | str = "ALL",
        *,
        folder: str = "INBOX",
        password: str | None = None,
        min_count: int = 0,
        timeout: float = 10.0,
    ) -> list[EmailMessage]:
        """The messages in user's folder matching an IMAP SEARCH, oldest first.

        With min_count, poll until that many match or timeout passes (for mail
        that something else delivers in the background).
        """
        deadline = time.monotonic() + timeout
        with self.imap(user, password) as client:
            while True:
                client.select_folder(folder, readonly=True)
                uids = sorted(client.search(criteria))
                if len(uids) >= min_count or time.monotonic() >= deadline:
                    break
                time.sleep(0.1)
            fetched = client.fetch(uids, ["RFC822"]) if uids else {}
        return [
            email.message_from_bytes(fetched[uid][b"RFC822"], policy=email.policy.default)
            for uid in uids
        ]

    # -- delivery -------------------------------------------------------------

    def deliver_lmtp(self, message: EmailMessage | bytes, to: Sequence[str] | str,
                     mail_from: str = "") -> None:
        """Deliver straight into mailboxes over LMTP, one transaction per recipient
        (smtplib.LMTP misreads LMTP's per-recipient replies otherwise)."""
        data = message.as_bytes() if isinstance(message, EmailMessage) else message
        for rcpt in [to] if isinstance(to, str) else to:
            with smtplib.LMTP(self.host, self.lmtp_port, timeout=30) as lmtp:
                lmtp.sendmail(mail_from, [self.address(rcpt)], data)

    def send_smtp(self, message: EmailMessage | bytes, to: Sequence[str] | str,
                  mail_from: str = "") -> None:
        """Send through the SMTP relay, the way the judge's outgoing mail travels."""
        if self.smtp_port is None:
            _servers_unavailable("GMBOT_TEST_SMTP_PORT is not set (SMTP relay not running)")
        data = message.as_bytes() if isinstance(message, EmailMessage) else message
        rcpts = [self.address(r) for r in ([to] if isinstance(to, str) else to)]
        with smtplib.SMTP(self.host, self.smtp_port, timeout=30) as smtp:
            smtp.sendmail(mail_from, rcpts, data)

    # -- stopping and starting Dovecot ------------------------------------------
    # Every test that uses Dovecot sees the outage: keep it short, and restart in a
    # `finally` (other test runs on the same servers may notice it too).

    def _dovecot_pid(self) -> int | None:
        try:
            text = (self.servers_dir / "dovecot" / "run" / "master.pid").read_text()
        except OSError:
            return None
        digits = "".join(ch for ch in text.split("\n", 1)[0] if ch.isdigit())
        return int(digits) if digits else None

    @staticmethod
    def _alive(pid: int) -> bool:
        """Running and not a zombie (killed daemons linger as zombies in containers)."""
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return False
        return stat.rsplit(")", 1)[-1].split()[0] not in ("Z", "X")

    def _port_open(self, port: int) -> bool:
        try:
            with socket.create_connection((self.host, port), timeout=1):
                return True
        except OSError:
            return False

    def stop_dovecot(self, timeout: float = 20.0) -> None:
        """Stop the private Dovecot: IMAP and LMTP refuse connections until start_dovecot."""
        pid = self._dovecot_pid()
        if pid is not None and self._alive(pid):
            os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        ports = [p for p in (self.imap_port, self.imap_tls_port, self.lmtp_port) if p]
        while time.monotonic() < deadline:
            if not (pid and self._alive(pid)) and not any(self._port_open(p) for p in ports):
                return
            time.sleep(0.05)
        raise RuntimeError(f"dovecot (pid {pid}) did not stop within {timeout} s")

    def start_dovecot(self) -> None:
        """Start it again (`scripts/servers start` leaves what already runs alone)."""
        env = {**os.environ, "GMBOT_SERVERS_DIR": str(self.servers_dir)}
        subprocess.run(["bash", str(REPO / "scripts" / "servers"), "start"], env=env,
                       check=True, stdout=subprocess.DEVNULL, timeout=120)

    def restart_dovecot(self) -> None:
        self.stop_dovecot()
        self.start_dovecot()


@pytest.fixture(scope="session")
def mail_servers() -> MailServers:
    """The private Dovecot (IMAP/LMTP) and SMTP relay; skips when not running."""
    servers = MailServers.from_env()
    if servers is None:
        _servers_unavailable("GMBOT_TEST_IMAP_PORT etc. are not set (no test Dovecot)")
    return servers


@pytest.fixture(autouse=True)
def _dovecot_turns(request: pytest.FixtureRequest) -> Iterator[None]:
    """Tests that stop Dovecot (they ask for `dovecot_outage`) run alone; every other test
    that uses it waits for them, in this run's other xdist workers and in other runs on the
    same servers. A readers-writer lock of two files: an outage takes `gate` (so no new test
    starts), then waits for the running ones to leave `uses`."""
    names = request.fixturenames
    servers = MailServers.from_env() if "mail_servers" in names else None
    if servers is None:
        yield
        return
    locks = servers.servers_dir / "dovecot"
    outage = "dovecot_outage" in names
    with open(locks / "turns.gate", "a") as gate, open(locks / "turns.uses", "a") as uses:
        fcntl.flock(gate, fcntl.LOCK_EX)
        fcntl.flock(uses, fcntl.LOCK_EX if outage else fcntl.LOCK_SH)
        if not outage:
            fcntl.flock(gate, fcntl.LOCK_UN)
        yield  # the files close, and their locks go, after the test


@pytest.fixture
def dovecot_outage(mail_servers: MailServers) -> MailServers:
    """mail_servers for a test that stops or restarts Dovecot: no other test uses it
    meanwhile (see _dovecot_turns)."""
    return mail_servers


@pytest.fixture
def mail_user(mail_servers: MailServers) -> str:
    """A fresh mailbox address (password: mail_servers.password) for one test."""
    return mail_servers.new_user()


@pytest.fixture(scope="session")
def smtp_relay_port(mail_servers: MailServers) -> int:
    """The relay's SMTP port on mail_servers.host; skips when it is not running."""
    if mail_servers.smtp_port is None:
        _servers_unavailable("GMBOT_TEST_SMTP_PORT is not set (SMTP relay not running)")
    return mail_servers.smtp_port


@pytest.fixture(scope="session")
def pg_url() -> str:
    """SQLAlchemy URL of the test PostgreSQL database (its role may CREATE DATABASE)."""
    url = os.environ.get("GMBOT_TEST_PG_URL")
    if not url:
        _servers_unavailable("GMBOT_TEST_PG_URL is not set (no test PostgreSQL)")
    return url


# --------------------------------------------------------------------------
# 2. The database under test
# --------------------------------------------------------------------------

def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "store: the test uses gmbot's database")
    config.addinivalue_line("markers", "dialect(*modules): a store test whose outcome can "
                            "depend on the database, run again on PostgreSQL by scripts/test; "
                            "it names the modules that build SQL it tries (tests/dialectkit.py)")


if os.environ.get("GMBOT_TEST_DIALECT_CHECK") == "1":
    from tests import dialectkit

    dialectkit.install_check()

    @pytest.fixture(scope="module", autouse=True)
    def _dialect_claims_ran(request: pytest.FixtureRequest) -> Iterator[None]:
        """With GMBOT_TEST_DIALECT_CHECK=1: the modules a test module's `dialect` mark
        names ran while its tests did."""
        dialectkit.ran.clear()
        yield
        name = request.module.__name__
        dialectkit.ran_by_test_module[name] = set(dialectkit.ran)
        mark = request.node.get_closest_marker("dialect")
        tried = request.node.nodeid in dialectkit.tried
        missing = sorted(set(mark.args if mark and tried else ()) - dialectkit.ran)
        if missing:
            pytest.fail(f"{name} is marked dialect for {missing}, but ran none of their "
                        "functions", pytrace=False)

    def pytest_runtest_logreport(report: pytest.TestReport) -> None:
        if report.when == "call" and not report.skipped:
            dialectkit.tried.add(report.nodeid.split("::", 1)[0])


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from tests.dialectkit import is_store_test

    for item in items:
        if is_store_test(Path(item.path)) or item.get_closest_marker("dialect"):
            item.add_marker(pytest.mark.store)


def pytest_report_header(config: pytest.Config) -> str:
    from tests.dbkit import describe, requested_url

    return f"database for store tests: {describe(requested_url())}"


@pytest.fixture(scope="session")
def pg_databases() -> Iterator[PgDatabases | None]:
    """Creates per-test PostgreSQL databases when GMBOT_TEST_DATABASE_URL asks for them."""
    from tests.dbkit import PgDatabases, requested_url

    url = requested_url()
    if url is None:
        yield None
        return
    dbs = PgDatabases(url)
    try:
        yield dbs
    finally:
        dbs.close()


@pytest.fixture(scope="session")
def sqlite_at_head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database migrated to head once per session (per xdist worker), that the
    test helpers copy into each home they make (tests/dbkit.py, seed_home)."""
    from tests.dbkit import make_sqlite_at_head

    return make_sqlite_at_head(tmp_path_factory.mktemp("at-head") / "gmbot.sqlite")


@pytest.fixture(autouse=True)
def _store_database(request: pytest.FixtureRequest,
                    monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """On PostgreSQL runs: a database at head of its own for each `store` test, seen by
    open_app (and gmbot subprocesses) as GMBOT_DATABASE_URL. On SQLite runs: the homes the
    test helpers make start with a copy of `sqlite_at_head`."""
    from tests.dbkit import SQLITE_AT_HEAD

    monkeypatch.delenv("GMBOT_DATABASE_URL", raising=False)
    monkeypatch.delenv(SQLITE_AT_HEAD, raising=False)
    if not request.node.get_closest_marker("store"):
        yield
        return
    dbs = request.getfixturevalue("pg_databases")
    if dbs is None:
        monkeypatch.setenv(SQLITE_AT_HEAD, str(request.getfixturevalue("sqlite_at_head")))
        yield
        return
    name = dbs.at_head()
    monkeypatch.setenv("GMBOT_DATABASE_URL", dbs.url_of(name))
    try:
        yield
    finally:
        dbs.drop_later(name)


@pytest.fixture
def empty_database_url(pg_databases: PgDatabases | None, tmp_path: Path) -> Iterator[str]:
    """A database without any schema: SQLite in tmp_path, or a new PostgreSQL database."""
    if pg_databases is None:
        yield f"sqlite:///{tmp_path / 'empty.sqlite'}"
        return
    name = pg_databases.create()
    try:
        yield pg_databases.url_of(name)
    finally:
        pg_databases.drop(name)


# --------------------------------------------------------------------------
# 3. A real browser
# --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium, one per test module (starting it takes a second)."""
    from tests import browserkit

    reason = browserkit.available()
    if reason is not None:
        _servers_unavailable(reason)
    yield from browserkit.browser_session()
