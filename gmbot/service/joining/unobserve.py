"""UNOBSERVE game: an observer stops the game's mail, by a mail of his own or by the
List-Unsubscribe link every mail to him carries (gmbot/mail/outgoing/lists.py). It
takes effect at once where the mail proves its author (the judge's trusted mail server
vouches for the From, or the game takes addresses on trust); a mail that proves nothing
stops nobody's mail (a forged unsubscribe), and is told so."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.service.runtime import log_event
from gmbot.store.models import Game


def unobserve(s: Session, game_name: str, address: str, proven: bool,
              now: datetime) -> tuple[Game | None, str]:
    """Stop `address` observing the game named `game_name`; (the game, what to tell him)."""
    game = s.scalars(select(Game).where(Game.name == game_name.lower())).first()
    if game is None:
        return None, f"there is no game {game_name.lower()!r} on this judge"
    if address not in (game.observers or ()):
        return game, f"you do not observe game {game.name}: nothing to stop"
    if not (proven or game.auth == "none"):
        return game, ("your mail server's verdict did not prove this mail came from you, "
                      "so nothing was changed; send UNOBSERVE from your own mailbox")
    game.observers = [a for a in game.observers if a != address]
    log_event(s, game, "observer_left", now, address=address, by="mail")
    return game, (f"you no longer observe game {game.name}: the judge sends you none of "
                  f"its mail from now on (OBSERVE {game.name} to watch it again)")
