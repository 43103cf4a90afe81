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
