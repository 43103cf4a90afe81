"""Which tests run on PostgreSQL too: the `dialect` mark, the modules it must cover, and
the check that a mark's claims are true.

The PostgreSQL pass of scripts/test runs only the tests marked `dialect` (the rule is in
CONTRIBUTING.md): a test module whose outcome can depend on the database carries
`pytestmark = pytest.mark.dialect("gmbot.service.outbox.queue", ...)`, naming the modules
that build SQL which it is there to try on both databases (those it runs only in a gmbot
subprocess go in `in_subprocess=(...)`). Every such module must be named by one
(tests/test_dialect_marks.py checks it without running anything); a `dialect` test is a
`store` test wherever it lives.

That a marked module really runs what it names is checked by running it with
GMBOT_TEST_DIALECT_CHECK=1 (one process: `-p no:xdist`): the modules that build SQL are
then compiled with a note at the start of every function, and a test module whose tests
ran none of a named module's functions fails at its end (the `in_subprocess` ones are
not seen from the test's process, so not checked).
"""

from __future__ import annotations

import ast
import builtins
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import CodeType, ModuleType

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "gmbot"
CHECK_ENV = "GMBOT_TEST_DIALECT_CHECK"
# The modules that talk to a database other than through the ORM's Session type: the
# statement builders of the top-level package, a dialect's own, or a driver used directly.
_SQL_IMPORTS = ("sqlalchemy", "sqlalchemy.dialects", "sqlite3", "psycopg")
_NOTE = "_gmbot_dialect_ran"  # the builtin the instrumented functions call
# Test directories and modules whose tests use the store (marked `store`, tests/conftest.py).
STORE_TESTS = ("loop", "realmail", "crash", "pipe", "test_store.py")


def is_store_test(path: Path) -> bool:
    tests = REPO / "tests"
    return path.is_relative_to(tests) and path.relative_to(tests).parts[0] in STORE_TESTS


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _builds_sql(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        # sqlalchemy.orm, .exc, .types: the Session and its kin, which build no statement.
        if any(n == wanted or (n.startswith(wanted + ".") and wanted != "sqlalchemy")
               for n in names for wanted in _SQL_IMPORTS):
            return True
    return False


def _has_functions(tree: ast.Module) -> bool:
    return any(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) for n in ast.walk(tree))


def sql_modules() -> dict[str, Path]:
    """Every gmbot module that builds SQL, by dotted name: under gmbot/store/ the schema and
    the engine (the revision and the migrations' folder are a constant and a path)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if _has_functions(tree) and _builds_sql(tree):
            found[module_name(path)] = path
    return found


def claims_in(tree: ast.Module) -> list[str] | None:
    """The modules a test file's `pytest.mark.dialect(...)` names (its arguments, and its
    `in_subprocess` list); None without one."""
    claims: list[str] | None = None
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "dialect" and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "mark"):
            values = list(node.args)
            for keyword in node.keywords:
                if isinstance(keyword.value, ast.Tuple | ast.List):
                    values += keyword.value.elts
            claims = (claims or []) + [v.value for v in values
                                       if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    return claims


def all_test_files() -> Iterator[Path]:
    yield from sorted((REPO / "tests").rglob("test_*.py"))


# -- the check that marks are true (GMBOT_TEST_DIALECT_CHECK=1) -------------------------

ran: set[str] = set()  # the instrumented modules whose functions ran since the last reset
tried: set[str] = set()  # test modules with a test that ran (not skipped: on SQLite, a
# PostgreSQL-only test is checked in a run on PostgreSQL)
ran_by_test_module: dict[str, set[str]] = {}


class _NotingTransformer(ast.NodeTransformer):
    def __init__(self, name: str) -> None:
        self.name = name

    def _note(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        self.generic_visit(node)
        call = ast.Expr(ast.Call(ast.Name(_NOTE, ast.Load()), [ast.Constant(self.name)], []))
        node.body.insert(0, ast.copy_location(call, node.body[0]))
        return node

    visit_FunctionDef = _note
    visit_AsyncFunctionDef = _note


class _NotingLoader(importlib.machinery.SourceFileLoader):
    def get_code(self, fullname: str) -> CodeType:
        # Never the cached bytecode (it has no notes), and no instrumented bytecode cached.
        path = self.get_filename(fullname)
        tree = ast.parse(Path(path).read_bytes(), filename=path)
        tree = ast.fix_missing_locations(_NotingTransformer(fullname).visit(tree))
        code: CodeType = compile(tree, path, "exec", dont_inherit=True)
        return code


class _NotingFinder(importlib.abc.MetaPathFinder):
    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None:
            return None
        spec.loader = _NotingLoader(fullname, spec.origin)
        return spec


def install_check() -> None:
    """Instrument the modules that build SQL; before any of them is imported."""
    names = set(sql_modules())
    early = sorted(names & set(sys.modules))
    if early:
        raise RuntimeError(f"{CHECK_ENV}: already imported, cannot be checked: {early}")
    setattr(builtins, _NOTE, ran.add)
    sys.meta_path.insert(0, _NotingFinder(names))
