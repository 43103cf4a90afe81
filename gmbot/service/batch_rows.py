"""The rows a batch of mails writes, kept and written together: each table's in one
executemany (inbound/record.py runs a batch this way first, without a savepoint a mail).
A mail's record, order set and acknowledgement were three INSERTs and a savepoint a mail,
a quarter of the ingest stage, two thirds of it SQLAlchemy's own work per statement
(benchmarks/ingest.py asked).

Nothing in the transaction reads a row before it is written: any other statement the
session runs (a query, an ORM flush) writes the kept rows first, as an autoflush would.
The records' ids are handed out when kept (the order sets and replies name them):
SQLite's next ones (the batch's transaction holds the write lock from its start),
PostgreSQL's from the table's sequence, as many as the batch may record, read at once.
"""

from __future__ import annotations

from typing import Any

import msgspec
from sqlalchemy import Executable, event, func, select, text
from sqlalchemy.orm import ORMExecuteState, Session

from gmbot.store.models import Inbound

_KEY = "gmbot.batch_rows"  # Session.info key


class BatchRows:
    """The rows kept for one session's transaction, by statement, in the order first kept
    (a record before the order sets and replies that name it)."""

    def __init__(self, s: Session, records: int) -> None:
        self.s = s
        self.rows: dict[Executable, list[msgspec.Struct]] = {}
        self.ids = _next_ids(s, records)
        self.writing = False
        s.info[_KEY] = self
        event.listen(s, "do_orm_execute", self._before_statement)
        event.listen(s, "before_flush", self._before_flush)

    def close(self) -> None:
        event.remove(self.s, "do_orm_execute", self._before_statement)
        event.remove(self.s, "before_flush", self._before_flush)
        self.s.info.pop(_KEY, None)

    def record_id(self) -> int:
        """The id of the next record kept (IndexError: more than the batch allowed for)."""
        return self.ids.pop()

    def keep(self, statement: Executable, row: msgspec.Struct) -> None:
        self.rows.setdefault(statement, []).append(row)

    def write(self) -> None:
        """Write the rows kept so far, each statement's in one executemany."""
        if self.writing or not self.rows:
            return
        self.writing, rows, self.rows = True, self.rows, {}
        try:
            conn = self.s.connection()
            for statement, kept in rows.items():
                conn.execute(statement, [msgspec.structs.asdict(r) for r in kept])
        finally:
            self.writing = False

    def _before_statement(self, _state: ORMExecuteState) -> None:
        self.write()

    def _before_flush(self, _s: Session, _context: Any, _instances: Any) -> None:
        self.write()


def kept_rows(s: Session) -> BatchRows | None:
    """The session's BatchRows, if its transaction keeps rows to write together."""
    rows: BatchRows | None = s.info.get(_KEY)
    return rows


def _next_ids(s: Session, count: int) -> list[int]:
    """`count` ids for new records, the first last (popped in order)."""
    if count <= 0:
        return []
    with s.no_autoflush:
        if s.get_bind().dialect.name == "postgresql":
            ids = sorted(s.scalars(_NEXTVAL, {"n": count}))
        else:
            first = (s.scalar(_MAX_ID) or 0) + 1
            ids = list(range(first, first + count))
    return ids[::-1]


_MAX_ID = select(func.max(Inbound.__table__.c.id))
_NEXTVAL = text("SELECT nextval(pg_get_serial_sequence('inbound', 'id')) "
                "FROM generate_series(1, :n)")
