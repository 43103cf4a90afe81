"""Oversize mail in the judge's IMAP mailbox: its size is asked (RFC822.SIZE) before any
fetch, and only its header section is fetched; the sender is told the limit, the mail
moves to the processed folder like any other, and the store keeps its headers only."""

from __future__ import annotations

import tracemalloc

from sqlalchemy import select

from gmbot.store.models import Inbound
from tests.realmail.mailkit import PROCESSED, MailGame, text

MB = 1_000_000


def test_an_oversize_mail_is_refused_from_its_size_and_headers(game: MailGame) -> None:
    msg = game.message("FRANCE", "A PAR - BUR\n" + "junk line of filler text\n" * 800_000)
    raw = msg.as_bytes()
    assert len(raw) > 16 * MB
    game.deliver(raw, mail_from=game.players["FRANCE"])
    game.mail_in("GERMANY", "A MUN - RUH\n")

    tracemalloc.start()
    try:
        report = game.tick()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [m.status for m in report.mails] == ["refused", "handled"]
    assert peak < 10 * MB  # the 20 MB mail was never fetched

    [refusal] = game.mailbox("FRANCE", min_count=1)
    assert "the judge reads mail up to 1000000 bytes" in text(refusal)
    assert game.count("judge", PROCESSED) == 2 and game.count("judge") == 0
    with game.app.db.transaction() as s:
        row = s.scalars(select(Inbound).where(Inbound.status == "refused")).one()
        assert row.size >= len(raw)  # as the server counts it (with its own headers)
        assert b"Message-ID: " in row.raw and b"junk line" not in row.raw
