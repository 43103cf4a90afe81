"""Where the Alembic migrations are: the script location the schema upgrade runs."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def migrations_folder() -> Path:
    """The migrations (env.py and versions/), found through the gmbot package: an
    installed wheel holds them in gmbot/migrations (the build maps the repository's
    migrations/ there, pyproject.toml); run from the repository (an editable install, the
    tests) they are the migrations/ beside the package."""
    package = files("gmbot")
    if not isinstance(package, Path):
        # Alembic loads env.py and the versions from files: gmbot never runs from a zip.
        raise RuntimeError(f"gmbot is not installed as files: {package}")
    installed = package / "migrations"
    return installed if installed.is_dir() else package.parent / "migrations"
