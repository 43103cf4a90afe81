"""UNOBSERVE game: an observer stops the game's mail; QUIET game: a standby stops the
game's calls for a replacement. By a mail of his own or by the List-Unsubscribe link
every such mail carries (gmbot/mail/outgoing/lists.py). It takes effect at once where
the mail proves its author (the judge's trusted mail server vouches for the From, or
the game takes addresses on trust); a mail that proves nothing stops nobody's mail (a
forged unsubscribe), and is told so. The one-click link (joining/stop_link.py) proves
its reader by its signature instead."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.service.runtime import log_event
from gmbot.service.seats.rules import standby_list
from gmbot.service.settings import drop_observer, quiet_standby
from gmbot.store.models import Game


def unobserve(s: Session, game_name: str, address: str, proven: bool,
              now: datetime, by: str = "mail") -> tuple[Game | None, str]:
    """Stop `address` observing the game named `game_name`; (the game, what to tell him)."""
    game = _game(s, game_name)
    if game is None:
        return None, f"there is no game {game_name.lower()!r} on this judge"
    if address not in game.settings.observers:
        return game, f"you do not observe game {game.name}: nothing to stop"
    if not (proven or game.settings.auth == "none"):
        return game, _UNPROVEN.format(verb="UNOBSERVE")
    drop_observer(game, address)
    log_event(s, game, "observer_left", now, address=address, by=by)
    return game, (f"you no longer observe game {game.name}: the judge sends you none of "
                  f"its mail from now on (OBSERVE {game.name} to watch it again)")


def quiet(s: Session, game_name: str, address: str, proven: bool, now: datetime,
          home_standby: tuple[str, ...] = (), by: str = "mail") -> tuple[Game | None, str]:
    """Stop the game named `game_name` calling `address` from its standby list (the
    game's own or gmbot.yaml's); (the game, what to tell him)."""
    game = _game(s, game_name)
    if game is None:
        return None, f"there is no game {game_name.lower()!r} on this judge"
    if address in game.settings.quiet:
        return game, f"game {game.name} calls you no more already: nothing to stop"
    if address not in standby_list(s, game, home_standby):
        return game, f"you are not on game {game.name}'s standby list: nothing to stop"
    if not (proven or game.settings.auth == "none"):
        return game, _UNPROVEN.format(verb="QUIET")
    quiet_standby(game, address)
    log_event(s, game, "standby_quiet", now, address=address, by=by)
    return game, (f"game {game.name} no longer calls you when a seat opens; the game "
                  f"master ({game.gm}) can put you back on its list")


_UNPROVEN = ("your mail server's verdict did not prove this mail came from you, so "
             "nothing was changed; send {verb} from your own mailbox")


def _game(s: Session, name: str) -> Game | None:
    return s.scalars(select(Game).where(Game.name == name.lower())).first()
