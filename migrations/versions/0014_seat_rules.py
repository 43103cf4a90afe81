"""The seat rules of a game (issue 24, item 3): its missed-orders policy and its standby
list, one row per game.

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_rules",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("nmr", sa.JSON(), nullable=False),
        sa.Column("standby", sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("seat_rules")
