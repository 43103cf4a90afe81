"""The whole schema at once, for what compares all of it with a database: Alembic's
environment (migrations/env.py) and the check that the models match the migrations
(tests/test_store.py). The models are one concept to a module, each importing the modules
its foreign keys point into, so that whoever uses a model has mapped every table its rows
refer to; importing this module maps them all."""

from __future__ import annotations

from sqlalchemy import MetaData

from gmbot.store import bounces, models, outbox, press
from gmbot.store.base import Base

# The modules that declare tables (tests/test_store.py checks that none is missing).
MODULES = (models, outbox, bounces, press)

METADATA: MetaData = Base.metadata
