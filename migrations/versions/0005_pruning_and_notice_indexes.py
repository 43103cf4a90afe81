"""Indexes for pruning old raw mail (only rows still holding their text) and for the
recent notices of a kind (rate-limit notices, refusals to strangers).

Revision ID: 0005
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0003"
branch_labels = None
depends_on = None

_KEPT = sa.text("raw IS NOT NULL")


def upgrade() -> None:
    op.create_index("ix_inbound_raw_kept", "inbound", ["received_at"],
                    sqlite_where=_KEPT, postgresql_where=_KEPT)
    op.create_index("ix_outbound_kind_created", "outbound", ["kind", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_outbound_kind_created", table_name="outbound")
    op.drop_index("ix_inbound_raw_kept", table_name="inbound")
