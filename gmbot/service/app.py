"""The application context handed to every use case: configuration, database, clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from gmbot.config import Config, load_config
from gmbot.mail.auth import SenderCheck
from gmbot.service.deadline import wakeups  # noqa: F401  (registers the hook that keeps wake_at)
from gmbot.service.outbox.heads import HEADS, Heads
from gmbot.store.db import Database, open_database


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass
class App:
    config: Config
    db: Database
    clock: Callable[[], datetime] = field(default=utcnow)
    # How mail authors are proven; tests replace its DKIM key lookup with their own.
    sender_check: SenderCheck = field(default_factory=SenderCheck)
    # What the home adds to its mail: the DKIM key, the return paths (outbox/heads.py).
    heads: Heads = field(default_factory=Heads)

    def now(self) -> datetime:
        return self.clock()


def open_app(home: str | Path | None = None, config_file: str | Path | None = None) -> App:
    config = load_config(home, config_file)
    for folder in (config.inbox, config.outbox):
        for sub in ("new", "cur", "tmp"):
            (folder / sub).mkdir(parents=True, exist_ok=True)
    config.logs.mkdir(parents=True, exist_ok=True)
    db = open_database(config.database_url)
    # Every mail queued in this home's transactions gets its heads (signature) there.
    heads = Heads.of(config)
    db.sessions.configure(info={HEADS: heads})
    return App(config=config, db=db, heads=heads,
               sender_check=SenderCheck(trusted_ids=config.trusted_authserv_ids,
                                        arc_forwarders=config.arc_forwarders))
