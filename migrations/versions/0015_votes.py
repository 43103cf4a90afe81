"""Votes on how a game ends (one standing vote a power), and the game file's `votes:`
and `anonymous:` keys.

Revision ID: 0015
Revises: 0014
"""

import sqlalchemy as sa
from alembic import op

from gmbot.store.base import UTCDateTime

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs (SQLite has them): a batch would copy the games table, which
    # other tables' foreign keys point at.
    op.add_column("games", sa.Column("votes", sa.JSON(), nullable=False, server_default="{}"))
    op.add_column("games", sa.Column("anonymous", sa.Boolean(), nullable=False,
                                     server_default=sa.text("false")))
    op.create_table(
        "votes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("voter", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("powers", sa.JSON(), nullable=False),
        sa.Column("cast_at", UTCDateTime(), nullable=False),
        sa.Column("inbound_id", sa.Integer(), sa.ForeignKey("inbound.id"), nullable=True),
        sa.UniqueConstraint("game_id", "voter", name="uq_votes_game_voter"),
    )


def downgrade() -> None:
    op.drop_table("votes")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("anonymous")
        batch.drop_column("votes")
