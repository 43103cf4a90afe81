"""A game's settings in one column: games.settings (a GameSettings, as JSON) takes the
eleven setting columns of games and the seat_rules table (the missed-orders policy and
the standby list).

Revision ID: 0017
Revises: 0019
"""

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0019"
branch_labels = None
depends_on = None

# The old columns, each with what a row without it meant.
COLUMNS: dict[str, Any] = {
    "options": {}, "deadlines": {}, "nmr": "hold", "press": {}, "observers": [],
    "rules_link": None, "absences": {}, "joining": {}, "votes": {}, "anonymous": False,
    "auth": "on",
}
TYPES: dict[str, Any] = {"nmr": sa.String(32), "rules_link": sa.String(500),
                         "anonymous": sa.Boolean(), "auth": sa.String(16)}


def _old_tables() -> tuple[sa.TableClause, sa.TableClause]:
    """The old games and seat_rules columns, typed, so their JSON reads as data."""
    games = sa.table("games", sa.column("id"), sa.column("settings", sa.JSON()),
                     *(sa.column(n, TYPES.get(n, sa.JSON())) for n in COLUMNS))
    seat_rules = sa.table("seat_rules", sa.column("game_id"), sa.column("nmr", sa.JSON()),
                          sa.column("standby", sa.JSON()))
    return games, seat_rules


def folded(row: dict[str, Any], seat: dict[str, Any] | None) -> dict[str, Any]:
    """One old-form games row (and its seat_rules row) as a GameSettings' data."""
    old = {k: row[k] if row[k] is not None else COLUMNS[k] for k in COLUMNS}
    joining = old.pop("joining") or {}
    return {**old, "anonymous": bool(old["anonymous"]),
            "missed_orders": (seat["nmr"] or {}) if seat else {},
            "standby": (seat["standby"] or []) if seat else [],
            "signup": joining.get("signup"),
            "takeover_approval": bool((joining.get("takeover") or {}).get("approval"))}


def upgrade() -> None:
    op.add_column("games", sa.Column("settings", sa.JSON(), nullable=False,
                                     server_default="{}"))
    conn = op.get_bind()
    games, seat_rules = _old_tables()
    seats = {r["game_id"]: dict(r) for r in conn.execute(sa.select(seat_rules)).mappings()}
    old = [games.c.id, *(games.c[n] for n in COLUMNS)]
    for row in conn.execute(sa.select(*old)).mappings().all():
        conn.execute(games.update().where(games.c.id == row["id"]),
                     {"settings": folded(dict(row), seats.get(row["id"]))})
    op.drop_table("seat_rules")
    # SQLite (3.35 on) drops a plain column in place: no batch copy of a table that
    # other tables' foreign keys point at.
    for name in COLUMNS:
        op.drop_column("games", name)


def downgrade() -> None:
    for name, default in COLUMNS.items():
        op.add_column("games", sa.Column(name, TYPES.get(name, sa.JSON()), nullable=True))
    op.create_table(
        "seat_rules",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("nmr", sa.JSON(), nullable=False),
        sa.Column("standby", sa.JSON(), nullable=False),
    )
    conn = op.get_bind()
    games, seat_rules = _old_tables()
    for gid, data in conn.execute(sa.select(games.c.id, games.c.settings)).all():
        data = data or {}
        joining = {"takeover": {"approval": bool(data.get("takeover_approval"))}}
        if data.get("signup") is not None:
            joining["signup"] = data["signup"]
        values = {n: data.get(n, d) for n, d in COLUMNS.items() if n != "joining"}
        conn.execute(games.update().where(games.c.id == gid), {**values, "joining": joining})
        conn.execute(seat_rules.insert(), {"game_id": gid, "nmr": data.get("missed_orders", {}),
                                           "standby": data.get("standby", [])})
    op.drop_column("games", "settings")
