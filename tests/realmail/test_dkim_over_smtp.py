"""The judge's signed mail through the real servers: a player's mail read over IMAP,
answered through the SMTP relay, reaches the player's Dovecot mailbox still verifying
under the judge's published key, with its list headers; the servers' trace headers on
top do not break it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import dkim

from tests.auth.signing import StubDns
from tests.outgoing.dkimkit import keygen
from tests.realmail.mailkit import make_mail_game

if TYPE_CHECKING:
    from tests.conftest import MailServers


def test_the_judges_answer_arrives_signed_and_verifies(
        tmp_path: Path, mail_servers: MailServers, smtp_relay_port: int) -> None:
    dns = StubDns()
    game = make_mail_game(tmp_path, mail_servers, home_config=keygen(tmp_path / "keys", dns))
    game.mail_in("FRANCE", "HELP\n", subject="[g] help")
    game.tick()
    game.mailbox("FRANCE", min_count=1)
    with mail_servers.imap(game.address("FRANCE")) as client:
        client.select_folder("INBOX", readonly=True)
        [uid] = client.search("ALL")
        raw = client.fetch([uid], ["BODY.PEEK[]"])[uid][b"BODY[]"]
    assert b"\r\nDKIM-Signature: " in raw or raw.startswith(b"DKIM-Signature: ")
    assert b"\r\nList-Id: \"gmbot game g\" <g." in raw
    assert dkim.verify(raw, dnsfunc=dns)
    assert not dkim.verify(raw + b"A line added on the way\r\n", dnsfunc=dns)
