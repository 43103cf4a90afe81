"""The first start on an empty database creates the schema (migrations): killed with
SIGKILL at random moments, it leaves either no schema or the whole schema at head, never
a part; processes starting at once on an empty database all succeed (one migrates, the
others wait and find it done)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import MetaData, create_engine, inspect, text
from sqlalchemy.pool import NullPool

from gmbot.store.db import HEAD_REVISION, Database
from tests.crash.crashkit import REPO
from tests.crash.killkit import kill

# On PostgreSQL too (CONTRIBUTING.md): migrations killed halfway and run by processes at once.
pytestmark = pytest.mark.dialect(in_subprocess=("gmbot.store.db",))

SEED = int(os.environ.get("GMBOT_CRASH_SEED", "20260302"))


def gmbot(home: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "gmbot", "--home", str(home), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=REPO,
                            start_new_session=True)


def schema(url: str) -> tuple[str | None, set[str]]:
    db = Database(url)
    try:
        with db.engine.connect() as conn:
            tables = set(inspect(conn).get_table_names())
        return db.current_revision(), tables
    finally:
        db.dispose()


@pytest.fixture
def empty_home(tmp_path: Path, empty_database_url: str,
               monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    monkeypatch.setenv("GMBOT_DATABASE_URL", empty_database_url)
    return tmp_path / "home", empty_database_url


def touched(url: str) -> bool:
    """Has a gmbot process opened the database (it migrates right after)?"""
    if url.startswith("sqlite"):
        return Path(url.split("///", 1)[1]).exists()
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as conn:
            return bool(conn.execute(text(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()")).scalar())
    finally:
        engine.dispose()


def empty(url: str) -> None:
    engine = create_engine(url, poolclass=NullPool)
    try:
        meta = MetaData()
        meta.reflect(engine)
        meta.drop_all(engine)
    finally:
        engine.dispose()


def test_a_first_start_killed_during_migrations_leaves_no_half_schema(
        empty_home: tuple[Path, str]) -> None:
    home, url = empty_home
    rng = random.Random(SEED)
    seen = Counter()
    for _ in range(8):
        proc = gmbot(home, "game", "list")
        while not touched(url) and proc.poll() is None:
            time.sleep(0.002)
        time.sleep(rng.uniform(0, 0.5))  # importing alembic and migrating: about 0.3 s
        killed = kill(proc)
        revision, tables = schema(url)
        assert revision in (None, HEAD_REVISION)
        if revision is None:
            assert tables <= {"alembic_version"}, tables  # nothing half made
        seen["killed before the schema was committed" if revision is None
             else "killed after" if killed else "finished"] += 1
        if revision is not None:
            empty(url)  # and again
    print(dict(seen))
    assert seen["killed before the schema was committed"] >= 2
    proc = gmbot(home, "game", "list")
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, out.decode()
    assert schema(url)[0] == HEAD_REVISION


def test_processes_starting_at_once_on_an_empty_database_all_succeed(
        empty_home: tuple[Path, str]) -> None:
    home, url = empty_home
    procs = [gmbot(home, "game", "list") for _ in range(4)]
    for proc in procs:
        out, _ = proc.communicate(timeout=60)
        assert proc.returncode == 0, out.decode()
    assert schema(url)[0] == HEAD_REVISION
