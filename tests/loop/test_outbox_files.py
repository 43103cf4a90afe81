"""The Maildir outbox never overwrites a file: each mail's file is named after its
Message-ID (unique to the mail) and created exclusively, so a database restored from a
backup, which hands out outbox row ids again, cannot replace a mail not yet taken away."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.mail import maildir
from gmbot.mail.compose import Outgoing, compose
from gmbot.mail.maildir import MaildirOutbox, outbox_name
from gmbot.store.outbox import Outbound
from tests.loop.judgekit import Judge, body

# On PostgreSQL too (CONTRIBUTING.md): row ids handed out again by a restored database.
pytestmark = pytest.mark.dialect(
    "gmbot.service.outbox.queue",
    "gmbot.service.outbox.delivery",
    "gmbot.service.outbox.tokens",
)


def sqlite_file(judge: Judge) -> Path:
    if not judge.app.db.is_sqlite:
        pytest.skip("the restore here is SQLite's backup API")
    return judge.home / "gmbot.sqlite"


def copy_database(source: Path, target: Path) -> None:
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)


def new_files(judge: Judge, before: set[Path] = frozenset()) -> list[Path]:
    """The outbox's files, but those in `before` (the welcome mails)."""
    return sorted(set((judge.home / "mail/outbox/new").iterdir()) - set(before))


def test_a_restored_database_does_not_overwrite_unsent_outbox_files(
        judge: Judge, tmp_path: Path) -> None:
    database = sqlite_file(judge)
    backup = tmp_path / "backup.sqlite"
    copy_database(database, backup)
    welcomes = set(new_files(judge))

    judge.send("france@example.test", "A PAR - BUR\n")
    judge.tick()
    [france_file] = new_files(judge, welcomes)
    france_bytes = france_file.read_bytes()

    # The GM restores last night's backup; the outbox's consumer has not run yet.
    judge.app.db.dispose()
    copy_database(backup, database)
    judge.reopen()

    judge.send("germany@example.test", "A MUN - RUH\n")
    judge.tick()
    files = new_files(judge, welcomes)
    assert len(files) == 2
    # The same row id was handed out again, under another name.
    assert len({f.name.split(".")[0] for f in files}) == 1
    assert france_file.read_bytes() == france_bytes
    replies = judge.outbox()
    assert sorted(m["To"] for m in replies) == ["france@example.test", "germany@example.test"]
    assert "A MUN - RUH" in body(judge.to("germany@example.test")[0])


def test_an_existing_file_is_never_replaced(judge: Judge) -> None:
    """The same mail sent again (a crash between writing it and marking it sent) finds
    its own file and leaves it: one file, the first one."""
    outbox = MaildirOutbox(judge.app.config.outbox)
    welcomes = set(new_files(judge))
    msg = compose(Outgoing(sender="judge@example.test", recipient="a@example.test",
                           subject="s", body="first\n", message_id="x1@example.test",
                           date=judge.clock(), in_reply_to=None, auto="auto-generated"))
    name = outbox_name(7, "x1@example.test")
    path = outbox.send(msg, name)
    first = path.read_bytes()
    msg.set_content("changed\n")
    assert outbox.send(msg, name) == path
    assert path.read_bytes() == first
    assert new_files(judge, welcomes) == [path]
    assert list((judge.home / "mail/outbox/tmp").iterdir()) == []


def test_a_batch_whose_sync_fails_stays_queued_and_goes_out_later(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    """A mail is marked sent only once its file is known durable: when syncing the batch
    fails (a full or failing disk), none of it is marked, and the next run sends it."""
    welcomes = set(new_files(judge))
    judge.send("france@example.test", "A PAR - BUR\n")
    judge.send("germany@example.test", "A MUN - RUH\n")

    def failing_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(maildir.os, "fsync", failing_fsync)
        judge.tick()
    assert new_files(judge, welcomes) == []
    with judge.app.db.transaction() as s:
        rows = s.scalars(select(Outbound).where(Outbound.kind != "welcome")).all()
        assert [(r.status, r.attempts) for r in rows] == [("queued", 1), ("queued", 1)]
        assert all("No space left" in (r.last_error or "") for r in rows)

    judge.clock.advance(minutes=2)  # past the backoff
    judge.tick()
    replies = judge.outbox()
    assert sorted(m["To"] for m in replies) == ["france@example.test", "germany@example.test"]
    assert len(new_files(judge, welcomes)) == 2
    assert list((judge.home / "mail/outbox/tmp").iterdir()) == []
