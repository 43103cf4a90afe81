"""The one-click unsubscribe link (RFC 8058, service/outbox/stop_links.py), as `gmbot web`
serves it: a GET shows what the link stops and a button, and never acts (mail scanners
and link previews follow every link they see); a POST stops it, in one transaction. A
link is its reader's proof: its token is the HMAC of the home's key over the game, his
address and what it stops, so a link forged, altered or made for another reader or
another game matches nobody and changes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from msgspec.structs import replace
from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.service.app import App
from gmbot.service.joining.unobserve import quiet, unobserve
from gmbot.service.locks import lock_game
from gmbot.service.outbox.site_key import site_key
from gmbot.service.outbox.stop_links import (
    OBSERVE,
    PRESS,
    REMINDERS,
    SCOPES,
    STANDBY,
    token_matches,
)
from gmbot.service.runtime import active_players, log_event, policy_of
from gmbot.service.seats.rules import standby_list
from gmbot.service.views.mail_prefs import DIGEST, describe, prefs_of, store_prefs
from gmbot.store.models import Game

# What the confirm page says each link stops (before "in game NAME").
STOPS = {OBSERVE: "the game's public mail to you, an observer",
         STANDBY: "the game's calls to you, on its standby list, when a seat opens",
         PRESS: "press to you one mail at a time: it comes in one digest a day instead",
         REMINDERS: "the reminders before each deadline (the late notice still comes)"}


@dataclass(frozen=True)
class Page:
    """What the endpoint answers: its title, its text and whether it offers the button."""

    title: str
    text: str
    button: bool = False


def confirm_page(app: App, game_name: str, scope: str, token: str) -> Page | None:
    """The page a GET of the link shows (read only); None: the link is no reader's."""
    with app.db.transaction() as s:
        found = _reader(s, app, game_name, scope, token)
        if found is None:
            return None
        game, _ = found
        return Page(f"Stop mail from game {game.name}",
                    f"This stops {STOPS[scope]} in game {game.name}. Press the button "
                    "to confirm.", button=True)


def stop_by_link(app: App, game_name: str, scope: str, token: str) -> Page | None:
    """Stop what the link stops (a POST); None: the link is no reader's, nothing done."""
    now = app.now()
    with app.db.transaction() as s:
        found = _reader(s, app, game_name, scope, token)
        if found is None:
            return None
        game, address = found
        lock_game(s, game)
        return Page("Done", _stop(s, app, game, scope, address, now))


def _reader(s: Session, app: App, game_name: str, scope: str,
            token: str) -> tuple[Game, str] | None:
    """The game and the reader whose link this is, if it is one."""
    if scope not in SCOPES:
        return None
    game = s.scalars(select(Game).where(Game.name == game_name.lower())).first()
    if game is None:
        return None
    key = site_key(app.config.home)
    for address in _readers(s, app, game, scope):
        if token_matches(key, game, address, scope, token):
            return game, address
    return None


def _readers(s: Session, app: App, game: Game, scope: str) -> list[str]:
    """Everyone who may hold a link of `scope` in `game` (once stopped, still: a second
    click says so)."""
    if scope == OBSERVE:
        return list(game.settings.observers)
    if scope == STANDBY:
        return [*standby_list(s, game, app.config.standby), *game.settings.quiet]
    return [p.address for p in active_players(game)]


def _stop(s: Session, app: App, game: Game, scope: str, address: str,
          now: datetime) -> str:
    if scope == OBSERVE:
        return unobserve(s, game.name, address, True, now, by="link")[1]
    if scope == STANDBY:
        return quiet(s, game.name, address, True, now, app.config.standby, by="link")[1]
    player = next(p for p in active_players(game) if p.address == address)
    prefs = prefs_of(player)
    prefs = replace(prefs, press=DIGEST) if scope == PRESS else replace(prefs, reminders=False)
    store_prefs(player, prefs)
    log_event(s, game, "mail_prefs", now, power=player.key, prefs=player.mail_prefs, by="link")
    return (f"Your mail from game {game.name}: {describe(prefs, policy_of(game).timezone)}. "
            "A mail to the judge with SET MAIL changes it again.")
