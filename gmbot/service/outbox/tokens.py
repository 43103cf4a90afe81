"""The reply token of a mail's recipient: every judge mail to a player or the GM carries
it in its Message-ID, so that his reply (In-Reply-To, References) proves him."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import bindparam, select
from sqlalchemy.orm import object_session

from gmbot.mail.auth.secrets import day_number, reply_token
from gmbot.store.models import Game, Player

_P = Player.__table__.c
# One column of one row: loading the game's players (seven ORM objects) for it was a
# quarter of the cost of handling an order mail.
_SECRET = select(_P.secret_hash).where(
    _P.game_id == bindparam("game_id"), _P.address == bindparam("address"),
    _P.active.is_(True)).order_by(_P.id).limit(1)


def recipient_token(game: Game, address: str, now: datetime | None = None) -> str | None:
    """The token of `address` in `game`, issued `now` (by the wall clock if None), or
    None (a stranger, no secret yet, auth none)."""
    if game.settings.auth == "none":
        return None
    address = address.lower()
    if address == game.gm:
        stored = game.gm_secret_hash
    elif "players" in game.__dict__ or (session := object_session(game)) is None:
        stored = next((p.secret_hash for p in game.players
                       if p.active and p.address == address), None)
    else:  # not loaded: read the one value (autoflushed: a secret set in this mail counts)
        stored = session.scalar(_SECRET, {"game_id": game.id, "address": address})
    if not stored:
        return None
    return reply_token(stored, game.name, address, None if now is None else day_number(now))
