"""Where the mail templates are: the folder the renderer's Jinja loader reads."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def templates_folder() -> Path:
    """The mail templates, found through the gmbot package: an installed wheel holds them
    in gmbot/templates (the build maps the repository's templates/ there, pyproject.toml);
    run from the repository (an editable install, the tests) they are the templates/
    beside the package."""
    package = files("gmbot")
    if not isinstance(package, Path):
        # Jinja reads real files: gmbot runs from an unpacked install, never from a zip.
        raise RuntimeError(f"gmbot is not installed as files: {package}")
    installed = package / "templates"
    return installed if installed.is_dir() else package.parent / "templates"
