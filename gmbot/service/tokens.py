"""The reply token of a mail's recipient: every judge mail to a player or the GM carries
it in its Message-ID, so that his reply (In-Reply-To, References) proves him."""

from __future__ import annotations

from gmbot.mail.auth.secrets import reply_token
from gmbot.store.models import Game


def recipient_token(game: Game, address: str) -> str | None:
    """The token of `address` in `game`, or None (a stranger, no secret yet, auth none)."""
    if game.auth == "none":
        return None
    address = address.lower()
    if address == game.gm:
        stored = game.gm_secret_hash
    else:
        stored = next((p.secret_hash for p in game.players
                       if p.active and p.address == address), None)
    return reply_token(stored, game.name, address) if stored else None
