"""Players' absences (issue 24, item 2): the table `absences` and the game file's
`absences:` section kept with each game (games.absences).

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

from gmbot.store.base import UTCDateTime

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("absences", sa.JSON(), nullable=False,
                                   server_default="{}"))
    op.create_table(
        "absences",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("power", sa.String(64), nullable=False),
        sa.Column("starts_at", UTCDateTime(), nullable=False),
        sa.Column("ends_at", UTCDateTime(), nullable=False),
        sa.Column("back_at", UTCDateTime(), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
    )
    op.create_index("ix_absences_game", "absences", ["game_id", "ends_at"])


def downgrade() -> None:
    op.drop_index("ix_absences_game", table_name="absences")
    op.drop_table("absences")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("absences")
