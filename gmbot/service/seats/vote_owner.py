"""A vote belongs to a player, not his power: whatever opens a seat or gives it to another
takes the seat's vote with it. Here, below every flow that changes a seat (the GM's
actions, a game file's reload, TAKEOVER, the missed-orders policy)."""

from __future__ import annotations

from sqlalchemy import delete
from sqlalchemy.orm import Session

from gmbot.store.models import Game, Vote


def forget_vote(session: Session, game: Game, power: str) -> None:
    """When the seat opens or changes hands (RESIGN, civil disorder, the missed-orders
    policy, REPLACE, TAKEOVER, a reload of the game file giving the power another
    address), the vote goes with its player; the next player starts with none, and never
    sees it."""
    session.execute(delete(Vote).where(Vote.game_id == game.id, Vote.voter == power))
