"""Press: relayed messages and their delivered copies; a game's press rules and observers.

Revision ID: 0010
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

from gmbot.store.base import UTCDateTime

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("press", sa.JSON(), nullable=False, server_default="{}"))
        batch.add_column(sa.Column("observers", sa.JSON(), nullable=False, server_default="[]"))
    op.create_table(
        "press",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("phase", sa.String(16), nullable=False),
        sa.Column("sender_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("sender_key", sa.String(64), nullable=False),
        sa.Column("broadcast", sa.Boolean(), nullable=False),
        sa.Column("grey", sa.Boolean(), nullable=False),
        sa.Column("signed_as", sa.String(200), nullable=True),
        sa.Column("recipients", sa.JSON(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("reply_to_id", sa.Integer(), sa.ForeignKey("press.id"), nullable=True),
        sa.Column("inbound_id", sa.Integer(), sa.ForeignKey("inbound.id"), nullable=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
    )
    op.create_index("ix_press_game", "press", ["game_id", "id"])
    op.create_table(
        "press_copies",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("press_id", sa.Integer(), sa.ForeignKey("press.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("message_id", sa.String(998), nullable=False),
    )
    op.create_index("ix_press_copies_message", "press_copies", ["message_id"])


def downgrade() -> None:
    op.drop_index("ix_press_copies_message", table_name="press_copies")
    op.drop_table("press_copies")
    op.drop_index("ix_press_game", table_name="press")
    op.drop_table("press")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("observers")
        batch.drop_column("press")
