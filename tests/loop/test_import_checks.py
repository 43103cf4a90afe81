"""`gmbot game import` refuses what a game file could never hold, each with one line
naming the field and a non-zero exit, never a traceback: the hostile files of issue 31
(an address with a header in it, a phase named for a path, powers off the map...)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gmbot.cli import main
from gmbot.service.archive.run import export_text
from gmbot.store.models import Game
from tests.authkit import trust_the_mx
from tests.loop.judgekit import Judge, make_judge, standard_game

# On PostgreSQL too (CONTRIBUTING.md): the import's checks before it writes.
pytestmark = pytest.mark.dialect("gmbot.service.archive.restore")

INJECTED = "france@example.test\r\nBcc: victim@example.org"


@pytest.fixture(scope="module")
def full(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    judge: Judge = make_judge(tmp_path_factory.mktemp("checks"), standard_game(
        extra="observers: [watcher@example.test]\nstandby: [sub@example.test]\n"))
    data: dict[str, Any] = json.loads(export_text(judge.app, "g", scope="full"))
    return data


def spoiled(full: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """`full` with the field at `path` (dots and [n]) set to `value`."""
    data = copy.deepcopy(full)
    keys: list[Any] = [int(k) if k.isdigit() else k for k in path.replace("[", ".").replace("]", "")
            .split(".")]
    here = data
    for key in keys[:-1]:
        here = here[key]
    here[keys[-1]] = value
    return data


ATTACKS = [
    ("players[2].address", INJECTED, "players[2].address: not an email address"),
    ("game.gm", "gm@example.test\nBcc: x@example.org", "game.gm: not an email address"),
    ("game.observers[0]", "not an address", "game.observers[0]: not an email address"),
    ("game.standby[0]", "a@b@c", "game.standby[0]: not an email address"),
    ("game.status", "bogus", "game.status: 'bogus' is no game status"),
    ("players[0].power", "NARNIA", "players[0].power: 'NARNIA' is no power"),
    ("players[3].power", "FRANCE", "players[3]: FRANCE is already played by players[2]"),
    ("game.nmr", "weird", "game.nmr: 'weird' is no missed-orders policy"),
    ("game.missed_orders", {"then": "nothing"}, "game.missed_orders.then: expected one of"),
    ("phases[0].name", "../x", "phases[0].name: '../x' is no phase name"),
    ("game.name", "../x", "game.name: '../x' is no game name"),
    ("players[1].name", "Bob\r\nBcc: x@example.org", "players[1].name:"),
    ("game.auth", "maybe", "game.auth: 'maybe'"),
    ("game.deadlines", {"movement": "soon"}, "game.deadlines.movement: not a duration"),
    # A setting the import would not keep is refused, not dropped.
    ("game.missed_orders.approval", True, "game.missed_orders.approval: unknown key"),
    ("game.absences.per_year", 9, "game.absences.per_year: unknown key"),
    ("game.press.grey", True, "game.press.grey: unknown key"),
    ("game.deadlines.movment", "48h", "game.deadlines.movment: unknown field"),
    ("game.votes.secret", "yes", "game.votes.secret: expected bool"),
    ("game.press.allowed", "everything", "game.press.allowed: 'everything': use one of"),
    ("game.absences.at_once", 0, "game.absences.at_once: expected a whole number"),
]


@pytest.mark.parametrize(("path", "value", "said"), ATTACKS, ids=[a[0] for a in ATTACKS])
def test_import_refuses_in_one_line(full: dict[str, Any], tmp_path: Path, path: str,
                                    value: Any, said: str) -> None:
    home = tmp_path / "other"
    trust_the_mx(home)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(spoiled(full, path, value)), encoding="utf-8")
    done = CliRunner().invoke(main, ["--home", str(home), "game", "import", str(bad),
                                     "--name", "moved"])
    assert done.exit_code == 1, done.output
    lines = done.output.strip().splitlines()
    assert len(lines) == 1 and said in lines[0], done.output
    assert "Traceback" not in done.output and isinstance(done.exception, SystemExit)


def test_the_unspoiled_file_is_imported(full: dict[str, Any], tmp_path: Path) -> None:
    home = tmp_path / "other"
    trust_the_mx(home)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(full), encoding="utf-8")
    done = CliRunner().invoke(main, ["--home", str(home), "game", "import", str(good),
                                     "--name", "moved"])
    assert done.exit_code == 0, done.output
    from gmbot.service.app import open_app
    with open_app(home).db.transaction() as s:
        game = s.query(Game).filter_by(name="moved").one()
        assert game.settings.observers == ["watcher@example.test"]
