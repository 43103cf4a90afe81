"""Issue 36 (what each reader gets): a player's mail preferences (SET MAIL), and the
daily digest a press copy waits for.

Revision ID: 0022
Revises: 0020
"""

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("players", sa.Column("mail_prefs", sa.JSON(), nullable=True))
    op.add_column("press_copies", sa.Column("digest", sa.String(300), nullable=True))
    op.create_index("ix_press_copies_digest", "press_copies", ["digest"])


def downgrade() -> None:
    op.drop_index("ix_press_copies_digest", "press_copies")
    with op.batch_alter_table("press_copies") as batch:
        batch.drop_column("digest")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("mail_prefs")
