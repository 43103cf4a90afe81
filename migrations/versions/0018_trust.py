"""Issue 31 (trust): what an absence cost in deadline moves (kept after BACK), and the
digest of the DKIM signature that proved
an inbound mail (a signed mail counts once, whatever its Message-ID).

Revision ID: 0018
Revises: 0017
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("absences", sa.Column("moved", sa.Integer(), nullable=False,
                                        server_default="0"))
    op.add_column("inbound", sa.Column("signature", sa.String(64), nullable=True))
    op.create_index("uq_inbound_signature", "inbound", ["signature"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("absences") as batch:
        batch.drop_column("moved")
    op.drop_index("uq_inbound_signature", "inbound")
    with op.batch_alter_table("inbound") as batch:
        batch.drop_column("signature")
