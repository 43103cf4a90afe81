"""Mails read from the Maildir inbox are handled in batches, one transaction per batch and
a savepoint per mail: each mail is still all or nothing, a copy of a mail in the same
batch is a duplicate, and a batch whose transaction fails leaves every one of its mails
unread, recorded nowhere and answered by no one."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError

from gmbot.daemon import loop
from gmbot.service.inbound import record as inbound
from gmbot.store.models import Inbound, OrderSet
from gmbot.store.outbox import Outbound
from tests.loop.judgekit import Judge

# On PostgreSQL too (CONTRIBUTING.md): a savepoint per mail in one transaction.
pytestmark = pytest.mark.dialect(
    "gmbot.service.inbound.handling",
    "gmbot.service.inbound.batch",
    "gmbot.service.inbound.commands.learn",
)


def _count(judge: Judge, model: type) -> int:
    with judge.app.db.transaction() as s:
        return s.scalar(select(func.count()).select_from(model)) or 0


def test_a_copy_in_the_same_batch_is_a_duplicate_and_gets_no_second_reply(
        judge: Judge) -> None:
    name = judge.send("france@example.test", "A PAR - BUR\n")
    raw = (judge.home / "mail/inbox/new" / name).read_bytes()
    judge.send_raw(raw)  # the MTA delivered it twice
    judge.send("germany@example.test", "A MUN - RUH\n")
    report = judge.tick()
    assert sorted(m.status for m in report.mails) == ["duplicate", "handled", "handled"]
    assert len(judge.to("france@example.test", judge.new_mail())) == 1
    assert _count(judge, Inbound) == 2 and _count(judge, OrderSet) == 2


def test_mails_of_several_batches_are_each_handled_once(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loop, "BATCH", 2)
    senders = ["france", "germany", "italy", "england", "austria"]
    for who in senders:
        judge.send(f"{who}@example.test", "HELP\n")
    report = judge.tick()
    assert [m.status for m in report.mails] == ["handled"] * len(senders)
    assert not list((judge.home / "mail/inbox/new").iterdir())
    assert _count(judge, Inbound) == len(senders)
    replies = [m for m in judge.new_mail() if "[g] Help" in str(m["Subject"])]
    assert sorted(str(m["To"]) for m in replies) == sorted(f"{w}@example.test" for w in senders)


def test_a_database_failure_in_a_batch_leaves_all_its_mails_unread(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    real = inbound.handle
    calls = []

    def fail_on_the_second(app, s, mail, record, *rest):  # noqa: ANN001, ANN002, ANN202
        calls.append(mail.sender)
        if len(calls) == 2:
            raise OperationalError("INSERT ...", {}, Exception("database is locked"))
        return real(app, s, mail, record, *rest)

    monkeypatch.setattr(inbound, "handle", fail_on_the_second)
    welcomes = _count(judge, Outbound)  # queued as the game was loaded
    judge.send("france@example.test", "A PAR - BUR\n")
    judge.send("germany@example.test", "A MUN - RUH\n")
    with pytest.raises(OperationalError):
        judge.tick()
    # The first mail was handled in the failed batch: rolled back with it, and unread.
    assert len(list((judge.home / "mail/inbox/new").iterdir())) == 2
    assert _count(judge, Inbound) == 0 and _count(judge, Outbound) == welcomes
    monkeypatch.setattr(inbound, "handle", real)
    report = judge.tick()  # read again once the database is back
    assert sorted(m.status for m in report.mails) == ["handled", "handled"]
    assert _count(judge, Inbound) == 2 and _count(judge, OrderSet) == 2
