"""Fixtures for the end-to-end tests on the real mail servers (skipped without them,
failing instead under GMBOT_TEST_REQUIRE_SERVERS=1: see tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.realmail.mailkit import MailGame, make_mail_game

if TYPE_CHECKING:
    from tests.conftest import MailServers


@pytest.fixture
def game(tmp_path: Path, mail_servers: MailServers, smtp_relay_port: int) -> MailGame:
    """A standard game whose judge reads its IMAP mailbox (STARTTLS, test CA) and sends
    through the SMTP relay; fresh mailboxes for the judge, the GM and the seven powers."""
    return make_mail_game(tmp_path, mail_servers)
