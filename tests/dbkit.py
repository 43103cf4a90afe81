"""The database a test's judge uses.

By default every test that uses the store gets SQLite in its own home directory (the
default of `open_app`). With GMBOT_TEST_DATABASE_URL set to a PostgreSQL URL whose role
may CREATE DATABASE (`scripts/test` runs the store tests a second time that way, with
GMBOT_TEST_PG_URL), each such test gets a database of its own, created from a template
that is migrated to head once per session, handed to the test as GMBOT_DATABASE_URL (so
`open_app` and every gmbot process the test starts use it) and dropped afterwards.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

ENV = "GMBOT_TEST_DATABASE_URL"
PREFIX = "gmbot_t_"  # every database made here: gmbot_t_<pid>_<random>


def requested_url() -> str | None:
    """The PostgreSQL server to create test databases on, if the run asks for one."""
    return os.environ.get(ENV) or None


def describe(url: str | None) -> str:
    if not url:
        return "SQLite (a file in each test's home directory)"
    shown = make_url(url).render_as_string(hide_password=True)
    return f"PostgreSQL (a fresh database per test on {shown})"


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
        """A new database with gmbot's schema at head."""
        if self._template is None:
            from gmbot.store.db import open_database

            name = self.create()
            open_database(self.url_of(name)).dispose()  # the migrations, run once
            self._template = name
        return self.create(template=self._template)

    def drop(self, name: str) -> None:
        # FORCE: connections a test left open (or a killed gmbot's) are ended first.
        self._sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def close(self) -> None:
        if self._template is not None:
            self.drop(self._template)
            self._template = None
        self.admin.dispose()
