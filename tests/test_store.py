"""The schema: migrations reach the head gmbot expects, and a fresh database is created
at head automatically."""

from __future__ import annotations

from pathlib import Path

from alembic.config import Config
from alembic.script import ScriptDirectory

from gmbot.store.db import HEAD_REVISION, MIGRATIONS, open_database


def test_head_revision_constant_matches_alembic() -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(cfg).get_current_head() == HEAD_REVISION


def test_fresh_database_is_created_at_head(tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite'}")
    assert db.current_revision() == HEAD_REVISION
    db.upgrade()  # a second start changes nothing
    assert db.current_revision() == HEAD_REVISION


def test_migrations_match_the_models(tmp_path: Path) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from gmbot.store.models import Base

    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite'}")
    with db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []


def test_an_older_database_is_upgraded_on_start(tmp_path: Path) -> None:
    from alembic import command

    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url)
    command.upgrade(cfg, "0001")
    db = open_database(url)
    assert db.current_revision() == HEAD_REVISION
