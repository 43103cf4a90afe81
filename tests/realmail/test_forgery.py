"""Forgery through the real IMAP server: mail in the GM's and a player's name that the
judge's mail server could not verify changes nothing; the real owners are told once; a
reply to the judge's mail authenticates with nothing else."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from gmbot.store.models import Game, OrderSet, Player
from tests.authkit import TRUSTED_MX
from tests.realmail.mailkit import make_mail_game


def failed(game, who: str) -> dict[str, str]:  # noqa: ANN001
    domain = game.address(who).rsplit("@", 1)[1]
    return {"Authentication-Results": f"{TRUSTED_MX}; dmarc=fail header.from={domain}"}


def test_forged_gm_and_player_mail_over_imap_changes_nothing(tmp_path: Path,
                                                             mail_servers) -> None:  # noqa: ANN001
    game = make_mail_game(tmp_path, mail_servers)
    game.mail_in("gm", "REPLACE FRANCE evil@attacker.test\nPAUSE\n", subject="[g] gm",
                 headers=failed(game, "gm"))
    game.mail_in("FRANCE", "A PAR - PIC\n", subject="[g] orders",
                 headers=failed(game, "FRANCE"))
    report = game.tick()
    assert [m.status for m in report.mails] == ["refused", "refused"]
    with game.app.db.transaction() as s:
        assert s.scalars(select(Game.status)).one() == "active"
        assert game.address("FRANCE") in s.scalars(select(Player.address)).all()
        assert s.scalars(select(OrderSet)).all() == []
    for who in ("gm", "FRANCE"):
        [notice] = game.mailbox(who, min_count=1)
        assert "could not be verified" in notice["Subject"]


def test_a_reply_to_the_judges_mail_over_imap_is_recognised(tmp_path: Path,
                                                            mail_servers) -> None:  # noqa: ANN001
    game = make_mail_game(tmp_path, mail_servers)
    # France's provider does not sign and the MX says nothing: a first mail proves nothing.
    game.mail_in("FRANCE", "A PAR - BUR\n", subject="[g] orders",
                 headers=failed(game, "FRANCE"))
    game.tick()
    [notice] = game.mailbox("FRANCE", min_count=1)
    # Replying to the judge's notice is enough.
    game.mail_in("FRANCE", "A PAR - BUR\n", subject=f"Re: {notice['Subject']}",
                 headers={**failed(game, "FRANCE"), "In-Reply-To": notice["Message-ID"]})
    assert [m.status for m in game.tick().mails] == ["handled"]
    with game.app.db.transaction() as s:
        assert len(s.scalars(select(OrderSet)).all()) == 1
