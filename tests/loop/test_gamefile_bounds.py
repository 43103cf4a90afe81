"""A game file that would exhaust memory is refused with a clear error before it does:
a YAML alias bomb (14 lines, billions of values once expanded), a file with too many
values, an enormous file. `gmbot game load`, as the GM runs it; the game is untouched."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from sqlalchemy import select

from gmbot.gamefile import MAX_FILE_CHARS, MAX_NODES
from gmbot.store.models import Game
from tests.loop.conftest import Cli
from tests.loop.judgekit import Judge

BOMB = """name: g
variant: standard
gm: gm@example.test
judge: judge@example.test
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
players: *i
"""


def load_refused(judge: Judge, cli: Cli, path: Path) -> str:
    before = source(judge)
    tracemalloc.start()
    try:
        output = cli("game", "load", str(path), ok=False).output
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 200_000_000
    assert "the game file has errors:" in output
    assert source(judge) == before
    return output


def source(judge: Judge) -> str:
    with judge.app.db.transaction() as s:
        return s.scalars(select(Game.source)).one()


def test_a_yaml_alias_bomb_is_refused(judge: Judge, cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(BOMB, encoding="utf-8")
    assert len(BOMB.splitlines()) == 14
    output = load_refused(judge, cli, path)
    assert "YAML aliases (*name) are expanded" in output and "alias bomb" in output


def test_a_file_with_too_many_values_is_refused(judge: Judge, cli: Cli,
                                                tmp_path: Path) -> None:
    path = tmp_path / "wide.yaml"
    path.write_text("name: g\nextra:\n" + "  - [1, 2, 3, 4, 5, 6, 7, 8, 9]\n" * (MAX_NODES // 9),
                    encoding="utf-8")
    output = load_refused(judge, cli, path)
    assert f"more than {MAX_NODES:,} values" in output


def test_an_enormous_file_is_refused(judge: Judge, cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("name: g\n# " + "x" * MAX_FILE_CHARS + "\n", encoding="utf-8")
    output = load_refused(judge, cli, path)
    assert f"a game file may have at most {MAX_FILE_CHARS:,}" in output
