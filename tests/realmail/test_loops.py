"""No mail loops: the same mail delivered twice is answered once; auto-responders and
bounces get no answer; a responder that does not mark its replies is cut off by the
per-sender rate limit, whose notice goes out once per window."""

from __future__ import annotations

import uuid
from email.message import EmailMessage
from pathlib import Path
from typing import TYPE_CHECKING

from tests.realmail.mailkit import PROCESSED, MailGame, make_mail_game, text

if TYPE_CHECKING:
    from tests.conftest import MailServers


def test_the_same_mail_delivered_twice_is_handled_once(game: MailGame) -> None:
    msg = game.message("FRANCE", "A PAR - BUR\n", "[g] orders")
    game.deliver(msg, mail_from=game.players["FRANCE"])
    game.deliver(msg, via="smtp", mail_from=game.players["FRANCE"])  # the relay's copy
    report = game.tick()
    assert [m.status for m in report.mails] == ["handled", "duplicate"]

    game.deliver(msg, mail_from=game.players["FRANCE"])  # a late third copy
    assert [m.status for m in game.tick().mails] == ["duplicate"]

    [ack] = game.mailbox("FRANCE", min_count=1)
    assert ack["In-Reply-To"] == msg["Message-ID"]
    assert game.count("FRANCE") == 1
    assert game.count("judge", PROCESSED) == 3


def auto_reply(game: MailGame, power: str, to: EmailMessage, **headers: str) -> EmailMessage:
    msg = game.message(power, "I am away until Monday.\n", headers.pop("subject"), headers)
    msg.replace_header("To", game.judge)
    msg["In-Reply-To"] = to["Message-ID"]
    return msg


def test_auto_responders_and_bounces_get_no_reply(game: MailGame) -> None:
    game.mail_in("FRANCE", "A PAR - BUR\n")
    game.tick()
    [ack] = game.mailbox("FRANCE", min_count=1)
    assert ack["Auto-Submitted"] == "auto-replied"  # well-behaved responders stay quiet

    # France's mailbox answers anyway: an RFC 3834 vacation reply, an Exchange-style
    # out-of-office, and one with X-Autoreply; then a bounce from the mail system.
    game.deliver(auto_reply(game, "FRANCE", ack, subject=f"Auto: {ack['Subject']}",
                            **{"Auto-Submitted": "auto-replied"}),
                 mail_from="")
    game.deliver(auto_reply(game, "FRANCE", ack, subject="Automatic reply: out of office",
                            **{"X-Auto-Response-Suppress": "All"}),
                 via="smtp", mail_from=game.players["FRANCE"])
    game.deliver(auto_reply(game, "FRANCE", ack, subject="Out of office",
                            **{"X-Autoreply": "yes"}),
                 mail_from=game.players["FRANCE"])
    bounce = EmailMessage()
    bounce["From"] = f"Mail Delivery System <MAILER-DAEMON@{game.servers.domain}>"
    bounce["To"] = game.judge
    bounce["Subject"] = "Undelivered Mail Returned to Sender"
    bounce["Message-ID"] = f"<{uuid.uuid4().hex}@{game.servers.domain}>"
    bounce.set_content(f"<{game.players['FRANCE']}>: mailbox full\n")
    game.deliver(bounce, mail_from="")  # null reverse path

    report = game.tick()
    assert [m.status for m in report.mails] == ["ignored"] * 4
    assert report.sent == 0
    assert game.count("FRANCE") == 1  # still only the acknowledgement
    assert game.count("judge", PROCESSED) == 5


def test_a_naive_responder_is_cut_off_by_the_rate_limit(tmp_path: Path,
                                                       mail_servers: MailServers,
                                                       smtp_relay_port: int) -> None:
    """England's mailbox answers every mail with an unmarked "I am away": each answer
    looks like a player's mail. Past limits.mails_per_hour the judge sends one notice and
    then stays silent, so the ping-pong stops by itself."""
    game = make_mail_game(tmp_path, mail_servers, limits={"mails_per_hour": 4})
    answered: set[str] = set()

    def responder() -> int:
        """England's mailbox answers whatever the judge sent it; how many it answered."""
        fresh = [m for m in game.mailbox("ENGLAND") if m["Message-ID"] not in answered]
        for m in fresh:
            answered.add(m["Message-ID"])
            game.mail_in("ENGLAND", "I am away.\n", f"Re: {m['Subject']}")
        return len(fresh)

    game.mail_in("ENGLAND", "I am away.\n", "Away")
    rounds = 0
    while True:
        game.tick()
        rounds += 1
        if not responder():
            break
        assert rounds < 20, "the mail loop did not stop"

    received = game.mailbox("ENGLAND")
    notices = [m for m in received if m["Subject"].startswith("Not accepted")]
    assert len(received) == 5 and len(notices) == 1
    assert [m for m in received if m not in notices] == received[:4]
    notice = text(notices[0])
    assert "you sent too many mails (more than 4 in an hour)" in notice
    assert "the judge will read your mail again after 2026-03-02 10:00 UTC" in notice
    assert game.count("judge", PROCESSED) == 6  # 4 answered, 1 refused with the notice,
    # and the answer to the notice refused silently

    # Others are not affected; and an hour later England is heard again.
    game.mail_in("FRANCE", "A PAR - BUR\n")
    assert [m.status for m in game.tick().mails] == ["handled"]
    game.clock.advance(hours=1, minutes=1)
    game.mail_in("ENGLAND", "F LON - NTH\n", "[g] orders")
    assert [m.status for m in game.tick().mails] == ["handled"]
    last = game.mailbox("ENGLAND", min_count=6)[-1]
    assert "Received" in last["Subject"] and "F LON - NTH" in text(last)
