"""Bounces through the Maildir pipeline: every mail leaves with a return path of its own,
signed; a bounce that comes back to it (a DSN as Postfix writes it, or qmail's plain
notice) scores the recipient's address, and a bouncing player's GM is told before the
deadline, the player warned at his other address, and his missed orders marked
undeliverable. Forged bounces (no return path, a wrong token, one sent again) change
nothing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import select

from gmbot.store.bounces import BounceScore
from gmbot.store.models import Inbound
from tests.bounces.bouncekit import original_headers, postfix_dsn, qmail_bounce, return_path
from tests.loop.judgekit import Judge, body, make_judge, standard_game

# On PostgreSQL too (CONTRIBUTING.md): the bounce scores' queries.
pytestmark = pytest.mark.dialect("gmbot.service.outbox.bounces")

BACKUP = "france.home@example.test"
VERP = re.compile(r"judge\+bounce-(\d+)-([a-z2-7]{16})@example\.test")


def bouncing_judge(tmp_path: Path, extra: str = "") -> Judge:
    home = tmp_path / "home"
    home.mkdir(parents=True)
    (home / "gmbot.yaml").write_text("bounces: true\n", encoding="utf-8")
    text = standard_game(extra=extra).replace(
        "{address: france@example.test, power: FRANCE}",
        f"{{address: france@example.test, power: FRANCE, backup: {BACKUP}}}")
    return make_judge(tmp_path, text)


def welcome_to(judge: Judge, address: str) -> EmailMessage:
    [mail] = [m for m in judge.welcomes if m["To"] == address]
    return mail


def bounce_back(judge: Judge, mail: EmailMessage, **kw: str) -> str:
    """Postfix's DSN for `mail` (a mail the judge sent), to its return path."""
    raw = postfix_dsn(return_path(mail), str(mail["To"]), original_headers(mail), **kw)
    return judge.send_raw(raw, dmarc=None)


def score(judge: Judge, address: str) -> float | None:
    with judge.app.db.transaction() as s:
        row = s.get(BounceScore, address)
        return None if row is None else row.score


def reasons(judge: Judge) -> list[str]:
    with judge.app.db.transaction() as s:
        return [r or "" for r in s.scalars(select(Inbound.reason).order_by(Inbound.id))]


def test_every_mail_leaves_with_a_signed_return_path_of_its_own(tmp_path: Path) -> None:
    judge = bouncing_judge(tmp_path)
    paths = [return_path(m) for m in judge.welcomes]
    assert len(paths) == len(set(paths)) == 8  # seven players and the GM
    assert all(VERP.fullmatch(p) for p in paths), paths
    # A reply later goes out with the row it came from, not the welcome's path.
    judge.send("england@example.test", "A LON H")
    judge.tick()
    [ack] = judge.to("england@example.test", judge.new_mail())
    assert VERP.fullmatch(return_path(ack)) and return_path(ack) not in paths


def test_without_bounces_the_return_path_is_the_judge(tmp_path: Path) -> None:
    judge = make_judge(tmp_path, standard_game())
    assert {return_path(m) for m in judge.welcomes} == {"judge@example.test"}


def test_a_postfix_dsn_tells_the_gm_before_the_deadline_and_warns_the_player(
        tmp_path: Path) -> None:
    judge = bouncing_judge(tmp_path, "nmr: {then: tell_gm, after: 1}\n")
    judge.new_mail()
    bounce_back(judge, welcome_to(judge, "france@example.test"))
    judge.tick()
    fresh = judge.new_mail()
    [notice] = judge.to("gm@example.test", fresh)
    assert notice["Subject"] == "[g] Mail to FRANCE bounces"
    text = body(notice)
    assert "france@example.test" in text and "the address is refused" in text
    assert "status 5.1.1" in text and "User unknown in virtual mailbox table" in text
    assert "The next deadline is 2026-03-04 09:00 UTC." in text
    assert f"warned at the other address the game file gives: {BACKUP}" in text
    [warning] = judge.to(BACKUP, fresh)
    assert warning["Subject"] == "[g] The judge cannot reach france@example.test"
    assert "Your game master has been told." in body(warning)
    assert judge.to("france@example.test", fresh) == []  # nothing to the dead address
    assert score(judge, "france@example.test") == 1.0

    # The deadline passes without orders from France: undeliverable, not a plain NMR.
    judge.clock.advance(hours=49)
    judge.tick()
    fresh = judge.new_mail()
    results = [m for m in judge.to("gm@example.test", fresh) if "results" in m["Subject"]]
    text = body(results[0])
    assert ("A PAR H: undeliverable (the judge's mail to this player bounces; no orders "
            "received: holds)") in text
    assert ("Undeliverable (the judge's mail to them bounces; no orders received): FRANCE."
            in text)
    assert "No orders received from: " in text
    assert "FRANCE" not in text.split("No orders received from: ")[1].split("\n")[0]
    [nmr] = [m for m in judge.to("gm@example.test", fresh) if "FRANCE sent no orders"
             in m["Subject"]]
    assert "Undeliverable: the judge's mail to france@example.test bounces" in body(nmr)


def test_qmails_plain_notice_is_read_too(tmp_path: Path) -> None:
    judge = bouncing_judge(tmp_path)
    judge.new_mail()
    mail = welcome_to(judge, "germany@example.test")
    judge.send_raw(qmail_bounce(return_path(mail), "germany@example.test",
                                original_headers(mail)), dmarc=None)
    judge.tick()
    [notice] = judge.to("gm@example.test", judge.new_mail())
    assert notice["Subject"] == "[g] Mail to GERMANY bounces"
    assert "no mailbox here by that name" in body(notice)
    assert "gives no other address for GERMANY" in body(notice)


def test_soft_bounces_score_half_once_a_day_until_the_threshold(tmp_path: Path) -> None:
    judge = bouncing_judge(tmp_path)
    judge.new_mail()
    full = {"status": "4.2.2", "diagnostic": "452 4.2.2 <{rcpt}>: Mailbox full"}
    bounce_back(judge, welcome_to(judge, "italy@example.test"), **full)
    judge.tick()
    assert score(judge, "italy@example.test") == 0.5
    assert judge.to("gm@example.test", judge.new_mail()) == []
    # Another mail bounces the same day: Mailman counts a day once.
    judge.send("italy@example.test", "A ROM H")
    judge.tick()
    [ack] = judge.to("italy@example.test", judge.new_mail())
    bounce_back(judge, ack, queue_id="4B1", **full)
    judge.tick()
    assert score(judge, "italy@example.test") == 0.5
    judge.clock.advance(days=1)
    judge.send("italy@example.test", "A ROM H")
    judge.tick()
    [ack] = [m for m in judge.to("italy@example.test", judge.new_mail()) if m["In-Reply-To"]]
    bounce_back(judge, ack, queue_id="4B2", **full)
    judge.tick()
    assert score(judge, "italy@example.test") == 1.0
    [notice] = judge.to("gm@example.test", judge.new_mail())
    assert "the mailbox does not take mail for now (status 4.2.2)" in body(notice)


def test_a_delay_warning_counts_nothing(tmp_path: Path) -> None:
    judge = bouncing_judge(tmp_path)
    judge.new_mail()
    bounce_back(judge, welcome_to(judge, "russia@example.test"), action="delayed",
                status="4.4.1", diagnostic="connect to mail.example.test: Connection timed out")
    judge.tick()
    assert score(judge, "russia@example.test") is None
    assert judge.new_mail() == []
    assert "a delivery report of no failure (a delay or success)" in reasons(judge)


def test_a_bounce_without_the_return_path_does_nothing(tmp_path: Path) -> None:
    """A forged DSN to the judge's plain address, naming a player as refused."""
    judge = bouncing_judge(tmp_path)
    judge.new_mail()
    mail = welcome_to(judge, "france@example.test")
    judge.send_raw(postfix_dsn("judge@example.test", "france@example.test",
                               original_headers(mail)), dmarc=None)
    judge.tick()
    assert score(judge, "france@example.test") is None
    assert judge.new_mail() == []


def test_a_bounce_with_a_wrong_token_does_nothing(tmp_path: Path) -> None:
    judge = bouncing_judge(tmp_path)
    judge.new_mail()
    france, turkey = (welcome_to(judge, f"{p}@example.test") for p in ("france", "turkey"))
    france_id, _ = VERP.fullmatch(return_path(france)).groups()  # type: ignore[union-attr]
    _, turkey_token = VERP.fullmatch(return_path(turkey)).groups()  # type: ignore[union-attr]
    for n, path in enumerate((f"judge+bounce-{france_id}-{'a' * 16}@example.test",
                              # Turkey's true token on France's mail: each token is one mail's
                              f"judge+bounce-{france_id}-{turkey_token}@example.test",
                              # a mail never sent
                              f"judge+bounce-99999-{turkey_token}@example.test")):
        judge.send_raw(postfix_dsn(path, "france@example.test", original_headers(france),
                                   queue_id=f"F{n}"), dmarc=None)
    judge.tick()
    assert score(judge, "france@example.test") is None
    assert score(judge, "turkey@example.test") is None
    assert judge.new_mail() == []
    assert reasons(judge).count("a bounce that matches no mail the judge sent") == 3


def test_a_bounce_sent_again_counts_once(tmp_path: Path) -> None:
    judge = bouncing_judge(tmp_path)
    judge.new_mail()
    mail = welcome_to(judge, "austria@example.test")
    soft = {"status": "4.2.2", "diagnostic": "452 4.2.2 Mailbox full"}
    bounce_back(judge, mail, **soft)
    judge.tick()
    assert score(judge, "austria@example.test") == 0.5
    judge.clock.advance(days=1)
    bounce_back(judge, mail, queue_id="REPLAY1", **soft)  # the same bounce, a new Message-ID
    judge.tick()
    assert score(judge, "austria@example.test") == 0.5
    assert [m["Subject"] for m in judge.new_mail() if "bounce" in m["Subject"]] == []
    assert "a bounce of the mail to austria@example.test was counted before" in reasons(judge)


def test_a_bounce_piped_to_gmbot_ingest_is_read_too(tmp_path: Path) -> None:
    """The MTA pipes the bounce to `gmbot ingest` (a real process), which spools it; the
    next tick reads it like any mail."""
    judge = bouncing_judge(tmp_path)
    judge.new_mail()
    mail = welcome_to(judge, "turkey@example.test")
    raw = postfix_dsn(return_path(mail), "turkey@example.test", original_headers(mail))
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([sys.executable, "-m", "gmbot", "--home", str(judge.home), "ingest",
                           "--no-worker"], input=raw, capture_output=True, timeout=120,
                          env=env, check=False)
    assert done.returncode == 0, done.stderr
    judge.tick()
    [notice] = judge.to("gm@example.test", judge.new_mail())
    assert notice["Subject"] == "[g] Mail to TURKEY bounces"
    assert score(judge, "turkey@example.test") == 1.0
