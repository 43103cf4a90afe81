"""A player's private link to the game's web pages (docs/site.md): the folder
`games/NAME/p/TOKEN/` whose TOKEN is an HMAC of the home's site key, the game and the
player's row and address. Only his own results mails carry it. A replaced player's
seat gets the new address (REPLACE keeps the row): the old link leads nowhere once the
site is next brought up to date, and the new player's link opens the power's pages.
The key is a file of the home (`site.key`), made at first use and readable by its owner
only; deleting it changes every link."""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
from pathlib import Path

from gmbot.config import Config
from gmbot.mail.keyfile import home_key
from gmbot.store.models import Game, Player

log = logging.getLogger("gmbot")
KEY_NAME = "site.key"
TOKEN_CHARS = 26  # base32: 130 bits, past guessing and past listing


def site_key(home: Path) -> bytes:
    """The home's key for private links, made (32 random bytes, mode 0600) if missing."""
    return home_key(home / KEY_NAME)


def player_token(key: bytes, game: Game, player: Player) -> str:
    """The token of `player`'s private pages: tied to the game's row and name and to the
    player's row and address, so a new game of the same name or a replacement (a new
    address on the seat) gets another."""
    mac = hmac.new(key, f"{game.id}\0{game.name}\0{player.id}\0{player.address}".encode(),
                   hashlib.sha256)
    return base64.b32encode(mac.digest()).decode("ascii").lower()[:TOKEN_CHARS]


def private_link(config: Config, game: Game, player: Player) -> str | None:
    """The address of `player`'s private pages, for his mails; None when no site with an
    address is kept for the game (gmbot.yaml `site:`)."""
    site = config.site
    if site is None or not site.url or not site.shows(game.name) or not player.active:
        return None
    try:
        key = site_key(config.home)
    except OSError:  # a home the judge cannot write: the mail goes without the link
        log.exception("the site key cannot be read or made; results go without links")
        return None
    return f"{site.url}/games/{game.name}/p/{player_token(key, game, player)}/"


def public_link(config: Config, game: Game) -> str | None:
    """The address of the game's public pages, or None (no site, or no address)."""
    site = config.site
    if site is None or not site.url or not site.shows(game.name):
        return None
    return f"{site.url}/games/{game.name}/"
