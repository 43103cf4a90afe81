"""Telling the players what the GM did: one mail per player for each GM action, queued in
the action's own transaction under a key (the action and its moment), so nothing is
queued twice. Each mail is rendered for its recipient (his power, his orders, his time zone);
nothing in it belongs to another player."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from gmbot.service.outbox.queue import queue_mail, rewrite_queued
from gmbot.service.outbox.render import render, text_html
from gmbot.service.runtime import active_players, policy_of
from gmbot.service.views.calendar_entry import Calendars
from gmbot.service.views.results import deadline_text
from gmbot.store.models import Game, Player


def deadline_of(game: Game, when: datetime | None) -> str:
    """A deadline as players read it: in the game's time zone."""
    return deadline_text(policy_of(game), when)


def announce(session: Session, game: Game, event_id: int, template: str, now: datetime,
             players: Iterable[Player] | None = None, topic: str = "",
             observers: bool = False, calendar: Calendars | None = None,
             **context: Any) -> int:
    """Mail `template` to each of `players` (default: every active player), rendered with
    `player` set to the recipient, and, with `observers`, to the game's observers, rendered
    with `player` None: the template gives them only what is public. Returns how many
    players' mails were queued or brought up to date. The same action repeated in one use
    case (a GM mail of ten EXTENDs) updates the mail still queued instead of adding one
    per repeat: players read the last state once. `topic` tells apart actions of one
    template that are no repeats (REPLACE of two powers). `calendar`: the deadline's
    calendar entries, where the action moved or withdrew one (views/calendar_entry.py),
    each reader's in his own time zone."""
    sent = 0
    moment = f"announce:{template}:{topic}:{game.id}:{now.isoformat()}"
    recipients: list[tuple[Player | None, str]] = [
        (p, p.address) for p in (active_players(game) if players is None else players)]
    if observers:
        recipients += [(None, address) for address in game.settings.observers or ()]
    for player, address in recipients:
        subject, body = render(template, game=game, player=player, **context)
        html = text_html(subject, body)
        entries = calendar.of(player) if calendar is not None else None
        # queue_mail's keyword arguments, of several types
        mail: dict[str, Any] = {"kind": "announce", "sender": game.judge, "recipient": address,
                "subject": subject, "body": body, "now": now, "game": game, "html": html,
                "calendar": entries}
        key = f"{moment}:{address}"
        counts = 1 if player is not None else 0
        if queue_mail(session, key=key, **mail):
            sent += counts
            continue
        if rewrite_queued(session, key, game, subject, body, html, entries):
            sent += counts
        elif queue_mail(session, key=f"announce:{event_id}:{address}", **mail):
            sent += counts  # the earlier mail of this moment is gone already: this is news
    return sent


def told(count: int) -> str:
    """The GM's note of who was told."""
    return f"{count} {'player' if count == 1 else 'players'} told"
