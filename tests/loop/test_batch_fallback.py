"""A batch of mails is handled in one go, with no savepoint a mail; when one mail of it
fails (a bug, not bad input), the batch is rolled back and handled again with a savepoint
a mail, so that the failing mail is set aside and none of the others is lost: each is
acknowledged once, and its orders are stored."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from gmbot.service.inbound import record as inbound
from gmbot.store.models import Inbound, OrderSet, Player
from tests.loop.judgekit import Judge, body

# On PostgreSQL too (CONTRIBUTING.md): a failed transaction there is rolled back whole,
# and the records' ids are handed out from its sequence (batch_rows.py).
pytestmark = pytest.mark.dialect("gmbot.service.inbound.record", "gmbot.service.batch_rows")

POISONED = "germany@example.test"


def _poison(monkeypatch: pytest.MonkeyPatch) -> None:
    """Germany's mail fails after it was handled: its orders and reply are written, then
    rolled back with it."""
    real = inbound.handle

    def failing_for_germany(app, s, mail, record, *rest):  # noqa: ANN001, ANN002, ANN202
        outcome = real(app, s, mail, record, *rest)
        if mail.sender == POISONED:
            raise RuntimeError("a bug met while reading this mail")
        return outcome

    monkeypatch.setattr(inbound, "handle", failing_for_germany)


def _orders(judge: Judge) -> dict[str, list[str]]:
    with judge.app.db.transaction() as s:
        rows = s.execute(select(Player.power, OrderSet.lines).join(Player)).all()
    return {power: list(lines) for power, lines in rows}


def test_a_failing_mail_in_the_middle_of_a_batch_loses_none_of_the_others(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    _poison(monkeypatch)
    judge.send("france@example.test", "A PAR - BUR\n")
    judge.send("england@example.test", "F LON - NTH\n")
    judge.send(POISONED, "A MUN - RUH\n")
    judge.send("italy@example.test", "A VEN - TYR\n")
    judge.send("russia@example.test", "A WAR - GAL\n")
    report = judge.tick()
    assert [m.status for m in report.mails] == [
        "handled", "handled", "failed", "handled", "handled"]
    assert _orders(judge) == {"FRANCE": ["A PAR - BUR"], "ENGLAND": ["F LON - NTH"],
                              "ITALY": ["A VEN - TYR"], "RUSSIA": ["A WAR - GAL"]}
    mails = judge.new_mail()
    for who, order in [("france", "A PAR - BUR"), ("england", "F LON - NTH"),
                       ("italy", "A VEN - TYR"), ("russia", "A WAR - GAL")]:
        (ack,) = judge.to(f"{who}@example.test", mails)
        assert order in body(ack)
    (told,) = judge.to(POISONED, mails)
    assert "nothing in it was carried out" in body(told)
    assert "A MUN - RUH" not in body(told)
    with judge.app.db.transaction() as s:
        statuses = sorted(s.scalars(select(Inbound.status)))
    assert statuses == ["failed", "handled", "handled", "handled", "handled"]


def test_a_batch_without_failure_acknowledges_each_mail_once(judge: Judge) -> None:
    judge.send("france@example.test", "A PAR - BUR\n")
    judge.send("france@example.test", "A MAR - SPA\n")
    judge.send("germany@example.test", "A MUN - RUH\n")
    report = judge.tick()
    assert [m.status for m in report.mails] == ["handled"] * 3
    assert _orders(judge)["GERMANY"] == ["A MUN - RUH"]
    mails = judge.new_mail()
    assert len(judge.to("france@example.test", mails)) == 2
    assert len(judge.to("germany@example.test", mails)) == 1
    with judge.app.db.transaction() as s:
        versions = sorted(s.scalars(select(OrderSet.version).join(Player)
                                    .where(Player.power == "FRANCE")))
    assert versions == [1, 2]
