"""Time left in a paused phase; an index for the per-sender rate limit.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("phases") as batch:
        batch.add_column(sa.Column("paused_remaining", sa.Float(), nullable=True))
    op.create_index("ix_inbound_sender_received", "inbound", ["sender", "received_at"])


def downgrade() -> None:
    op.drop_index("ix_inbound_sender_received", table_name="inbound")
    with op.batch_alter_table("phases") as batch:
        batch.drop_column("paused_remaining")
