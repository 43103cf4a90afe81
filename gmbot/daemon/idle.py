"""Whether a cold `gmbot tick` has anything to do, decided without the ORM.

Most runs from cron find nothing: no new mail, no phase due, nothing to send. Importing
SQLAlchemy's ORM alone takes longer than such a run should, so the tick first looks with
the database's own driver: the listings of the Maildir inbox and of the spool of piped
mail, and three indexed queries (a
phase whose wake-up has come, a queued mail whose time has come, raw mail past its
retention) on the SQLite file (`sqlite3`) or the PostgreSQL database (`psycopg`). Only
when one of them finds something, or when it cannot tell (IMAP inbound, another
database, a database not yet at the current schema, one that does not answer), does the
tick start the full stack.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from gmbot.config import Config
from gmbot.mail.maildir import has_new
from gmbot.pipe.spool import waiting
from gmbot.store.revision import HEAD_REVISION

# How SQLAlchemy writes an aware UTC datetime into SQLite (see store/models.UTCDateTime).
_SQLITE_TIME = "%Y-%m-%d %H:%M:%S.%f"

_DUE_PHASE = "SELECT 1 FROM phases WHERE wake_at <= ? LIMIT 1"
_DUE_MAIL = ("SELECT 1 FROM outbound WHERE status = 'queued'"
             " AND (next_attempt_at IS NULL OR next_attempt_at <= ?) LIMIT 1")
# Raw mail past its retention (service/retention.py), on the partial index ix_inbound_raw_kept.
_DUE_PRUNE = ("SELECT 1 FROM inbound WHERE raw IS NOT NULL AND received_at < ?"
              " AND status != 'failed' LIMIT 1")
# A sign-up game whose file lets bots take the seats left, once its sign-up closed
# (service/joining/closing.py): the close is stored as ISO text, in UTC.
_CLOSED_SIGNUP = ("SELECT 1 FROM games WHERE status = 'signup'"
                  " AND json_extract(settings, '$.bots.fill') IS NOT NULL"
                  " AND json_extract(settings, '$.signup.close') <= ? LIMIT 1")
_CLOSED_SIGNUP_PG = ("SELECT 1 FROM games WHERE status = 'signup'"
                     " AND settings::json->'bots'->>'fill' IS NOT NULL"
                     " AND settings::json->'signup'->>'close' <= %s LIMIT 1")


def sqlite_file(url: str) -> Path | None:
    """The file of a `sqlite:///PATH` URL; None for anything else (or in memory)."""
    prefix = "sqlite:///"
    if not url.startswith(prefix) or "?" in url:
        return None
    path = url[len(prefix):]
    return Path(path) if path and path != ":memory:" else None


def nothing_to_do(config: Config, now: datetime | None = None) -> bool:
    """True only when it is certain that a tick now would read, remind, process and send
    nothing."""
    # A missing inbox is not set up yet: the full tick sets it up.
    inbox_waits = config.inbound == "maildir" and has_new(config.inbox, missing=True)
    if config.inbound == "imap" or inbox_waits:
        return False
    if waiting(config.spool):  # piped mail no worker or daemon has read yet
        return False
    now = (now or datetime.now(UTC)).astimezone(UTC)
    before = now - timedelta(days=config.limit("keep_raw_mail_days"))
    path = sqlite_file(config.database_url)
    if path is not None:
        return path.exists() and _sqlite_idle(path, now, before)
    if config.database_url.startswith(("postgresql+psycopg://", "postgresql://")):
        return _postgres_idle(config.database_url, now, before)
    return False


def _sqlite_idle(path: Path, now: datetime, before: datetime) -> bool:
    when, old = now.strftime(_SQLITE_TIME), before.strftime(_SQLITE_TIME)
    try:
        conn = sqlite3.connect(path, timeout=5)
    except sqlite3.Error:
        return False
    try:
        revision = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        if revision is None or revision[0] != HEAD_REVISION:
            return False  # the full stack migrates it
        return (conn.execute(_DUE_PHASE, (when,)).fetchone() is None
                and conn.execute(_DUE_MAIL, (when,)).fetchone() is None
                and conn.execute(_DUE_PRUNE, (old,)).fetchone() is None
                and conn.execute(_CLOSED_SIGNUP, (_iso(now),)).fetchone() is None)
    except sqlite3.Error:
        return False
    finally:
        conn.close()


def _postgres_idle(url: str, now: datetime, before: datetime) -> bool:
    try:
        import psycopg
    except ImportError:
        return False
    conninfo = "postgresql://" + url.split("://", 1)[1]
    try:
        with psycopg.connect(conninfo, connect_timeout=10) as conn:
            revision = conn.execute("SELECT version_num FROM alembic_version").fetchone()
            if revision is None or revision[0] != HEAD_REVISION:
                return False
            due = ((_DUE_PHASE, now), (_DUE_MAIL, now), (_DUE_PRUNE, before))
            return all(conn.execute(query.replace("?", "%s"), (when,)).fetchone() is None
                       for query, when in due) and conn.execute(
                           _CLOSED_SIGNUP_PG, (_iso(now),)).fetchone() is None
    except psycopg.Error:
        return False


def _iso(now: datetime) -> str:
    """`now` as a stored close compares with it (to the second: a close has no fraction)."""
    return now.strftime("%Y-%m-%dT%H:%M:%S+00:00")
