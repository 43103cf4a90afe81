"""The outbox keeps the map picture a mail shows inline (PNG), until the mail is sent.

Revision ID: 0008
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("outbound") as batch:
        batch.add_column(sa.Column("picture", sa.LargeBinary(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbound") as batch:
        batch.drop_column("picture")
