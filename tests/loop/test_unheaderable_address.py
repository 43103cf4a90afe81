"""A mail whose address cannot stand in a header (a CR LF and a Bcc in it, planted in the
outbox as an old import could have) never stops the outbox: that one mail is parked and
the GM told, every other mail goes out and `gmbot tick` exits 0."""

from __future__ import annotations

from sqlalchemy import select

from gmbot.service.outbox.queue import queue_mail
from gmbot.store.models import Game
from gmbot.store.outbox import Outbound
from tests.loop.conftest import Cli
from tests.loop.judgekit import Judge, body

INJECTED = "france@example.test\r\nBcc: victim@example.org"


def test_a_bad_address_parks_its_mail_and_the_others_go(judge: Judge, cli: Cli) -> None:
    judge.new_mail()
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game).where(Game.name == "g")).one()
        for n, to in enumerate(["england@example.test", INJECTED, "italy@example.test"]):
            queue_mail(s, key=f"planted:{n}", kind="announce", sender=game.judge,
                       recipient=to, subject=f"Planted {n}", body="A word from the GM.\n",
                       now=judge.clock(), game=game)
    run = cli("tick")
    assert "Traceback" not in run.output
    mails = judge.new_mail()
    subjects = [(m["To"], m["Subject"]) for m in mails]
    assert ("england@example.test", "Planted 0") in subjects
    assert ("italy@example.test", "Planted 2") in subjects
    assert not any("victim" in str(m.get("Bcc", "")) + str(m["To"]) for m in mails)
    with judge.app.db.transaction() as s:
        row = s.scalars(select(Outbound).where(Outbound.recipient == INJECTED)).one()
        assert row.status == "parked" and "cannot be written" in (row.last_error or "")
    cli("tick")  # it stays parked, later ticks go on, and the GM's notice goes out
    told = judge.to("gm@example.test", mails + judge.new_mail())
    assert len(told) == 1 and "Undeliverable" in told[0]["Subject"]
    assert "\r" not in told[0]["Subject"] and "Bcc" not in told[0]
    assert r"To: france@example.test\r\nBcc: victim@example.org" in body(told[0])
