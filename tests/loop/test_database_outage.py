"""A database that fails under a mail (down, restarting, a lock or deadlock given up) is
no fault of the mail: it is not set aside as failed but stays in the inbox, and the next
run handles it."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from gmbot.service.inbound import record as inbound
from gmbot.store.models import Inbound
from tests.loop.judgekit import Judge, body

# On PostgreSQL too (CONTRIBUTING.md): a database that fails under a mail.
pytestmark = pytest.mark.dialect("gmbot.service.inbound.record")


def test_a_mail_meeting_a_database_failure_stays_in_the_inbox(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    real = inbound.handle

    def database_gone(*args: object) -> object:
        raise OperationalError("SELECT 1", {}, Exception("server closed the connection"))

    monkeypatch.setattr(inbound, "handle", database_gone)
    judge.send("france@example.test", "A PAR - BUR\n")
    with pytest.raises(OperationalError):
        judge.tick()
    assert len(list((judge.home / "mail/inbox/new").iterdir())) == 1
    with judge.app.db.transaction() as s:
        assert s.scalars(select(Inbound)).all() == []

    monkeypatch.setattr(inbound, "handle", real)  # the database is back
    [outcome] = judge.tick().mails
    assert outcome.status == "handled"
    [ack] = judge.new_mail()
    assert "A PAR - BUR" in body(ack)
