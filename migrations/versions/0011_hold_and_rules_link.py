"""A player's hold on early processing, kept with each order set (order_sets.hold: "wait"
after WAIT, "ready" after READY, NULL otherwise), and the game file's rules_link.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("order_sets") as batch:
        batch.add_column(sa.Column("hold", sa.String(16), nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rules_link", sa.String(500), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rules_link")
    with op.batch_alter_table("order_sets") as batch:
        batch.drop_column("hold")
