"""What gmbot ships beside its code: the mail templates and the Alembic migrations are
found through the package, in this checkout as in an installed wheel (where the build puts
them at the names pyproject.toml maps them to). No wheel is built here: CI builds one and
plays the demo from it (.ci/run)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from gmbot.service.outbox import render, template_folder
from gmbot.service.outbox.template_folder import templates_folder
from gmbot.store import migration_folder
from gmbot.store.db import HEAD_REVISION, MIGRATIONS
from gmbot.store.migration_folder import migrations_folder
from gmbot.variants import DECLARED_VARIANTS

REPO = Path(__file__).resolve().parents[1]


def test_the_templates_folder_holds_the_mail_templates() -> None:
    folder = templates_folder()
    names = {p.relative_to(folder).as_posix() for p in folder.rglob("*.j2")}
    assert {"welcome.txt.j2", "ack.txt.j2", "results.txt.j2", "help.txt.j2"} <= names
    # The how-to texts live in their variants' folders (gmbot/variants/NAME/howto.txt.j2),
    # in the package itself; the renderer's loader finds them under their template names.
    assert render.environment().get_template("howto/standard.txt.j2").filename == str(
        Path(str(DECLARED_VARIANTS["standard"].folder)) / "howto.txt.j2")
    assert folder == render.TEMPLATES
    subject, body = render.render("unverified.txt.j2", game="demo")
    assert subject == "[demo] A mail in your name could not be verified"
    assert "could not be verified" in body


def test_the_migrations_folder_holds_the_environment_and_the_versions() -> None:
    folder = migrations_folder()
    assert (folder / "env.py").is_file()
    assert sorted(p.name for p in (folder / "versions").glob("0001_*.py")) \
        == ["0001_initial_schema.py"]
    assert ScriptDirectory(str(folder)).get_current_head() == HEAD_REVISION
    assert folder == MIGRATIONS


def test_the_wheel_maps_them_where_the_look_ups_find_them() -> None:
    wheel = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["sources"] == {"templates": "gmbot/templates",
                                "migrations": "gmbot/migrations"}
    assert {"gmbot", "templates", "migrations"} <= set(wheel["only-include"])


@pytest.mark.parametrize(("module", "look_up", "name"), [
    (template_folder, templates_folder, "templates"),
    (migration_folder, migrations_folder, "migrations"),
])
def test_an_installed_package_is_read_from_inside_and_a_checkout_from_beside(
        module: object, look_up: Callable[[], Path], name: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "site-packages" / "gmbot"
    package.mkdir(parents=True)
    monkeypatch.setattr(module, "files", lambda _name: package)
    assert look_up() == tmp_path / "site-packages" / name  # a checkout: beside the package
    (package / name).mkdir()
    assert look_up() == package / name  # a wheel: inside it
