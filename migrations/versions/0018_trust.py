"""Issue 31 (trust): what an absence cost in deadline moves (kept after BACK), and the
game file's `players_see_addresses:`.

Revision ID: 0018
Revises: 0019
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("absences", sa.Column("moved", sa.Integer(), nullable=False,
                                        server_default="0"))
    op.add_column("games", sa.Column("players_see_addresses", sa.Boolean(), nullable=False,
                                     server_default=sa.text("false")))


def downgrade() -> None:
    with op.batch_alter_table("absences") as batch:
        batch.drop_column("moved")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("players_see_addresses")
