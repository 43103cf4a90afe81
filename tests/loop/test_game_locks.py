"""Two processes on one PostgreSQL database lock game rows in one order (service/locks): a
batch of mails takes every game it may touch at its start, in id order, so while it waits
for a game another process holds it holds no other game, and the two cannot deadlock.
(SQLite serialises writers with its database lock: nothing to test there.)"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Connection, select, text
from sqlalchemy.exc import OperationalError

from gmbot.daemon.loop import poll_maildir
from gmbot.service.gm.load import load_game
from gmbot.service.inbound.handling import Outcome
from gmbot.store.models import Game
from tests.loop.judgekit import Judge, standard_game

# On PostgreSQL too (CONTRIBUTING.md): the order in which processes lock game rows.
pytestmark = pytest.mark.dialect("gmbot.service.locks")


@pytest.fixture
def two_games(judge: Judge, tmp_path: Path) -> Judge:
    """Game g (made first: the lower id) and game h, whose players are at h.example.test."""
    if judge.app.db.is_sqlite:
        pytest.skip("row locks are PostgreSQL's; SQLite locks the whole database")
    text_h = standard_game("h").replace("@example.test, power", "@h.example.test, power")
    path = tmp_path / "h.yaml"
    path.write_text(text_h, encoding="utf-8")
    load_game(judge.app, path)
    return judge


@pytest.fixture
def holder(two_games: Judge) -> Iterator[Connection]:
    """Another process's transaction, open for the test to lock rows in."""
    with two_games.app.db.engine.connect() as conn:
        yield conn  # closed: rolled back


def _lock(conn: Connection, game: str, nowait: bool = False) -> None:
    wait = " NOWAIT" if nowait else ""
    conn.execute(text(f"SELECT id FROM games WHERE name = :n FOR NO KEY UPDATE{wait}"),
                 {"n": game})


def _waiting_for_a_lock(conn: Connection) -> bool:
    waiting = conn.execute(text(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
        "AND wait_event_type = 'Lock'")).scalar_one()
    conn.rollback()  # pg_stat_activity is read once per transaction
    return waiting > 0


def test_a_batch_waiting_for_one_game_holds_no_other(two_games: Judge,
                                                     holder: Connection) -> None:
    judge = two_games
    with judge.app.db.transaction() as s:
        ids = {name: id_ for name, id_ in s.execute(select(Game.name, Game.id))}
    assert ids["g"] < ids["h"]
    # The batch reads the mail for h first, then the one for g, which another process
    # has locked.
    judge.send("france@h.example.test", "A PAR - BUR\n")
    judge.send("france@example.test", "A PAR - BUR\n")
    _lock(holder, "g")
    outcomes: list[Outcome] = []
    batch = threading.Thread(target=lambda: outcomes.extend(poll_maildir(judge.app)))
    batch.start()
    with judge.app.db.engine.connect() as other:
        deadline = time.monotonic() + 60
        while not _waiting_for_a_lock(other) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _waiting_for_a_lock(other), "the batch never waited for game g"
    with judge.app.db.engine.connect() as third:
        try:
            _lock(third, "h", nowait=True)  # a third process can have h meanwhile
        except OperationalError as e:
            pytest.fail(f"the waiting batch holds game h: {e}")
    holder.rollback()  # the other process is done with g
    batch.join(60)
    assert [o.status for o in outcomes] == ["handled", "handled"]
    assert sorted(o.game or "" for o in outcomes) == ["g", "h"]
