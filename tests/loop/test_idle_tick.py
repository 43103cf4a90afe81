"""A cold `gmbot tick` with nothing to do decides so without the ORM (gmbot/daemon/idle.py),
and starts the full stack as soon as there is anything: new mail, a phase whose wake-up
has come, a mail to send, a database to migrate, or an inbox or database it cannot look
into cheaply. On SQLite, and on PostgreSQL in the store tests' PostgreSQL run."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import text

from gmbot.config import load_config
from gmbot.daemon.idle import nothing_to_do
from gmbot.daemon.loop import tick
from gmbot.service.app import open_app
from gmbot.service.gm.load import load_game
from tests.loop.judgekit import Clock, Judge, standard_game

# On PostgreSQL too (CONTRIBUTING.md): the idle check's own SQL on each driver.
pytestmark = pytest.mark.dialect("gmbot.daemon.idle")


@pytest.fixture
def idle(tmp_path: Path) -> Judge:
    """A home whose game was loaded now (real time) and ticked once: nothing left to do
    for a day."""
    clock = Clock(datetime.now(UTC))
    app = open_app(tmp_path / "home")
    app.clock = clock
    (tmp_path / "game.yaml").write_text(standard_game(), encoding="utf-8")
    load_game(app, tmp_path / "game.yaml")
    tick(app)
    return Judge(home=tmp_path / "home", clock=clock, app=app)


def test_nothing_to_do_when_nothing_is_due(idle: Judge) -> None:
    assert nothing_to_do(load_config(idle.home))


def test_a_new_mail_is_work(idle: Judge) -> None:
    idle.send("france@example.test", "A PAR - BUR", subject="[g] o")
    assert not nothing_to_do(load_config(idle.home))


def test_a_phase_whose_wake_up_has_come_is_work(idle: Judge) -> None:
    config = load_config(idle.home)
    assert not nothing_to_do(config, datetime.now(UTC) + timedelta(days=1, minutes=1))


def test_a_mail_waiting_to_be_sent_is_work(idle: Judge) -> None:
    idle.send("france@example.test", "A PAR - BUR", subject="[g] o")
    from gmbot.daemon.loop import poll_maildir

    poll_maildir(idle.app)  # read and acknowledged: the acknowledgement is queued
    assert not nothing_to_do(load_config(idle.home))


def test_an_old_schema_or_another_database_is_left_to_the_full_stack(idle: Judge) -> None:
    config = load_config(idle.home)
    with idle.app.db.transaction() as s:
        s.execute(text("UPDATE alembic_version SET version_num = '0003'"))
    assert not nothing_to_do(config)
    # A PostgreSQL server that does not answer, a database the check does not know.
    for url in ("postgresql+psycopg://u@127.0.0.1:1/gmbot", "mysql://u@127.0.0.1/gmbot"):
        assert not nothing_to_do(replace(config, database_url=url))
    assert not nothing_to_do(replace(config, inbound="imap"))


def test_an_idle_cold_tick_does_not_import_the_orm(idle: Judge) -> None:
    probe = (
        "import sys\n"
        "from gmbot.cli import main\n"
        f"main(['--home', {str(idle.home)!r}, 'tick'], standalone_mode=False)\n"
        "print('ORM' if 'sqlalchemy.orm' in sys.modules else 'no ORM')\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out == ["0 mail(s) read", "0 reminder(s) queued", "0 mail(s) sent", "no ORM"]
    idle.send("france@example.test", "A PAR - BUR", subject="[g] o")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[0] == "1 mail(s) read" and out[-1] == "ORM"
