"""Sender authentication: a game's `auth` mode and the GM's secret; players' passwords
kept only as scrypt hashes (the clear-text column is hashed and dropped).

Existing games are switched to `auth: on`, the safe default: their players are recognised
by DKIM, a trusted Authentication-Results header, their (old) password, or, once the game
file is loaded again and they have received a judge mail, by replying to it.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

from gmbot.mail.auth.secrets import hash_secret

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("auth", sa.String(16), nullable=False, server_default="on"))
        batch.add_column(sa.Column("gm_secret_hash", sa.String(200), nullable=True))
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("secret_hash", sa.String(200), nullable=True))
    # The per-address notice checks (forged mail, rate limit) run for every refused mail.
    op.create_index("ix_outbound_recipient_kind", "outbound", ["recipient", "kind", "created_at"])
    conn = op.get_bind()
    rows = conn.execute(sa.text("select id, password from players where password is not null"))
    for row_id, password in rows.fetchall():
        if password.strip():
            conn.execute(sa.text("update players set secret_hash = :h where id = :id"),
                         {"h": hash_secret(password), "id": row_id})
    with op.batch_alter_table("players") as batch:
        batch.drop_column("password")
    # Game.source holds each game file as last loaded, passwords included: redact them.
    from gmbot.gamefile import redact_secrets

    games = conn.execute(sa.text("select id, source from games")).fetchall()
    for game_id, source in games:
        cleaned = redact_secrets(source or "")
        if cleaned != source:
            conn.execute(sa.text("update games set source = :s where id = :id"),
                         {"s": cleaned, "id": game_id})


def downgrade() -> None:
    op.drop_index("ix_outbound_recipient_kind", table_name="outbound")
    # Hashes cannot be turned back into passwords: players keep none after a downgrade.
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("password", sa.String(200), nullable=True))
        batch.drop_column("secret_hash")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("gm_secret_hash")
        batch.drop_column("auth")
