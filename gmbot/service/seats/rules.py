"""A game's seat rules as the game file set them (its settings): the missed-orders
policy, the GM's approval of a takeover and the standby list, joined with the home-wide
standby list of gmbot.yaml."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy.orm import Session

from gmbot.gamefile.settings.nmr import NmrPolicy
from gmbot.store.models import Game


def nmr_policy(session: Session, game: Game) -> NmrPolicy:
    """The game's missed-orders policy (hold for a game loaded before there were others)."""
    return game.settings.missed_orders


def takeover_approval(game: Game) -> bool:
    """Whether a TAKEOVER of one of the game's open seats waits for the GM's approval:
    the game file's `takeover: {approval: ...}`, the one setting for it."""
    return game.settings.takeover_approval


def standby_list(session: Session, game: Game, home: Iterable[str] = ()) -> list[str]:
    """Who is called when one of the game's seats opens: the game file's `standby:`, then
    gmbot.yaml's, each address once, none of the game's own (its players, GM, judge) and
    none who asked the game for quiet (QUIET)."""
    own = ({game.gm, game.judge} | {p.address for p in game.players if p.active}
           | set(game.settings.quiet))
    out: list[str] = []
    for address in [*game.settings.standby, *home]:
        address = address.strip().lower()
        if address and address not in own and address not in out:
            out.append(address)
    return out
