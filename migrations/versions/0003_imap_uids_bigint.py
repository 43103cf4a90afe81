"""IMAP UIDVALIDITY and UIDs as 64-bit integers.

Both are unsigned 32-bit numbers (RFC 3501: up to 4294967295); PostgreSQL's INTEGER stops
at 2147483647, so a server with larger values (Dovecot's UIDVALIDITY is a Unix time,
past that in 2038; other servers use any 32-bit value) could not be read. SQLite's
INTEGER is 64-bit already: its schema only changes its declared type.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("mailbox_state") as batch:
        batch.alter_column("uidvalidity", type_=sa.BigInteger(), existing_type=sa.Integer(),
                           existing_nullable=True)
        batch.alter_column("last_uid", type_=sa.BigInteger(), existing_type=sa.Integer(),
                           existing_nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("mailbox_state") as batch:
        batch.alter_column("uidvalidity", type_=sa.Integer(), existing_type=sa.BigInteger(),
                           existing_nullable=True)
        batch.alter_column("last_uid", type_=sa.Integer(), existing_type=sa.BigInteger(),
                           existing_nullable=False)
