"""Issue 36 (mail): the bounces that matched a mail the judge sent, and each address's
bounce score.

Revision ID: 0020
Revises: 0018
"""

import sqlalchemy as sa
from alembic import op

from gmbot.store.base import UTCDateTime

revision = "0020"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bounces",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("outbound_id", sa.Integer(), sa.ForeignKey("outbound.id"), nullable=False,
                  unique=True),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("diagnostic", sa.String(200), nullable=False),
        sa.Column("received_at", UTCDateTime(), nullable=False),
    )
    op.create_index("ix_bounces_address", "bounces", ["address", "received_at"])
    op.create_table(
        "bounce_scores",
        sa.Column("address", sa.String(320), primary_key=True),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("last_bounce_at", UTCDateTime(), nullable=False),
        sa.Column("bouncing_since", UTCDateTime(), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("bounce_scores")
    op.drop_index("ix_bounces_address", "bounces")
    op.drop_table("bounces")
