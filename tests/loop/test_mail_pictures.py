"""A map shown by many mails is kept once until they are sent: a phase's results show one
board to every player of standard Diplomacy, and their eight mails named one stored
picture, not eight copies. Each mail still carries the map, byte for byte; the picture
goes with the last mail that shows it, but a parked mail keeps its own."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from gmbot.engine.map import load_map
from gmbot.mail.errors import PermanentFailure
from gmbot.mail.maildir import MaildirOutbox
from gmbot.mail.parts import pack, unpack
from gmbot.store.outbox import MailPicture, Outbound
from tests.loop.judgekit import POWERS, Judge
from tests.picture.mapkit import inline_picture

# On PostgreSQL too (CONTRIBUTING.md): the pictures' own statements.
pytestmark = pytest.mark.dialect(
    "gmbot.service.outbox.pictures",
    "gmbot.service.outbox.insert_new",
)

START = {k: list(p.units) for k, p in load_map("standard").powers.items()}
PNG = b"\x89PNG\r\n\x1a\n"


def addr(power: str) -> str:
    return f"{power.lower()}@example.test"


def play_spring(judge: Judge) -> None:
    for power in POWERS:
        judge.send(addr(power), "\n".join(f"{u} H" for u in START[power]) + "\n",
                   subject="[g] spring")
    assert judge.tick().processed == ["g: S1901M processed (early); next F1901M"]


def results_rows(judge: Judge) -> list[Outbound]:
    with judge.app.db.transaction() as s:
        rows = s.scalars(select(Outbound).where(Outbound.kind == "results")).all()
        s.expunge_all()
        return list(rows)


def stored_pictures(judge: Judge) -> dict[str, bytes]:
    with judge.app.db.transaction() as s:
        return {k: png for k, png in s.execute(select(MailPicture.key, MailPicture.png))}


def test_the_results_of_a_phase_keep_one_picture_for_all_their_mails(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = MaildirOutbox.write

    def full_disk(self: MaildirOutbox, msg: object, name: str) -> object:
        raise OSError(28, "No space left on device")

    judge.new_mail()
    monkeypatch.setattr(MaildirOutbox, "write", full_disk)
    play_spring(judge)  # adjudicated, the mails queued; none could be written
    rows = results_rows(judge)
    assert len(rows) == len(POWERS) + 1 and {r.status for r in rows} == {"queued"}
    [(key, png)] = stored_pictures(judge).items()
    assert png.startswith(PNG) and {r.picture_key for r in rows} == {key}
    # The rows hold the HTML part and the calendar entry, not a copy of the map.
    assert all(unpack(r.picture).picture is None for r in rows)

    monkeypatch.setattr(MaildirOutbox, "write", real_write)
    judge.clock.advance(minutes=5)  # the retry is due
    judge.tick()
    results = [m for m in judge.new_mail() if "results" in m["Subject"]]
    assert sorted(m["To"] for m in results) == sorted(["gm@example.test", *map(addr, POWERS)])
    assert {inline_picture(m) for m in results} == {png}
    # Sent: the picture is gone with its last mail.
    assert stored_pictures(judge) == {}
    assert {r.picture_key for r in results_rows(judge)} == {None}


def test_a_parked_mail_keeps_its_picture_and_the_others_go(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = MaildirOutbox.write

    def refuse_england(self: MaildirOutbox, msg: bytes, name: str) -> object:
        if b"\r\nTo: england@example.test\r\n" in msg:
            raise PermanentFailure("550 no such mailbox")
        return real_write(self, msg, name)

    judge.new_mail()
    monkeypatch.setattr(MaildirOutbox, "write", refuse_england)
    play_spring(judge)
    sent = [m for m in judge.new_mail() if "results" in m["Subject"]]
    assert addr("ENGLAND") not in [m["To"] for m in sent] and len(sent) == len(POWERS)
    [parked] = [r for r in results_rows(judge) if r.status == "parked"]
    assert parked.recipient == addr("ENGLAND")
    # Kept for the parked mail, which would be sent as it was queued, map and all.
    [(key, png)] = stored_pictures(judge).items()
    assert parked.picture_key == key and png == inline_picture(sent[0])


def test_a_mail_queued_with_its_picture_in_its_row_still_shows_it(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    """A row queued before pictures were kept apart (migration 0024) holds its map packed
    with its other parts, and is sent with it."""
    real_write = MaildirOutbox.write

    def full_disk(self: MaildirOutbox, msg: object, name: str) -> object:
        raise OSError(28, "No space left on device")

    judge.new_mail()
    monkeypatch.setattr(MaildirOutbox, "write", full_disk)
    play_spring(judge)
    [(key, png)] = stored_pictures(judge).items()
    with judge.app.db.transaction() as s:  # the rows as an older gmbot queued them
        for row in s.scalars(select(Outbound).where(Outbound.picture_key == key)):
            parts = unpack(row.picture)
            row.picture, row.picture_key = pack(parts.html, png, parts.calendar), None
        s.execute(MailPicture.__table__.delete())
    monkeypatch.setattr(MaildirOutbox, "write", real_write)
    judge.clock.advance(minutes=5)
    judge.tick()
    results = [m for m in judge.new_mail() if "results" in m["Subject"]]
    assert len(results) == len(POWERS) + 1 and {inline_picture(m) for m in results} == {png}


def test_a_picture_no_mail_shows_any_more_is_not_kept(judge: Judge) -> None:
    """A mail whose text is replaced before it is sent (the same action repeated) loses
    its map; if no other mail shows that map, the picture is deleted with it."""
    from gmbot.service.outbox.queue import queue_mail, rewrite_queued
    from gmbot.store.models import Game

    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game).where(Game.name == "g")).one()
        queue_mail(s, key="planted", kind="announce", sender=game.judge,
                   recipient=addr("FRANCE"), subject="A map", body="Look.\n",
                   now=judge.clock(), game=game, picture=PNG + b"one")
        assert s.scalar(select(func.count()).select_from(MailPicture)) == 1
        assert rewrite_queued(s, "planted", game, "No map", "Read.\n", None)
        assert s.scalar(select(func.count()).select_from(MailPicture)) == 0


def test_a_picture_being_queued_again_elsewhere_is_not_deleted(
        empty_database_url: str) -> None:
    """PostgreSQL, two hosts: one sends the last mail showing a map while the other queues
    a new mail with the same map (HISTORY of that phase) and has not committed yet. The
    sender must leave the picture: the queuer's mail names it."""
    if not empty_database_url.startswith("postgresql"):
        pytest.skip("SQLite has one writer at a time: the two cannot overlap")
    from datetime import UTC, datetime

    from sqlalchemy.orm import Session

    from gmbot.service.outbox.pictures import drop_unwanted
    from gmbot.service.outbox.queue import queue_mail
    from gmbot.store.db import open_database

    db = open_database(empty_database_url)
    now = datetime(2026, 12, 3, tzinfo=UTC)
    png = PNG + b"the board"

    def mail(s: Session, key: str) -> None:
        queue_mail(s, key=key, kind="announce", sender="judge@x.test",
                   recipient="p@x.test", subject="Map", body="Look.\n", now=now, picture=png)

    try:
        with db.transaction() as s:
            mail(s, "first")
        queuer, sender = Session(db.engine), Session(db.engine)
        with queuer.begin():
            mail(queuer, "again")  # not committed while the sender works
            with sender.begin():
                [key] = sender.scalars(select(MailPicture.key)).all()
                sender.execute(Outbound.__table__.update().where(Outbound.key == "first")
                               .values(status="sent", picture_key=None))
                drop_unwanted(sender, [key])
        with db.transaction() as s:
            assert s.scalar(select(MailPicture.png)) == png
            assert s.scalar(select(Outbound.picture_key).where(Outbound.key == "again")) == key
        with db.transaction() as s:  # sent too, nobody queueing: now it goes
            s.execute(Outbound.__table__.update().values(status="sent", picture_key=None))
            drop_unwanted(s, [key])
        with db.transaction() as s:
            assert s.scalar(select(func.count()).select_from(MailPicture)) == 0
    finally:
        db.dispose()


def test_a_picture_no_mail_was_queued_with_goes_at_the_next_tick(judge: Judge) -> None:
    """A mail queued again under a key queued before queues nothing, though its picture was
    kept for it: the next run of the retention deletes what no mail names."""
    from gmbot.service.outbox.queue import queue_mail
    from gmbot.store.models import Game

    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game).where(Game.name == "g")).one()
        for picture in (PNG + b"first", PNG + b"again"):
            queue_mail(s, key="once", kind="announce", sender=game.judge,
                       recipient=addr("FRANCE"), subject="A map", body="Look.\n",
                       now=judge.clock(), game=game, picture=picture)
        assert s.scalar(select(func.count()).select_from(MailPicture)) == 2
    judge.tick()  # sent, and the retention run
    assert stored_pictures(judge) == {}
    [mail] = judge.to(addr("FRANCE"), judge.new_mail())
    assert inline_picture(mail) == PNG + b"first"
