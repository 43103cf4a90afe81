"""Bounces on the real servers: the judge's mail leaves the SMTP relay with its signed
return path as MAIL FROM (Dovecot writes it as the Return-Path the player's mailbox
shows), and Postfix's DSN for it, delivered into the judge's IMAP mailbox, tells the GM."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from tests.bounces.bouncekit import original_headers, postfix_dsn, return_path
from tests.realmail.mailkit import make_mail_game, text

if TYPE_CHECKING:
    from tests.conftest import MailServers


def test_a_bounce_over_imap_of_a_mail_sent_through_the_relay(
        tmp_path: Path, mail_servers: MailServers, smtp_relay_port: int) -> None:
    game = make_mail_game(tmp_path, mail_servers, home_config="bounces: true\n")
    for power in ("FRANCE", "GERMANY"):
        game.mail_in(power, "A PAR H\n" if power == "FRANCE" else "A MUN H\n")
    game.tick()
    [ack] = game.mailbox("FRANCE", min_count=1)
    local, _, domain = game.judge.partition("@")
    path = return_path(ack)
    assert re.fullmatch(rf"{re.escape(local)}\+bounce-\d+-[a-z2-7]{{16}}@{re.escape(domain)}",
                        path), path
    [other] = game.mailbox("GERMANY", min_count=1)
    assert return_path(other) != path  # one return path per mail

    game.deliver(postfix_dsn(path, game.players["FRANCE"], original_headers(ack)))
    game.tick()
    notices = game.mailbox("gm", ["SUBJECT", "bounces"], min_count=1)
    assert [m["Subject"] for m in notices] == ["[g] Mail to FRANCE bounces"]
    assert game.players["FRANCE"] in text(notices[0])
    assert "status 5.1.1" in text(notices[0])
