"""The schema's revision, apart from the ORM: the idle check reads it without importing
SQLAlchemy."""

# The newest migration in migrations/versions; tests check it matches Alembic's head.
# 0018 (issue 31) follows 0019 (issue 36): merged in that order.
HEAD_REVISION = "0018"
