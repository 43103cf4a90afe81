"""Issue 23, items 10, 11 and 12 (second half), through the real pipeline (Maildir):
online PASSWORD guessing is slowed per seat without locking the real player out; refused
and unverified mail keeps bounded storage; reply tokens expire; a player renews his
secret by mail (NEWPASSWORD, not on the old password alone) and the GM renews anyone's."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from email.message import EmailMessage
from pathlib import Path

import pytest
import yaml
from sqlalchemy import event, func, select

import gmbot.mail.auth
from gmbot.store.models import Game, Inbound, Player
from gmbot.store.outbox import Outbound
from tests.loop.judgekit import Judge, body, make_judge, standard_game

# On PostgreSQL too (CONTRIBUTING.md): counted password guesses and bounded storage.
pytestmark = pytest.mark.dialect("gmbot.service.gm.credentials", "gmbot.service.inbound.proof")

FRANCE = "france@example.test"
GM = "gm@example.test"


@pytest.fixture
def judge(tmp_path: Path) -> Judge:
    # France's password is one the GM chose: the kind a dictionary finds.
    return make_judge(tmp_path, standard_game().replace(
        "power: FRANCE}", "power: FRANCE, password: baguette}"))


def with_limits(judge: Judge, **limits: int) -> None:
    path = judge.home / "gmbot.yaml"
    config = yaml.safe_load(path.read_text()) or {}
    path.write_text(yaml.safe_dump({**config, "limits": limits}))
    judge.reopen()


def statuses(judge: Judge) -> list[str]:
    return [m.status for m in judge.tick().mails]


def password_of(mail: EmailMessage) -> str:
    found = re.search(r"Your password: (\S+)", body(mail))
    assert found
    return found.group(1)


def test_password_guessing_is_slowed_per_seat_and_other_proofs_still_work(
        judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    checks: list[str] = []
    real = gmbot.mail.auth.check_secret

    def counted(secret: str, stored: str | None) -> bool:
        checks.append(secret)
        return real(secret, stored)

    monkeypatch.setattr(gmbot.mail.auth, "check_secret", counted)
    for n in range(12):
        judge.send(FRANCE, f"PASSWORD guess{n}\nA PAR - PIC\n", subject="[g] x", dmarc="fail")
    judge.send(FRANCE, "PASSWORD baguette\nA PAR - BUR\n", subject="[g] x", dmarc="fail")
    outcomes = judge.tick().mails
    assert [m.status for m in outcomes] == ["refused"] * 13
    assert [m.reason.split(" (")[0] for m in outcomes[:10]] == [
        "unverified: a wrong password"] * 10
    assert all("not checked" in m.reason for m in outcomes[10:])
    assert len(checks) == 10  # no scrypt for the rest, the right one included
    # France's other proofs work all the while: the trusted MX, a reply to a judge mail.
    welcome = next(m for m in judge.welcomes if m["To"] == FRANCE)
    judge.send(FRANCE, "A PAR - BUR\n", subject="[g] orders")
    judge.send(FRANCE, "A MAR - SPA\n", subject="Re: welcome", dmarc=None,
               headers={"In-Reply-To": welcome["Message-ID"]})
    assert statuses(judge) == ["handled", "handled"]
    # Other seats are not slowed down by France's.
    judge.send("england@example.test", "PASSWORD nope\nF LON - NTH\n", dmarc="fail")
    assert [m.reason for m in judge.tick().mails] == ["unverified: a wrong password"]
    # An hour after the guesses, her password is checked again.
    judge.clock.advance(hours=1, minutes=1)
    judge.send(FRANCE, "PASSWORD baguette\nA PAR - BUR\n", subject="[g] x", dmarc="fail")
    assert statuses(judge) == ["handled"]


def test_refused_mail_keeps_bounded_storage(judge: Judge) -> None:
    with_limits(judge, refused_mail_kept=20, refused_mail_bytes=60_000)
    for n in range(60):
        judge.send(FRANCE, "A PAR - PIC\n", dmarc="fail",
                   subject=f"[g] {'long subject ' * 40} {n}",
                   headers={"X-Padding": "p" * 2_000})
    for n in range(30):
        judge.send_raw(stranger(n, "s" * 900, "q" * 5_000))
    judge.tick()
    with judge.app.db.transaction() as s:
        rows = s.scalars(select(Inbound).order_by(Inbound.id)).all()
        assert len(rows) == 90 and {r.status for r in rows} == {"refused"}
        kept = [r for r in rows if r.raw is not None]
        assert 0 < len(kept) <= 20 and sum(len(r.raw or b"") for r in kept) <= 60_000
        assert rows[-1].raw is not None and rows[0].raw is None  # the oldest went first
        for r in rows:  # what each keeps for good, text aside
            residue = sum(len(v or "") for v in (r.sender, r.subject, r.reason, r.message_id))
            assert residue <= 600, residue
    # A hashed long Message-ID still recognises a copy delivered again.
    judge.send_raw(stranger(0, "s" * 900, "q" * 5_000))
    assert statuses(judge) == ["duplicate"]


def stranger(n: int, subject: str, padding: str) -> bytes:
    """A stranger's mail with a 500-character Message-ID."""
    return (f"From: stranger{n}@example.org\r\nTo: judge@example.test\r\n"
            f"Subject: {subject}\r\nX-Padding: {padding}\r\n"
            f"Message-ID: <{'m' * 500}.{n}@example.org>\r\n\r\nhello\r\n").encode()


def test_the_caps_are_checked_at_start(tmp_path: Path) -> None:
    from gmbot.config import ConfigError, load_config

    (tmp_path / "gmbot.yaml").write_text("limits: {refused_mail_kept: many}\n")
    with pytest.raises(ConfigError, match="refused_mail_kept"):
        load_config(tmp_path)


def test_a_reply_token_expires(judge: Judge) -> None:
    welcome = next(m for m in judge.welcomes if m["To"] == "england@example.test")
    judge.clock.advance(days=29)
    judge.send("england@example.test", "F LON - NTH\n", subject="Re: welcome", dmarc=None,
               headers={"In-Reply-To": welcome["Message-ID"]})
    assert statuses(judge) == ["handled"]
    [ack] = [m for m in judge.new_mail() if m["In-Reply-To"]]
    judge.clock.advance(days=2)  # the welcome is 31 days old; the acknowledgement 2
    judge.send("england@example.test", "F LON - NTH\n", subject="Re: welcome", dmarc=None,
               headers={"In-Reply-To": welcome["Message-ID"]})
    judge.send("england@example.test", "F LON - NTH\n", subject="Re: ack", dmarc=None,
               headers={"In-Reply-To": ack["Message-ID"]})
    assert statuses(judge) == ["refused", "handled"]


def secrets_of(judge: Judge) -> dict[str, str | None]:
    with judge.app.db.transaction() as s:
        game = s.scalars(select(Game)).one()
        found = {p.address: p.secret_hash for p in s.scalars(select(Player))}
        return {**found, GM: game.gm_secret_hash}


def test_a_player_renews_his_password_by_a_reply_not_by_the_password(judge: Judge) -> None:
    england = "england@example.test"
    welcome = next(m for m in judge.welcomes if m["To"] == england)
    old = password_of(welcome)
    before = secrets_of(judge)
    # The old password alone is no proof for a new one.
    judge.send(england, f"PASSWORD {old}\nNEWPASSWORD\n", subject="[g] x", dmarc=None)
    assert statuses(judge) == ["handled"]
    [reply] = judge.new_mail()
    assert "refused: a new password needs another proof" in body(reply)
    assert secrets_of(judge) == before
    # A reply to a judge mail is.
    judge.send(england, "NEWPASSWORD\n", subject="Re: welcome", dmarc=None,
               headers={"In-Reply-To": welcome["Message-ID"]})
    assert statuses(judge) == ["handled"]
    mails = judge.new_mail()
    assert [m["To"] for m in mails] == [england, england]
    [fresh] = [m for m in mails if m["Subject"] == "[g] Your new password"]
    [ack] = [m for m in mails if m is not fresh]
    new = password_of(fresh)
    assert new != old and new not in body(ack) and "mailed to you" in body(ack)
    after = secrets_of(judge)
    assert after[england] != before[england]
    assert {k: v for k, v in after.items() if k != england} == {
        k: v for k, v in before.items() if k != england}
    # The old password and the old tokens are worthless; the new ones work.
    judge.send(england, f"PASSWORD {old}\nF LON - NTH\n", dmarc=None)
    judge.send(england, "F LON - NTH\n", dmarc=None,
               headers={"In-Reply-To": welcome["Message-ID"]})
    judge.send(england, f"PASSWORD {new}\nF LON - NTH\n", dmarc=None)
    judge.send(england, "F LON - NTH\n", dmarc=None, headers={"In-Reply-To": ack["Message-ID"]})
    assert statuses(judge) == ["refused", "refused", "handled", "handled"]
    # The new password's text is not kept once sent, like a welcome mail's.
    with judge.app.db.transaction() as s:
        bodies = s.scalars(select(Outbound.body)).all()
    assert not any(new in (b or "") for b in bodies)


def test_the_gm_renews_any_player_s_password(judge: Judge) -> None:
    before = secrets_of(judge)
    judge.send(GM, "NEWPASSWORD FRANCE\n", subject="[g] gm")
    judge.send("england@example.test", "NEWPASSWORD FRANCE\n")  # a player may not
    assert statuses(judge) == ["handled", "handled"]
    mails = judge.new_mail()
    [fresh] = judge.to(FRANCE, mails)
    assert fresh["Subject"] == "[g] Your new password"
    [gm_reply] = judge.to(GM, mails)
    assert "done: a new password was mailed to FRANCE" in body(gm_reply)
    assert password_of(fresh) not in body(gm_reply)
    [refusal] = judge.to("england@example.test", mails)
    assert "you may renew your own password only" in body(refusal)
    after = secrets_of(judge)
    assert after[FRANCE] != before[FRANCE]
    assert after["england@example.test"] == before["england@example.test"]
    judge.send(FRANCE, f"PASSWORD {password_of(fresh)}\nA PAR - BUR\n", dmarc=None)
    judge.send(FRANCE, "PASSWORD baguette\nA PAR - BUR\n", dmarc=None)
    assert statuses(judge) == ["handled", "refused"]
    with judge.app.db.transaction() as s:
        assert s.scalar(select(func.count()).select_from(Game)) == 1


@pytest.mark.parametrize("zeroed_by_default", [False, True])
def test_a_sent_password_is_nowhere_in_the_database_file(
        judge: Judge, zeroed_by_default: bool) -> None:
    """Not in the row (its text is forgotten) nor in the pages it freed, whether or not
    the SQLite library zeroes freed pages by default (PRAGMA secure_delete; Debian's
    does): the outbox zeroes those of a mail that held a password itself."""
    if not judge.app.db.is_sqlite:
        pytest.skip("freed pages are SQLite's (PostgreSQL's VACUUM is the server's)")
    event.listen(judge.app.db.engine, "connect", lambda conn, _: conn.execute(
        f"PRAGMA secure_delete={int(zeroed_by_default)}"))
    judge.app.db.engine.dispose()  # the pool's connections are opened again with it
    judge.send(GM, "NEWPASSWORD FRANCE\n", subject="[g] gm")
    assert statuses(judge) == ["handled"]
    [fresh] = judge.to(FRANCE, judge.new_mail())
    new = password_of(fresh).encode()
    judge.app.db.engine.dispose()
    with closing(sqlite3.connect(judge.home / "gmbot.sqlite")) as db:  # the log into the file
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    files = [p for p in judge.home.iterdir() if p.name.startswith("gmbot.sqlite")]
    assert files and not any(new in p.read_bytes() for p in files)
