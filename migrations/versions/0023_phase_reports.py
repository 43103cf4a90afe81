"""Issue 34: stored phase reports of versions 1 and 2 rewritten once into version 3, so that
the judge reads one form. A row of those versions lacks only fields that default (no marks,
no facts): it becomes version 3 with `reasoned` false, which says its facts were never kept
(EXPLAIN then says so instead of "nothing opposed it").

Revision ID: 0023
Revises: 0022
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None

# Frozen here, as the stored form was when this migration was written: engine/report.py
# may move on.
CURRENT = 3


def _phases() -> sa.TableClause:
    return sa.table("phases", sa.column("id"), sa.column("result", sa.JSON()))


def current(result: dict[str, Any]) -> dict[str, Any] | None:
    """An old row's report in version 3, or None for a row already there."""
    if int(result.get("version") or 1) >= CURRENT:
        return None
    return {**result, "version": CURRENT, "reasoned": False}


def _rewrite(change: Any) -> None:
    conn = op.get_bind()
    phases = _phases()
    rows = conn.execute(sa.select(phases.c.id, phases.c.result)
                        .where(phases.c.result.is_not(None))).all()
    for pid, result in rows:
        new = change(result) if isinstance(result, dict) else None
        if new is not None:
            conn.execute(phases.update().where(phases.c.id == pid), {"result": new})


def _older(result: dict[str, Any]) -> dict[str, Any] | None:
    """A rewritten row as version 2 again (what version 1 had, version 2 reads as)."""
    if result.get("reasoned", True):
        return None
    return {**{k: v for k, v in result.items() if k != "reasoned"}, "version": 2}


def upgrade() -> None:
    _rewrite(current)


def downgrade() -> None:
    _rewrite(_older)
