"""The background worker's loop (service/spool.py), in process on a judge's clock: it
answers every spooled mail, and one spooled just after its last look — which found the
worker lock held, so started no worker of its own — is answered too, since the worker
looks again once it has let go of the lock."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

import pytest

from gmbot.daemon.drain import work
from gmbot.pipe.spool import waiting, write
from gmbot.pipe.worker import SpoolLock
from tests.authkit import stamp
from tests.loop.judgekit import Judge, make_judge, standard_game

# On PostgreSQL too (CONTRIBUTING.md): the worker and a new spooled mail at once.
pytestmark = pytest.mark.dialect("gmbot.service.runtime")


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    judge = make_judge(tmp_path, standard_game())
    judge.new_mail()  # the welcome mails
    return judge


def orders(judge: Judge, sender: str, line: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "judge@example.test"
    msg["Subject"] = "orders"
    msg["Date"] = format_datetime(judge.clock())
    msg["Message-ID"] = make_msgid(domain="example.test")
    msg.set_content(line + "\n")
    return stamp(msg.as_bytes())


class LateMailLock(SpoolLock):
    """A worker lock under which a mail is spooled at the worst moment: after the worker
    found the spool empty, before it released the lock."""

    def __init__(self, spool: Path, late: bytes) -> None:
        super().__init__(spool)
        self.spool, self.late = spool, late

    def release(self) -> None:
        if self.late:
            assert not waiting(self.spool)  # the worker's last look found nothing
            write(self.spool, self.late)
            self.late = b""
        super().release()


def test_the_worker_answers_every_spooled_mail_and_leaves_the_lock_free(judge: Judge) -> None:
    spool = judge.app.config.spool
    write(spool, orders(judge, "france@example.test", "A PAR - BUR"))
    write(spool, orders(judge, "england@example.test", "F LON - NTH"))
    lines = work(judge.app, SpoolLock(spool))
    assert lines == ["handled: g", "handled: g"]  # both read, game g
    assert {m["To"] for m in judge.new_mail()} == {"france@example.test",
                                                   "england@example.test"}
    assert not waiting(spool)
    assert SpoolLock(spool).acquire()


def test_a_mail_spooled_as_the_worker_finishes_is_answered_by_it(judge: Judge) -> None:
    spool = judge.app.config.spool
    write(spool, orders(judge, "france@example.test", "A PAR - BUR"))
    late = orders(judge, "germany@example.test", "A MUN - RUH")
    work(judge.app, LateMailLock(spool, late))
    assert {m["To"] for m in judge.new_mail()} == {"france@example.test",
                                                   "germany@example.test"}
    assert not waiting(spool)


def test_a_worker_finding_the_lock_held_leaves_the_spool_to_its_holder(judge: Judge) -> None:
    spool = judge.app.config.spool
    write(spool, orders(judge, "france@example.test", "A PAR - BUR"))
    holder = SpoolLock(spool)
    assert holder.acquire()
    try:
        assert work(judge.app, SpoolLock(spool)) == []
        assert waiting(spool)
    finally:
        holder.release()
