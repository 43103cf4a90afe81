"""`gmbot tick` from cron: a mail server that cannot be reached, or whose certificate
cannot be verified, makes it exit non-zero with the reason on standard error (cron
mails that to the GM), also with -q; the rest of the work is done all the same. Run as
the real command against the real Dovecot and SMTP relay."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from gmbot.store.outbox import Outbound
from tests.loop.judgekit import Clock
from tests.realmail.mailkit import MailGame, free_port, make_mail_game

if TYPE_CHECKING:
    from tests.conftest import MailServers


def cron_tick(game: MailGame) -> subprocess.CompletedProcess[str]:
    game.app.db.dispose()
    return subprocess.run([sys.executable, "-m", "gmbot", "--home", str(game.home), "tick",
                           "-q"], capture_output=True, text=True, timeout=120)


def judge(tmp_path: Path, servers: MailServers, **settings: Any) -> MailGame:
    # `gmbot tick` runs in a process of its own, on the real clock: the mails are dated by
    # it too, since a proof counts only for a recent mail (docs/security.md).
    return make_mail_game(tmp_path, servers, clock=Clock(datetime.now(UTC)), **settings)


def test_a_healthy_tick_exits_0(tmp_path: Path, mail_servers: MailServers,
                                smtp_relay_port: int) -> None:
    game = judge(tmp_path, mail_servers)
    game.mail_in("FRANCE", "A PAR - BUR\n")
    done = cron_tick(game)
    assert (done.returncode, done.stderr) == (0, "")
    assert game.mailbox("FRANCE", min_count=1)


def test_an_imap_server_on_the_wrong_port_fails_the_tick(
        tmp_path: Path, mail_servers: MailServers, smtp_relay_port: int) -> None:
    game = judge(tmp_path, mail_servers, imap={"port": free_port(), "retries": 1})
    done = cron_tick(game)
    assert done.returncode == 1
    assert "IMAP" in done.stderr and "unavailable" in done.stderr
    assert "Connection refused" in done.stderr


def test_an_untrusted_imap_certificate_fails_the_tick(
        tmp_path: Path, mail_servers: MailServers, smtp_relay_port: int) -> None:
    game = judge(tmp_path, mail_servers, imap={"cafile": None, "retries": 1},
                 implicit_tls=True)
    game.mail_in("FRANCE", "A PAR - BUR\n")
    done = cron_tick(game)
    assert done.returncode == 1
    assert "CERTIFICATE_VERIFY_FAILED" in done.stderr
    assert game.count("judge") == 1  # not read: no login without a verified server


def test_an_untrusted_smtp_certificate_fails_the_tick_and_keeps_the_mail_queued(
        tmp_path: Path, mail_servers: MailServers, smtp_relay_port: int) -> None:
    game = judge(tmp_path, mail_servers, smtp_login=True, smtp={"cafile": None})
    game.mail_in("FRANCE", "A PAR - BUR\n")
    done = cron_tick(game)
    assert done.returncode == 1
    assert "SMTP" in done.stderr and "CERTIFICATE_VERIFY_FAILED" in done.stderr
    assert game.count("FRANCE") == 0  # the acknowledgement waits in the outbox

    with game.app.db.transaction() as s:
        [ack] = s.scalars(select(Outbound).where(
            Outbound.recipient == game.players["FRANCE"], Outbound.kind == "ack")).all()
        assert ack.status == "queued" and "CERTIFICATE_VERIFY_FAILED" in ack.last_error
