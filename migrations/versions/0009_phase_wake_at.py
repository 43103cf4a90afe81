"""When each open phase next needs a look (phases.wake_at), indexed: the deadline jobs
read the due phases only, not every game.

Revision ID: 0009
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("phases") as batch:
        batch.add_column(sa.Column("wake_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_phases_wake_at", "phases", ["wake_at"])
    # Every open phase of an active game is looked at on the next run, which sets its
    # real wake-up time.
    op.execute(
        "UPDATE phases SET wake_at = opened_at WHERE processed_at IS NULL AND NOT superseded"
        " AND deadline_at IS NOT NULL"
        " AND game_id IN (SELECT id FROM games WHERE status = 'active')"
    )


def downgrade() -> None:
    op.drop_index("ix_phases_wake_at", table_name="phases")
    with op.batch_alter_table("phases") as batch:
        batch.drop_column("wake_at")
