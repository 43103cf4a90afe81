"""The schema's revision, apart from the ORM: the idle check reads it without importing
SQLAlchemy."""

# The newest migration in migrations/versions; tests check it matches Alembic's head.
HEAD_REVISION = "0024"
