"""What a reader may stop, and how: the mail command that stops it (a List-Unsubscribe
mailto, RFC 2369) and, where the judge's web endpoint (`gmbot web`) serves it, the
one-click link (RFC 8058): `SITE/stop/GAME/SCOPE/TOKEN`, whose TOKEN is an HMAC of the
home's site key over the game, the reader's address and what the link stops. The
address is not in the link: the endpoint finds the reader among those the scope names,
so a link altered in any part, or made without the key, matches nobody."""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from typing import Final

from gmbot.store.models import Game

# What a link stops, by whom it may be used.
OBSERVE, STANDBY, PRESS, REMINDERS = "observe", "standby", "press", "reminders"
SCOPES = (OBSERVE, STANDBY, PRESS, REMINDERS)
TOKEN_CHARS = 32  # base32: 160 bits, past guessing
SEAT_CALL: Final = "seat-call"  # the outbox kind of a call to the standby list


@dataclass(frozen=True)
class Stop:
    """What stops a mail: its scope and the mail command that does it."""

    scope: str
    command: str
    subject: str  # the mailto's subject: the command, with the game where a player's


def stop_of(game: Game, kind: str, recipient: str) -> Stop | None:
    """How `recipient` stops this mail of `game`, or None: he may not (results, answers,
    deadlines, anything the GM gets)."""
    name = game.name
    if recipient in game.settings.observers:
        return Stop(OBSERVE, f"UNOBSERVE {name}", f"UNOBSERVE {name}")
    if kind == SEAT_CALL:
        return Stop(STANDBY, f"QUIET {name}", f"QUIET {name}")
    if recipient == game.gm:
        return None
    if kind == "press":
        return Stop(PRESS, "SET MAIL PRESS DIGEST", f"[{name}] SET MAIL PRESS DIGEST")
    if kind == "reminder":
        return Stop(REMINDERS, "SET MAIL REMINDERS OFF", f"[{name}] SET MAIL REMINDERS OFF")
    return None


def stop_token(key: bytes, game: Game, address: str, scope: str) -> str:
    """The token of `address`'s link stopping `scope` in `game` (tied to the game's row
    and name: a new game of the same name gets others)."""
    text = f"stop\0{game.id}\0{game.name}\0{address.lower()}\0{scope}"
    mac = hmac.new(key, text.encode(), hashlib.sha256).digest()
    return base64.b32encode(mac).decode("ascii").lower()[:TOKEN_CHARS]


def stop_url(base: str, key: bytes, game: Game, address: str, scope: str) -> str:
    return f"{base}/stop/{game.name}/{scope}/{stop_token(key, game, address, scope)}"


def token_matches(key: bytes, game: Game, address: str, scope: str, token: str) -> bool:
    return hmac.compare_digest(stop_token(key, game, address, scope), token)
