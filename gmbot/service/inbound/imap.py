"""Use case: read new mail from an IMAP folder. Nothing is fetched twice or skipped: the
highest UID handled is stored per folder with its UIDVALIDITY, advanced only after each
message's transaction committed; a changed UIDVALIDITY starts the folder over (the
Message-ID check makes that safe). A message leaves the folder (or is flagged \\Seen when
there is no processed folder) only once committed.

A server that cannot be reached or drops the connection raises MailboxUnavailable, with
whatever was committed before; `attempts` retries within one poll with a growing delay
(for `gmbot tick`), and Backoff spaces the daemon's polls while the server is down."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import select

from gmbot.config import max_message_bytes
from gmbot.mail.imap import CONNECTION_ERRORS, ImapMailbox
from gmbot.service.app import App
from gmbot.service.inbound.handling import Outcome
from gmbot.service.inbound.record import receive
from gmbot.store.models import MailboxState

log = logging.getLogger("gmbot")

DEFAULT_ATTEMPTS = 3  # per poll in `gmbot tick`
DEFAULT_RETRY_DELAY = 2.0  # seconds before the first retry; doubled each time
DEFAULT_RETRY_MAX = 300.0  # the daemon's longest wait between attempts
IDLE_RESTART = 600.0  # leave and re-enter IDLE this often (RFC 2177: under 29 minutes)


class MailboxUnavailable(Exception):
    """The IMAP server could not be reached, refused us, or dropped the connection."""

    def __init__(self, message: str, outcomes: list[Outcome] | None = None) -> None:
        super().__init__(message)
        self.outcomes = outcomes or []  # mails committed before the failure


@dataclass
class Backoff:
    """Growing delays after consecutive failures: first, 2*first, 4*first... up to limit."""

    first: float = DEFAULT_RETRY_DELAY
    limit: float = DEFAULT_RETRY_MAX
    failures: int = 0

    @classmethod
    def from_settings(cls, settings: dict) -> Backoff:
        first = float(settings.get("retry_delay", DEFAULT_RETRY_DELAY))
        return cls(first=first, limit=max(first, float(settings.get("retry_max",
                                                                   DEFAULT_RETRY_MAX))))

    def failed(self) -> float:
        """Count a failure; the delay before the next attempt."""
        self.failures += 1
        return min(self.first * 2 ** min(self.failures - 1, 30), self.limit)

    def succeeded(self) -> None:
        self.failures = 0


def _state(app: App, account: str) -> tuple[int | None, int]:
    with app.db.transaction() as s:
        row = s.scalars(select(MailboxState).where(MailboxState.account == account)).first()
        return (row.uidvalidity, row.last_uid) if row else (None, 0)


def _save(app: App, account: str, uidvalidity: int, last_uid: int) -> None:
    with app.db.transaction() as s:
        row = s.scalars(select(MailboxState).where(MailboxState.account == account)).first()
        if row is None:
            row = MailboxState(account=account)
            s.add(row)
        row.uidvalidity, row.last_uid = uidvalidity, last_uid


def _describe(box: ImapMailbox, e: BaseException) -> str:
    detail = f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
    return f"IMAP {box.account} unavailable: {detail}"


def poll_imap(app: App, mailbox: ImapMailbox | None = None, *, attempts: int = 1,
              sleep: Callable[[float], None] = time.sleep) -> list[Outcome]:
    """Read and handle the folder's new mail; up to `attempts` connections, the delay
    between them growing from imap.retry_delay."""
    box = mailbox or ImapMailbox(app.config.imap)
    backoff = Backoff.from_settings(app.config.imap)
    outcomes: list[Outcome] = []
    for attempt in range(1, max(1, attempts) + 1):
        try:
            return outcomes + _poll_once(app, box)
        except MailboxUnavailable as e:
            outcomes += e.outcomes
            if attempt >= attempts:
                raise MailboxUnavailable(str(e), outcomes) from e.__cause__
            delay = backoff.failed()
            log.warning("%s; trying again in %g s", e, delay)
            sleep(delay)
    raise AssertionError("unreachable")


def _poll_once(app: App, box: ImapMailbox) -> list[Outcome]:
    outcomes: list[Outcome] = []
    try:
        folder = box.connect()
        known_validity, last_uid = _state(app, box.account)
        if known_validity != folder.uidvalidity:
            if known_validity is not None:
                log.warning("IMAP %s: UIDVALIDITY changed (%s -> %s); reading the folder "
                            "again, mail handled before is recognised by its Message-ID",
                            box.account, known_validity, folder.uidvalidity)
            last_uid = 0  # a new folder generation: read it all again, duplicates are dropped
            _save(app, box.account, folder.uidvalidity, 0)
        # Committed earlier, but the connection broke before they were moved away.
        for uid in box.handled_left_behind(last_uid):
            box.done(uid)
        for uid, raw in box.new_messages(last_uid, max_message_bytes(app.config)):
            outcomes.append(receive(app, raw))
            _save(app, box.account, folder.uidvalidity, uid)
            box.done(uid)
        return outcomes
    except CONNECTION_ERRORS as e:
        raise MailboxUnavailable(_describe(box, e), outcomes) from e
    finally:
        box.close()


@dataclass
class IdleWatcher:
    """A background thread idling on the folder over its own connection: calls `on_mail`
    when the server announces new mail, and after every (re)connection, since mail may
    have arrived while it was away. Reconnects with backoff; gives up quietly (polling
    remains) when the server does not offer IDLE."""

    settings: dict
    on_mail: Callable[[], None]
    stop: threading.Event = field(default_factory=threading.Event)
    restart_every: float = IDLE_RESTART
    offered: bool | None = None  # known after the first connection
    thread: threading.Thread | None = None

    def start(self) -> IdleWatcher:
        self.thread = threading.Thread(target=self.run, name="gmbot-imap-idle", daemon=True)
        self.thread.start()
        return self

    def close(self, timeout: float = 5.0) -> None:
        self.stop.set()
        if self.thread is not None:
            self.thread.join(timeout)

    def run(self) -> None:
        backoff = Backoff.from_settings(self.settings)
        box = ImapMailbox(self.settings)
        while not self.stop.is_set():
            try:
                box.connect(readonly=True)
                self.offered = box.supports_idle()
                if not self.offered:
                    log.info("IMAP %s does not offer IDLE; polling only", box.account)
                    return
                if backoff.failures:
                    log.info("IMAP %s: IDLE connection back", box.account)
                backoff.succeeded()
                self.on_mail()
                while not self.stop.is_set():
                    if box.idle_wait(self.restart_every, self.stop):
                        self.on_mail()
            except Exception as e:  # noqa: BLE001 - the thread must outlive any failure
                if self.stop.is_set():
                    break
                delay = backoff.failed()
                log.warning("%s (IDLE); reconnecting in %g s", _describe(box, e), delay)
                self.stop.wait(delay)
            finally:
                box.close()
