"""Persistence: SQLAlchemy models, sessions, migrations. Knows no rules and no mail."""
