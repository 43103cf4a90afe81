"""An INSERT that leaves a row whose key is taken as it is (ON CONFLICT DO NOTHING), built
once per dialect and table: composing a statement costs about as much as running it."""

from __future__ import annotations

from sqlalchemy import Insert, Table

_BUILT: dict[tuple[str, str], Insert] = {}


def insert_new(dialect: str, table: Table, key: str) -> Insert:
    """The statement for `dialect`, its module imported only then: importing both dialects
    loaded PostgreSQL's on every SQLite home (benchmarks/ingest.py stage 6 asked)."""
    statement = _BUILT.get((dialect, table.name))
    if statement is None:
        if dialect == "postgresql":
            from sqlalchemy.dialects import postgresql

            statement = postgresql.insert(table).on_conflict_do_nothing(index_elements=[key])
        else:
            from sqlalchemy.dialects import sqlite

            statement = sqlite.insert(table).on_conflict_do_nothing(index_elements=[key])
        _BUILT[dialect, table.name] = statement
    return statement
