"""Joining by mail: a game's signup and takeover settings (games.joining) and the
requests to join, observe or take over a seat (signups).

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

from gmbot.store.base import UTCDateTime

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("joining", sa.JSON(), nullable=False, server_default="{}"))
    op.create_table(
        "signups",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("powers", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("secret_hash", sa.String(200), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("confirmed_at", UTCDateTime(), nullable=True),
        sa.Column("decided_at", UTCDateTime(), nullable=True),
        sa.Column("power", sa.String(64), nullable=True),
    )
    op.create_index("ix_signups_address", "signups", ["address", "status"])
    op.create_index("ix_signups_game", "signups", ["game_id", "status"])


def downgrade() -> None:
    op.drop_index("ix_signups_game", table_name="signups")
    op.drop_index("ix_signups_address", table_name="signups")
    op.drop_table("signups")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("joining")
