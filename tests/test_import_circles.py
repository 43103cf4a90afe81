"""No import circles in gmbot: a module may not be imported, directly or through others,
by a module it imports. Every import counts, also one inside a function or under
TYPE_CHECKING: a circle hidden there is still a knot in the design. `from pkg import x`
depends on the package `pkg` (its __init__) and on the module `pkg.x` if there is one;
`import pkg.x` depends on `pkg.x` only."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

GMBOT = Path(__file__).resolve().parents[1] / "gmbot"


def modules(root: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package at `root`."""
    out = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imported_names(name: str, path: Path) -> set[str]:
    """Every dotted name the module's import statements name, relative ones made absolute."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    known = modules(root)
    return {
        name: {other for other in imported_names(name, path) if other in known and other != name}
        for name, path in known.items()
    }


def a_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of the graph, its first module repeated at the end, or None."""
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as error:
        return list(reversed(error.args[1]))  # graphlib walks it against the imports
    return None


def test_gmbot_has_no_import_circle() -> None:
    circle = a_circle(import_graph(GMBOT))
    assert circle is None, "import circle: " + " imports ".join(circle or [])


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


@pytest.mark.parametrize("files", [
    pytest.param({"__init__.py": "from pkg.rules import Rules\n",
                  "rules.py": "from pkg import economy\nclass Rules: ...\n",
                  "economy.py": ""}, id="through-the-package-init"),
    pytest.param({"__init__.py": "",
                  "a.py": "def f():\n    from .b import g\n",
                  "b.py": "from pkg.a import f\ndef g(): ...\n"}, id="inside-a-function"),
    pytest.param({"__init__.py": "",
                  "sub/__init__.py": "",
                  "sub/a.py": "from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from ..b import B\n",
                  "b.py": "import pkg.sub.a\nclass B: ...\n"}, id="under-type-checking"),
])
def test_a_circle_is_found_wherever_its_imports_hide(tmp_path: Path, files: dict) -> None:
    circle = a_circle(import_graph(_package(tmp_path, files)))
    assert circle is not None and circle[0] == circle[-1]


def test_a_module_imported_by_its_full_name_is_no_circle_with_the_package(
    tmp_path: Path,
) -> None:
    root = _package(tmp_path, {"__init__.py": "from pkg.rules import Rules\n",
                               "rules.py": "import pkg.economy as eco\nclass Rules: ...\n",
                               "economy.py": ""})
    assert a_circle(import_graph(root)) is None


def test_every_service_package_has_its_place_in_the_layers() -> None:
    """The layers contract only checks the packages it names: a service sub-package left out
    of it could import any flow, and a package circle could hide behind it."""
    import tomllib

    config = tomllib.loads((GMBOT.parent / "pyproject.toml").read_text())
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c["type"] == "layers" and c["containers"] == ["gmbot.service"])
    placed = {name.strip() for layer in contract["layers"] for name in layer.split("|")}
    packages = {p.parent.name for p in (GMBOT / "service").glob("*/__init__.py")}
    assert packages - placed == set()
