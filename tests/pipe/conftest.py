"""No process a test of piped mail starts outlives the test, and the background workers
that `gmbot ingest` started are done before the next test."""

from collections.abc import Iterator

import pytest

from tests.crash.crashkit import kill_leftovers


@pytest.fixture(autouse=True)
def _no_leftover_processes() -> Iterator[None]:
    yield
    kill_leftovers()
