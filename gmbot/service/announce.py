"""Telling the players what the GM did: one mail per player for each GM action, queued in
the action's own transaction and keyed by the action's event, so a re-run queues nothing
twice. Each mail is rendered for its recipient (his power, his orders, his time zone);
nothing in it belongs to another player."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from gmbot.render import render
from gmbot.service.outbox import queue_mail
from gmbot.service.runtime import active_players, policy_of
from gmbot.service.views import deadline_text
from gmbot.store.models import Game, Player


def deadline_of(game: Game, when: datetime | None) -> str:
    """A deadline as players read it: in the game's time zone."""
    return deadline_text(policy_of(game), when)


def announce(session: Session, game: Game, event_id: int, template: str, now: datetime,
             players: Iterable[Player] | None = None, **context: Any) -> int:
    """Mail `template` to each of `players` (default: every active player), rendered with
    `player` set to the recipient. Returns how many mails were queued."""
    sent = 0
    for player in active_players(game) if players is None else players:
        subject, body = render(template, game=game, player=player, **context)
        sent += queue_mail(session, key=f"announce:{event_id}:{player.address}",
                           kind="announce", sender=game.judge, recipient=player.address,
                           subject=subject, body=body, now=now, game=game)
    return sent


def told(count: int) -> str:
    """The GM's note of who was told."""
    return f"{count} {'player' if count == 1 else 'players'} told"
