"""Opening the database: engine, sessions, one transaction per use case, and migrations
applied automatically on start (a fresh database is created at head)."""

from __future__ import annotations

import fcntl
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, inspect, text
from sqlalchemy.engine import Connection, Dialect, Engine
from sqlalchemy.orm import Session, sessionmaker

from gmbot.store.migration_folder import migrations_folder
from gmbot.store.revision import HEAD_REVISION

__all__ = ["HEAD_REVISION", "MIGRATIONS", "Database", "open_database"]

MIGRATIONS = migrations_folder()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # The driver's own transaction handling is off (it would begin a transaction only at
    # the first write, after the reads it depends on): _sqlite_begin below begins them.
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    # The busy timeout first: switching a new database to WAL takes its lock, and processes
    # starting at once on it would otherwise fail with "database is locked" at once.
    cur.execute("PRAGMA busy_timeout=30000")
    # WAL lets the daemon read while a CLI command writes; FULL makes each commit durable
    # before gmbot acknowledges the mail that caused it.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _sqlite_begin(conn: Any) -> None:
    # IMMEDIATE: a transaction holds the write lock from its start, so processes sharing
    # the file (the daemon and `gmbot ingest`, overlapping cron ticks) run their use cases
    # one after the other: none decides on rows another changes under it, and none fails
    # with "database is locked" on turning a read into a write. Readers of the WAL are
    # not blocked.
    conn.exec_driver_sql("BEGIN IMMEDIATE")


def _plain_savepoints(dialect: Dialect) -> None:
    """SAVEPOINT, RELEASE and ROLLBACK TO as plain SQL. SQLAlchemy compiles its savepoint
    clauses anew every time (they are kept out of its statement cache), which cost more
    than any other statement of an inbound mail, handled in a savepoint of its own."""
    quote = dialect.identifier_preparer.quote

    def savepoint(conn: Connection, name: str) -> None:
        conn.exec_driver_sql(f"SAVEPOINT {quote(name)}")

    def release(conn: Connection, name: str) -> None:
        conn.exec_driver_sql(f"RELEASE SAVEPOINT {quote(name)}")

    def rollback_to(conn: Connection, name: str) -> None:
        conn.exec_driver_sql(f"ROLLBACK TO SAVEPOINT {quote(name)}")

    # On this engine's dialect object only; the SQL is what SQLAlchemy's compiler writes.
    # Set on the instance, so called without self: mypy sees a method of another shape.
    dialect.do_savepoint = savepoint  # type: ignore[assignment]
    dialect.do_release_savepoint = release  # type: ignore[assignment]
    dialect.do_rollback_to_savepoint = rollback_to  # type: ignore[assignment]


# PostgreSQL: the advisory lock key that serialises migrations between processes
# starting at once on one database.
MIGRATION_LOCK = 0x676D626F74  # "gmbot"


class Database:
    def __init__(self, url: str) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        self.sqlite_file: Path | None = None  # None: PostgreSQL, or SQLite in memory
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            path = url.split("///", 1)[-1]
            if path and path != ":memory:":
                self.sqlite_file = Path(path)
                self.sqlite_file.parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = create_engine(url, **kwargs)
        _plain_savepoints(self.engine.dialect)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
            event.listen(self.engine, "begin", _sqlite_begin)
        else:
            from gmbot.store.models import raw_kept_where

            raw_kept_where(self.engine.dialect.name)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One unit of work: committed when the block ends, rolled back if it raises."""
        with self.sessions() as session, session.begin():
            yield session

    @contextmanager
    def exclusive(self, name: str, wait: float) -> Iterator[bool]:
        """SQLite: a lock shared by every process using this database file (flock on
        FILE.NAME.lock), released when the block ends or when the process dies, however
        it dies. Yields whether it was had within `wait` seconds. PostgreSQL: yields True
        at once (its callers lock rows instead: other hosts may share the database)."""
        if self.sqlite_file is None:
            yield True
            return
        with open(f"{self.sqlite_file}.{name}.lock", "ab") as handle:
            give_up = time.monotonic() + wait
            while True:
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= give_up:
                        yield False
                        return
                    time.sleep(0.02)
            try:
                yield True
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)

    def current_revision(self) -> str | None:
        with self.engine.connect() as conn:
            if not inspect(conn).has_table("alembic_version"):
                return None
            return conn.execute(text("select version_num from alembic_version")).scalar()

    def upgrade(self) -> None:
        """Bring the schema to head; cheap when it already is there."""
        if self.current_revision() == HEAD_REVISION:
            return
        from alembic import command
        from alembic.config import Config as AlembicConfig

        cfg = AlembicConfig()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        cfg.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as conn:
            if not self.is_sqlite:
                # A second process starting now waits here, then finds the schema at head.
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                             {"key": MIGRATION_LOCK})
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def dispose(self) -> None:
        self.engine.dispose()


def open_database(url: str) -> Database:
    db = Database(url)
    db.upgrade()
    return db
