"""Grey press and its reply through the real servers: France's mail goes through the SMTP
relay to the judge's IMAP mailbox; Germany reads the relayed press over IMAP, with every
header the servers added, and finds nothing of France in it; his reply, threaded by the
standard In-Reply-To header his mail client sets, reaches France the same way."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tests.realmail.mailkit import make_mail_game, text

if TYPE_CHECKING:
    from tests.conftest import MailServers


def test_grey_press_and_its_reply_over_smtp_and_imap(tmp_path: Path,
                                                     mail_servers: MailServers,
                                                     smtp_relay_port: int) -> None:
    game = make_mail_game(tmp_path, mail_servers, extra="press: {signing: both}\n")
    france, germany = game.players["FRANCE"], game.players["GERMANY"]
    game.mail_in("FRANCE", "PRESS GREY TO GERMANY\nAn ally in the west awaits you.\n"
                 "ENDPRESS\n", "[g] a word", via="smtp")
    assert game.tick().errors == []

    [press] = game.mailbox("GERMANY", ["SUBJECT", "Press"], min_count=1)
    assert press["From"] == game.judge and press["To"] == germany
    assert "An ally in the west awaits you." in text(press)
    for name, value in press.items():  # Received, Return-Path... as the servers wrote them
        assert france not in str(value) and "france" not in str(value).lower(), (name, value)
    assert "France" not in text(press) and france not in text(press)

    quoted = "\n".join("> " + line for line in text(press).splitlines())
    game.mail_in("GERMANY", f"Which ally? Name yourself.\n\n{quoted}\n", "Re: " + press["Subject"],
                 via="smtp", headers={"In-Reply-To": press["Message-ID"],
                                      "References": press["Message-ID"]})
    assert game.tick().errors == []
    [reply] = game.mailbox("FRANCE", ["SUBJECT", "Reply from Germany"], min_count=1)
    assert "Which ally? Name yourself." in text(reply)
    assert "An ally in the west" not in text(reply)
    for _name, value in reply.items():
        assert germany not in str(value)
    [ack] = game.mailbox("GERMANY", ["SUBJECT", "Received"], min_count=1)
    assert "the anonymous sender of that press" in text(ack)
