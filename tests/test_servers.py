"""Smoke tests of the real test servers (scripts/servers): they prove the scaffolding
that the end-to-end tests build on. Skipped when the servers' variables are absent."""

from __future__ import annotations

import smtplib
import time
import uuid
from email.message import EmailMessage
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from tests.conftest import MailServers


def make_message(sender: str, to: str, subject: str, body: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Message-ID"] = f"<{uuid.uuid4().hex}@example.test>"
    msg.set_content(body)
    return msg


def test_imap_login_with_starttls(mail_servers: MailServers) -> None:
    with mail_servers.imap("judge") as client:
        assert client.has_capability("IMAP4REV1")
        folders = [name for _flags, _sep, name in client.list_folders()]
        assert "INBOX" in folders
        client.select_folder("INBOX", readonly=True)


def test_imap_login_with_implicit_tls(mail_servers: MailServers) -> None:
    with mail_servers.imap("gm", implicit_tls=True) as client:
        client.select_folder("INBOX", readonly=True)


def test_imap_bad_password_is_refused_quickly(mail_servers: MailServers) -> None:
    from imapclient.exceptions import LoginError

    started = time.monotonic()
    for _ in range(3):  # no growing penalty for repeated failures
        with pytest.raises(LoginError):
            mail_servers.imap("player2", password="wrong")
    assert time.monotonic() - started < 5


def test_relay_delivers_smtp_mail_to_player1_inbox(mail_servers: MailServers,
                                                   smtp_relay_port: int) -> None:
    token = uuid.uuid4().hex
    judge, player1 = mail_servers.address("judge"), mail_servers.address("player1")
    msg = make_message(judge, player1, f"Spring 1901 results {token}", "Army Paris -> Burgundy\n")
    with smtplib.SMTP(mail_servers.host, smtp_relay_port, timeout=30) as smtp:
        refused = smtp.sendmail(judge, [player1], msg.as_bytes())
    assert refused == {}

    [got] = mail_servers.fetch_messages("player1", ["SUBJECT", token], min_count=1)
    assert got["Message-ID"] == msg["Message-ID"]
    assert got["From"] == judge
    assert got.get_content().strip() == "Army Paris -> Burgundy"


def test_relay_delivers_to_several_recipients(mail_servers: MailServers,
                                              smtp_relay_port: int) -> None:
    users = [mail_servers.new_user("power") for _ in range(3)]
    msg = make_message(mail_servers.address("gm"), ", ".join(users), "Broadcast", "Hello all\n")
    mail_servers.send_smtp(msg, users, mail_from=mail_servers.address("gm"))
    for user in users:
        [got] = mail_servers.fetch_messages(user, min_count=1)
        assert got["Subject"] == "Broadcast"


def test_relay_refuses_unknown_recipient(mail_servers: MailServers, smtp_relay_port: int) -> None:
    msg = make_message("judge@example.test", "nobody@example.test", "Lost", "?\n")
    with smtplib.SMTP(mail_servers.host, smtp_relay_port, timeout=30) as smtp, \
            pytest.raises(smtplib.SMTPRecipientsRefused) as excinfo:
        smtp.sendmail("judge@example.test", [f"no-such-user-{uuid.uuid4().hex}@example.test"],
                      msg.as_bytes())
    [(code, _text)] = excinfo.value.recipients.values()
    assert code == 550


def test_relay_offers_starttls_and_auth(mail_servers: MailServers, smtp_relay_port: int) -> None:
    with smtplib.SMTP(mail_servers.host, smtp_relay_port, timeout=30) as smtp:
        smtp.starttls(context=mail_servers.ssl_context())
        smtp.login(mail_servers.address("judge"), mail_servers.password)


def test_lmtp_delivery_to_a_new_user(mail_servers: MailServers, mail_user: str) -> None:
    assert mail_servers.fetch_messages(mail_user) == []
    msg = make_message("player3@example.test", mail_user, "Press", "Let us ally.\n")
    mail_servers.deliver_lmtp(msg, mail_user, mail_from="player3@example.test")
    [got] = mail_servers.fetch_messages(mail_user)
    assert got["Subject"] == "Press"


def test_postgres_select_1(pg_url: str) -> None:
    import sqlalchemy

    engine = sqlalchemy.create_engine(pg_url)
    try:
        with engine.connect() as conn:
            assert conn.execute(sqlalchemy.text("select 1")).scalar_one() == 1
            assert conn.execute(sqlalchemy.text("select current_database()")).scalar_one() \
                == engine.url.database
    finally:
        engine.dispose()
