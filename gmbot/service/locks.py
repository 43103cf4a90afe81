"""Game row locks, the one thing two processes on one PostgreSQL database wait on each
other for (SQLite serialises writers with its database lock instead).

Every use case that changes a game locks its row first: a mail's orders and deadline
processing never interleave, and two mails of one game get distinct order versions. Two
rules keep two processes from deadlocking on these locks:

- One lock strength, FOR NO KEY UPDATE: it excludes the same lock of another transaction,
  but not the key-share lock PostgreSQL takes on a game row whenever a row naming the game
  is written (an order, an outbound mail, an event). With FOR UPDATE, two transactions
  that had each written a row naming a game would wait on each other to lock it.
- One order, by game id: a transaction that locks several games (a batch of mails,
  reminders) takes them in ascending id, all at its start where it can (`lock_games_of`),
  before it writes any row that another process might also write (a mail's Inbound row).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from gmbot.store.models import Game, Player

# FOR NO KEY UPDATE on PostgreSQL; SQLAlchemy leaves it out on SQLite. Keyword arguments
# of with_for_update (typed as such: its parameters are of several types).
STRENGTH: dict[str, Any] = {"key_share": True}


def lock_game(session: Session, game: Game) -> None:
    """Lock a loaded game's row and read it again (others may have changed it)."""
    session.refresh(game, with_for_update=STRENGTH)


def locked_game(session: Session, game_id: int) -> Game | None:
    """The game row, loaded and locked."""
    query = select(Game).where(Game.id == game_id).with_for_update(**STRENGTH)
    return session.scalars(query).first()


def lock_games_of(session: Session, senders: Collection[str]) -> set[int]:
    """Lock, in id order, every game any of `senders` plays in or runs: all a batch of
    their mails can be routed to (a superset: a sender in several games names one). The
    ids locked are returned; the caller need not lock those again."""
    if not senders:
        return set()
    played = select(Player.game_id).where(Player.address.in_(senders))
    query = (select(Game.id).where(or_(Game.gm.in_(senders), Game.id.in_(played)))
             .order_by(Game.id).with_for_update(**STRENGTH))
    return set(session.scalars(query))
