"""The standing votes as a viewer may see them (STATUS, `gmbot game votes`): in an open
game everyone sees who voted for what; in a secret game (the default) a player sees his
own vote and how many of the voters have voted, never who or for what; the GM sees all."""

from __future__ import annotations

from sqlalchemy.orm import Session

from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.service.deadline.ballot import bot_voters, seated_voters, standing_votes
from gmbot.store.models import Game


def vote_lines(session: Session, game: Game, state: GameState, rules: StandardRules,
               viewer: str | None, gm: bool) -> list[str]:
    """The lines about votes, or none when no vote stands (and the viewer has none)."""
    votes = standing_votes(session, game)
    voters = seated_voters(game, state, rules)
    counted = {k: m for k, m in votes.items() if k in voters}
    if not counted:
        return []
    settings = game.settings.votes
    head = (f"Votes on ending the game ({'secret' if settings.secret else 'open'}): "
            f"{len(counted)} of {len(voters)} voters have voted; the game ends when all "
            "vote alike.")
    bots = bot_voters(session, game, state, rules)
    rule = ([f"  played by a bot: {', '.join(bots)}, which accepts any draw that includes it "
             "and never concedes"] if bots else [])
    if gm or not settings.secret:
        lines = [head, *(f"  {k}: {m.text()}" for k, m in sorted(counted.items())),
                 f"  not voted: {', '.join(v for v in voters if v not in counted) or 'none'}",
                 *rule]
        return lines
    own = counted.get(viewer or "")
    return [head, f"  your vote: {own.text() if own else 'none'}", *rule]
