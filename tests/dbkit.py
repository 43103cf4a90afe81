"""The database a test's judge uses.

By default every test that uses the store gets SQLite in its own home directory (the
default of `open_app`). With GMBOT_TEST_DATABASE_URL set to a PostgreSQL URL whose role
may CREATE DATABASE (`scripts/test` runs the store tests a second time that way, with
GMBOT_TEST_PG_URL), each such test gets a database of its own, created from a template
that is migrated to head once per session, handed to the test as GMBOT_DATABASE_URL (so
`open_app` and every gmbot process the test starts use it) and dropped afterwards. The
next test's copy is made, and the last one dropped, in a thread while a test runs: the
server's work overlaps the test's instead of adding to it.

On SQLite the homes the test helpers make (tests/loop/judgekit.py and the other kits) start
with a copy of one database migrated once per session (`seed_home`), as on PostgreSQL:
running every migration for each of thousands of homes was the largest cost of the store
tests. Migrating an empty database is tested where that is the point (tests/test_store.py,
tests/crash/test_kill_start.py) and by every home a test makes without these helpers.
"""

from __future__ import annotations

import os
import shutil
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

ENV = "GMBOT_TEST_DATABASE_URL"
PREFIX = "gmbot_t_"  # every database made here: gmbot_t_<pid>_<random>
# Set by tests/conftest.py for store tests on SQLite: the database at head to copy.
SQLITE_AT_HEAD = "GMBOT_TEST_SQLITE_AT_HEAD"


def requested_url() -> str | None:
    """The PostgreSQL server to create test databases on, if the run asks for one."""
    return os.environ.get(ENV) or None


def describe(url: str | None) -> str:
    if not url:
        return "SQLite (a file in each test's home directory)"
    shown = make_url(url).render_as_string(hide_password=True)
    return f"PostgreSQL (a fresh database per test on {shown})"


def make_sqlite_at_head(path: Path) -> Path:
    """Migrate a new SQLite database at `path` to head, once per session."""
    from gmbot.store.db import open_database

    open_database(f"sqlite:///{path}").dispose()
    # Closing the last connection checkpoints the WAL into the file: the file is all of it.
    leftovers = [p for p in (Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists()]
    if leftovers:
        raise RuntimeError(f"{path}: {leftovers} left after closing; the copy would be torn")
    return path


def seed_home(home: Path) -> None:
    """Give a new home a copy of the session's SQLite database at head, where the home
    would use its own SQLite file and a store test asked for it (SQLITE_AT_HEAD)."""
    from gmbot.config import load_config

    template = os.environ.get(SQLITE_AT_HEAD)
    target = home / "gmbot.sqlite"
    if not template or target.exists():
        return
    if load_config(home).database_url != f"sqlite:///{target}":
        return  # another database: configured, or PostgreSQL through GMBOT_DATABASE_URL
    home.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(template, target)


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[-1].split()[0] not in ("Z", "X")


class PgDatabases:
    """Creates and drops uniquely named databases through an admin connection."""

    def __init__(self, admin_url: str) -> None:
        self.url = make_url(admin_url)
        if not self.url.get_backend_name().startswith("postgresql"):
            raise ValueError(f"{ENV} must be a PostgreSQL URL, not {self.url.get_backend_name()}")
        self.admin = create_engine(self.url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
        self._template: str | None = None
        # One thread does the server's slow work between tests: the next copy, the drops.
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pg-databases")
        self._next: Future[str] | None = None
        self._drops: list[Future[None]] = []
        self._drop_stale()

    def _sql(self, statement: str) -> list[tuple]:
        with self.admin.connect() as conn:
            result = conn.execute(text(statement))
            return list(result) if result.returns_rows else []

    def _drop_stale(self) -> None:
        """Databases left by test runs that were killed (their process is gone); a run
        still going on the same server keeps its own."""
        for (name,) in self._sql("SELECT datname FROM pg_database"):
            pid = name[len(PREFIX):].split("_", 1)[0] if name.startswith(PREFIX) else ""
            if pid.isdigit() and not _alive(int(pid)):
                self.drop(name)

    def url_of(self, name: str) -> str:
        return self.url.set(database=name).render_as_string(hide_password=False)

    def create(self, template: str | None = None) -> str:
        """A new database (empty, or a copy of `template`); returns its name."""
        name = f"{PREFIX}{os.getpid()}_{uuid.uuid4().hex[:10]}"
        copy = f' TEMPLATE "{template}"' if template else ""
        self._sql(f'CREATE DATABASE "{name}"{copy}')
        return name

    def at_head(self) -> str:
        """A new database with gmbot's schema at head; the next one is made meanwhile."""
        if self._template is None:
            from gmbot.store.db import open_database

            name = self.create()
            open_database(self.url_of(name)).dispose()  # the migrations, run once
            self._template = name
        self._check_drops()
        ready = self._next or self._worker.submit(self.create, self._template)
        self._next = self._worker.submit(self.create, self._template)
        return ready.result()

    def drop_later(self, name: str) -> None:
        """Drop `name` in the background (after the next copy is made)."""
        self._drops.append(self._worker.submit(self.drop, name))

    def _check_drops(self) -> None:
        """A drop that failed in the background fails the run here, not silently."""
        done = [f for f in self._drops if f.done()]
        self._drops = [f for f in self._drops if not f.done()]
        for future in done:
            future.result()

    def drop(self, name: str) -> None:
        # FORCE: connections a test left open (or a killed gmbot's) are ended first.
        self._sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def close(self) -> None:
        if self._next is not None:
            self.drop_later(self._next.result())
            self._next = None
        self._worker.shutdown(wait=True)
        self._check_drops()
        if self._template is not None:
            self.drop(self._template)
            self._template = None
        self.admin.dispose()
