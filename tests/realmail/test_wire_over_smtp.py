"""A mail sent through the SMTP relay reaches the mailbox as the very bytes the Maildir
outbox writes for it (wire_bytes), map included: the relay and Dovecot only add their
trace headers in front."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from gmbot.mail.compose import Outgoing
from gmbot.mail.smtp import SmtpTransport
from gmbot.mail.wire import wire_bytes
from tests.picture.mapkit import inline_picture

if TYPE_CHECKING:
    from tests.conftest import MailServers


def test_a_mail_with_a_map_arrives_byte_for_byte(mail_servers: MailServers,
                                                 smtp_relay_port: int) -> None:
    judge, player = mail_servers.new_user("judge"), mail_servers.new_user("player")
    picture = bytes(range(256)) * 40
    # A line of a single dot and one starting with a dot: SMTP's dot-stuffing must undo.
    body = "Spring 1901 results\n.\n.A PAR - BUR\nRéponse\n" + "x" * 120 + "\n"
    out = Outgoing(sender=mail_servers.address(judge), recipient=mail_servers.address(player),
                   subject="[g] Spring 1901 Movement results", body=body,
                   message_id="a1b2c3.tok3n@example.test",
                   date=datetime(2026, 3, 1, 12, tzinfo=UTC), picture=picture)
    transport = SmtpTransport({"host": mail_servers.host, "port": mail_servers.smtp_port,
                               "security": "none", "timeout": 10})
    try:
        transport.send(out, "unused")
    finally:
        transport.close()
    [msg] = mail_servers.fetch_messages(player, min_count=1)
    assert inline_picture(msg) == picture
    with mail_servers.imap(player) as client:
        client.select_folder("INBOX", readonly=True)
        [uid] = client.search("ALL")
        raw = client.fetch([uid], ["BODY.PEEK[]"])[uid][b"BODY[]"]
    assert raw.endswith(wire_bytes(out))
    assert raw.count(b"\r\nMessage-ID: <a1b2c3.tok3n@example.test>\r\n") == 1
