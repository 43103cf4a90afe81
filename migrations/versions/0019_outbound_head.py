"""The header lines an outgoing mail carries on top, fixed when it is queued: its list
headers and the judge's DKIM signature.

Revision ID: 0019
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("outbound", sa.Column("head", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbound") as batch:
        batch.drop_column("head")
