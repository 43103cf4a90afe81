"""The PostgreSQL pass runs only the tests marked `dialect` (CONTRIBUTING.md, "Which tests
run on PostgreSQL"): every module that builds SQL must be named by one of them, or what it
builds would be tried on SQLite alone. That the marked tests run what they name is checked
by a run with GMBOT_TEST_DIALECT_CHECK=1 (tests/dialectkit.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.dialectkit import REPO, all_test_files, claims_in, sql_modules


def _claims() -> dict[Path, list[str]]:
    found = {}
    for path in all_test_files():
        claims = claims_in(ast.parse(path.read_text(encoding="utf-8")))
        if claims is not None:
            found[path.relative_to(REPO)] = claims
    return found


def test_every_module_that_builds_sql_is_named_by_a_dialect_test() -> None:
    named = {name for claims in _claims().values() for name in claims}
    assert sorted(set(sql_modules()) - named) == []


def test_a_dialect_mark_names_only_modules_that_build_sql() -> None:
    modules = set(sql_modules())
    wrong = {str(path): sorted(set(claims) - modules) for path, claims in _claims().items()}
    assert {path: names for path, names in wrong.items() if names} == {}


def test_a_dialect_mark_names_a_module() -> None:
    # A mark that names nothing could not be checked to run anything.
    assert [str(path) for path, claims in _claims().items() if not claims] == []


def test_the_rule_sees_the_modules_it_is_about() -> None:
    # The rule's finder must keep seeing what it is for: the store, SQL built in the service
    # layer (an upsert of each dialect, a claim that skips locked rows), the idle check's
    # drivers; and not a module that only passes a Session along.
    modules = sql_modules()
    for name in ("gmbot.store.db", "gmbot.store.models", "gmbot.service.outbox.queue",
                 "gmbot.service.outbox.delivery", "gmbot.daemon.idle"):
        assert name in modules
    assert "gmbot.service.gm.announce" not in modules  # a Session passed along
    assert "gmbot.store.revision" not in modules  # a constant
    assert "gmbot.store.migration_folder" not in modules  # a path
