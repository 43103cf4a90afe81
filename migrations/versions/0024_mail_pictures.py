"""Issue 33: a map picture kept once for all the mails that show it (mail_pictures), the
outbox row naming it by its SHA-256 (outbound.picture_key). Rows queued before keep their
picture packed in outbound.picture, which reads as before.

Revision ID: 0024
Revises: 0023
"""

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mail_pictures",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("png", sa.LargeBinary(), nullable=False),
    )
    op.add_column("outbound", sa.Column("picture_key", sa.String(64), nullable=True))
    op.create_index("ix_outbound_picture_key", "outbound", ["picture_key"])


def downgrade() -> None:
    # A mail not sent yet gets its picture back in its row: the packed parts end with the
    # PNG (gmbot/mail/parts.py, format 2), and a row with no other part held the bare PNG.
    conn = op.get_bind()
    outbound = sa.table("outbound", sa.column("id"), sa.column("picture", sa.LargeBinary()),
                        sa.column("picture_key", sa.String(64)))
    pictures = sa.table("mail_pictures", sa.column("key", sa.String(64)),
                        sa.column("png", sa.LargeBinary()))
    rows = conn.execute(sa.select(outbound.c.id, outbound.c.picture, pictures.c.png)
                        .join(pictures, pictures.c.key == outbound.c.picture_key)).all()
    for row_id, parts, png in rows:
        conn.execute(outbound.update().where(outbound.c.id == row_id),
                     {"picture": (parts or b"") + png})
    op.drop_index("ix_outbound_picture_key", table_name="outbound")
    with op.batch_alter_table("outbound") as batch:
        batch.drop_column("picture_key")
    op.drop_table("mail_pictures")
