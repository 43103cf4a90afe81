"""No process a crash test starts outlives the test, whatever the test's outcome."""

from collections.abc import Iterator

import pytest

from tests.crash.crashkit import kill_leftovers


@pytest.fixture(autouse=True)
def _no_leftover_processes() -> Iterator[None]:
    yield
    kill_leftovers()
