"""A turn played through real mailboxes: players' mail reaches the judge's IMAP mailbox
(over LMTP and through the SMTP relay), `tick` reads it over TLS verified against the test
CA, processes the phase and sends the results through the relay; each player reads them
back over IMAP, with the public part and only their own private section."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from sqlalchemy import select

from gmbot.config import ConfigError, load_config
from gmbot.store.models import MailboxState
from gmbot.store.outbox import Outbound
from tests.loop.judgekit import POWERS
from tests.picture.mapkit import colours, decode, inline_picture, nearest, unit_pixel
from tests.realmail.mailkit import PROCESSED, START, MailGame, make_mail_game, text

if TYPE_CHECKING:
    from tests.conftest import MailServers

MOVES = {"A PAR": "A PAR - BUR", "A MAR": "A MAR - SPA", "F BRE": "F BRE - MAO",
         "A MUN": "A MUN - RUH", "A BER": "A BER - KIE", "F KIE": "F KIE - HOL"}
RESULTS = "Spring 1901 Movement results"


def orders(power: str) -> str:
    return "\n".join(MOVES.get(unit, f"{unit} H") for unit in START[power]) + "\n"


def check_results(game: MailGame, nmr: bool = False) -> None:
    """Every power and the GM got one results mail: the same public part, and a private
    section for the power itself only."""
    for power in POWERS:
        [results] = game.mailbox(power, ["SUBJECT", RESULTS], min_count=1)
        body = text(results)
        assert results["From"] == game.judge and results["To"] == game.players[power]
        assert results["Auto-Submitted"] == "auto-generated"
        assert "A PAR - BUR" in body and "F KIE - HOL" in body  # public: everyone's orders
        assert f"--- For {power} only ---" in body
        # The map, inline, survives SMTP and IMAP: it decodes and shows the move to BUR.
        img = decode(inline_picture(results))
        assert nearest(unit_pixel(img, "standard", "BUR"), colours("standard")) == "FRANCE"
        others = [p for p in POWERS if p != power]
        assert not [p for p in others if f"--- For {p}" in body], power
        assert body.count("--- For") == 1
        if nmr:
            assert "No orders received from" in body
    [gm_copy] = game.mailbox("gm", ["SUBJECT", RESULTS], min_count=1)
    assert "A PAR - BUR" in text(gm_copy) and "--- For" not in text(gm_copy)


def test_a_turn_over_imap_starttls_and_the_smtp_relay(tmp_path: Path,
                                                     mail_servers: MailServers,
                                                     smtp_relay_port: int) -> None:
    # Outgoing mail too goes over STARTTLS (verified) with the mailbox's login.
    game = make_mail_game(tmp_path, mail_servers, smtp_login=True)
    sent = {}
    for i, power in enumerate(POWERS):
        sent[power] = game.mail_in(power, orders(power), "[g] spring orders",
                                   via="smtp" if i % 2 else "lmtp")
    assert game.count("judge") == 7

    report = game.tick()
    assert report.errors == []
    assert [m.status for m in report.mails] == ["handled"] * 7
    assert report.processed == ["g: S1901M processed (early); next F1901M"]
    assert report.sent == 7 + 8  # an acknowledgement each, then results to all and the GM

    # Each mail left the inbox once committed: moved to the processed folder.
    assert game.count("judge") == 0
    assert game.count("judge", PROCESSED) == 7

    for power in POWERS:
        [ack] = game.mailbox(power, ["SUBJECT", "Received"], min_count=1)
        assert ack["In-Reply-To"] == sent[power]["Message-ID"]
        assert ack["Auto-Submitted"] == "auto-replied"
        assert MOVES.get(START[power][-1], START[power][-1]) in text(ack)
    check_results(game)

    # Nothing is read or sent twice.
    again = game.tick()
    assert (again.mails, again.sent, again.errors) == ([], 0, [])
    for power in POWERS:
        assert game.count(power) == 2


def test_gm_process_over_implicit_tls_flagging_seen(tmp_path: Path,
                                                    mail_servers: MailServers,
                                                    smtp_relay_port: int) -> None:
    """No processed folder: handled mail stays in the inbox, flagged \\Seen, and the
    UID bookkeeping alone keeps it from being read again."""
    game = make_mail_game(tmp_path, mail_servers, implicit_tls=True,
                          imap={"processed_folder": None})
    game.mail_in("FRANCE", orders("FRANCE"))
    game.mail_in("GERMANY", orders("GERMANY"), via="smtp")
    game.mail_in("gm", "PROCESS\n", "[g] process now")

    report = game.tick()
    assert [m.status for m in report.mails] == ["handled"] * 3
    assert report.processed and "S1901M processed" in report.processed[0]

    with mail_servers.imap(game.judge, implicit_tls=True) as client:
        client.select_folder("INBOX", readonly=True)
        assert len(client.search("ALL")) == 3
        assert len(client.search("SEEN")) == 3
        assert PROCESSED not in [name for _f, _s, name in client.list_folders()]
    check_results(game, nmr=True)

    again = game.tick()
    assert (again.mails, again.sent) == ([], 0)
    for power in ("FRANCE", "GERMANY"):
        assert game.count(power) == 2  # the acknowledgement and the results
    assert game.count("AUSTRIA") == 1  # the results only


def test_unverifiable_certificate_is_refused_and_tick_goes_on(tmp_path: Path,
                                                             mail_servers: MailServers,
                                                             smtp_relay_port: int) -> None:
    """Without the test CA the server's certificate cannot be verified: no login is
    attempted, the tick reports it and still runs deadlines and the outbox."""
    game = make_mail_game(tmp_path, mail_servers, imap={"cafile": None, "retries": 1})
    msg = game.mail_in("FRANCE", orders("FRANCE"))
    with game.app.db.transaction() as s:  # something to send: the outbox must still drain
        s.add(Outbound(key="probe", kind="test", sender=game.judge, recipient=game.gm,
                       subject="probe", body="probe\n", message_id="probe@example.test",
                       created_at=game.clock(), status="queued", next_attempt_at=game.clock()))

    report = game.tick()
    assert report.mails == []
    assert len(report.errors) == 1 and "CERTIFICATE_VERIFY_FAILED" in report.errors[0]
    assert report.sent == 1
    assert game.count("judge") == 1  # untouched

    game.app.config.imap["cafile"] = mail_servers.cafile
    report = game.tick()
    assert [m.status for m in report.mails] == ["handled"]
    [ack] = game.mailbox("FRANCE", min_count=1)
    assert ack["In-Reply-To"] == msg["Message-ID"]


def test_security_must_be_a_known_mode(tmp_path: Path) -> None:
    (tmp_path / "gmbot.yaml").write_text("imap:\n  security: tsl\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="imap.security"):
        load_config(tmp_path)


def test_uidvalidity_change_rereads_the_folder_safely(tmp_path: Path,
                                                     mail_servers: MailServers,
                                                     smtp_relay_port: int) -> None:
    """The judge reads a folder of its own, which is deleted and created again: UIDs start
    over under a new UIDVALIDITY. The poller reads the new folder from its first UID (a
    stale "last UID" would skip new mail), and mail it handled before, filed again into
    the new folder, is recognised and not answered twice."""
    game = make_mail_game(tmp_path, mail_servers,
                          imap={"folder": "Orders", "processed_folder": None})
    first = game.message("FRANCE", orders("FRANCE"))
    with mail_servers.imap(game.judge) as client:
        client.create_folder("Orders")
        client.append("Orders", first.as_bytes())
    report = game.tick()
    assert [m.status for m in report.mails] == ["handled"]
    with game.app.db.transaction() as s:
        [state] = s.scalars(select(MailboxState)).all()
        old_validity, old_last = state.uidvalidity, state.last_uid
    assert old_last == 1

    second = game.message("ENGLAND", orders("ENGLAND"))
    with mail_servers.imap(game.judge) as client:
        client.delete_folder("Orders")
        client.create_folder("Orders")
        client.append("Orders", second.as_bytes())  # UID 1 of the new folder
        client.append("Orders", first.as_bytes())  # filed again: UID 2
        new_validity = int(client.select_folder("Orders")[b"UIDVALIDITY"])
    assert new_validity != old_validity

    report = game.tick()
    assert [m.status for m in report.mails] == ["handled", "duplicate"]
    with game.app.db.transaction() as s:
        [state] = s.scalars(select(MailboxState)).all()
        assert (state.uidvalidity, state.last_uid) == (new_validity, 2)
    [ack] = game.mailbox("ENGLAND", min_count=1)
    assert ack["In-Reply-To"] == second["Message-ID"]
    assert game.count("FRANCE") == 1  # one acknowledgement, not two
