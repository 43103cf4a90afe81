"""Fixtures for the end-to-end game-loop tests."""

from pathlib import Path

import pytest

from tests.loop.judgekit import Judge, make_judge, standard_game


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    return make_judge(tmp_path, standard_game())
