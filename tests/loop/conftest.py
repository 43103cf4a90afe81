"""Fixtures for the end-to-end game-loop tests."""

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import gmbot.service.app
from gmbot.cli import main
from tests.loop.judgekit import Judge, make_judge, standard_game

Cli = Callable[..., Result]


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, standard_game())


@pytest.fixture
def cli(judge: Judge, monkeypatch: pytest.MonkeyPatch) -> Cli:
    """`gmbot --home HOME ARGS...` in-process, on the judge's clock."""
    real_open = gmbot.service.app.open_app

    def open_on_clock(*args: object, **kw: object) -> gmbot.service.app.App:
        app = real_open(*args, **kw)
        app.clock = judge.clock
        return app

    monkeypatch.setattr(gmbot.service.app, "open_app", open_on_clock)

    def run(*args: str, ok: bool = True, input: bytes | str | None = None) -> Result:
        result = CliRunner().invoke(main, ["--home", str(judge.home), *args], input=input)
        assert (result.exit_code == 0) == ok, result.output
        return result

    return run
