"""The models' modules (gmbot/store/, one concept each): gmbot.store.schema maps every table
one of them declares, else the check that the models match the migrations
(tests/test_store.py) and Alembic would not see it; and each, imported alone, maps every
table its foreign keys name, else a flush of its rows fails in a process that imported only
it. Each module is tried in an interpreter of its own: this one has imported them all."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import gmbot.store

# Prints the tables mapped once the module named is imported, and those their foreign keys
# name that are not mapped.
PROBE = """
import importlib, json, sys
from gmbot.store.base import Base
importlib.import_module(sys.argv[1])
tables = Base.metadata.tables
named = {fk.target_fullname.split(".")[0] for t in tables.values() for fk in t.foreign_keys}
print(json.dumps([sorted(tables), sorted(named - set(tables))]))
"""


def _mapped(module: str) -> tuple[set[str], list[str]]:
    out = subprocess.run([sys.executable, "-c", PROBE, module], check=True,
                         capture_output=True, text=True).stdout
    tables, unmapped = json.loads(out)
    return set(tables), unmapped


def test_each_model_module_maps_what_it_refers_to_and_the_schema_maps_them_all() -> None:
    declared: set[str] = set()
    for info in pkgutil.iter_modules(gmbot.store.__path__, "gmbot.store."):
        tables, unmapped = _mapped(info.name)
        assert unmapped == [], f"{info.name} refers to tables it does not import: {unmapped}"
        declared |= tables
    assert _mapped("gmbot.store.schema")[0] == declared
