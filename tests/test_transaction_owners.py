"""Only the service layer opens a transaction (ARCHITECTURE.md, "One transaction per use
case"): no module outside gmbot/service calls `transaction()`, so the command line, the
daemon and the libraries call use cases and never hold a transaction of their own."""

from __future__ import annotations

import ast
from pathlib import Path

GMBOT = Path(__file__).resolve().parents[1] / "gmbot"


def transactions_opened(path: Path) -> list[int]:
    """The lines of `path` that call something's `transaction()`."""
    return [node.lineno for node in ast.walk(ast.parse(path.read_text(), str(path)))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "transaction"]


def test_no_module_outside_the_service_layer_opens_a_transaction() -> None:
    found = [f"{path.relative_to(GMBOT.parent)}:{line}"
             for path in sorted(GMBOT.rglob("*.py")) if "service" not in path.parts
             for line in transactions_opened(path)]
    assert found == []


def test_the_check_sees_a_transaction_opened() -> None:
    # The command line's use cases open theirs: the check finds them there.
    assert transactions_opened(GMBOT / "service" / "console" / "games.py")
