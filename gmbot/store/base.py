"""The models' common base: the declarative class every table's model derives from, and
the column type every stored time has. A model's foreign key into another module's table
names that model's column (`ForeignKey(Game.id)`), not its text: the import it needs maps
the table whose rows it refers to (tests/test_store_schema.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar

from sqlalchemy import JSON, DateTime, Table
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.types import TypeDecorator


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes in, aware UTC datetimes out, on SQLite and PostgreSQL alike."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the database")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON, datetime: UTCDateTime}

    if TYPE_CHECKING:
        # Every model maps one plain Table (DeclarativeBase types it as any FromClause):
        # the Core statements built on it insert into and update it.
        __table__: ClassVar[Table]
