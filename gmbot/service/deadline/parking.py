"""A game the judge cannot go on with is parked, so one game's fault never stops the
others: its phase could not be processed (the engine failed on it) or its stored
position could not be read. A parked game is skipped by deadlines and reminders
(wakeups.py looks at active games only), its players' mail is answered with a notice
that the game is paused for the GM (inbound/gates.py), and its GM is told once, by mail,
what failed and how to go on. RESUME (gm/admin.py) un-parks it once the position reads."""

from __future__ import annotations

import logging
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.service.app import App
from gmbot.service.locks import locked_game
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render
from gmbot.service.runtime import current_phase, log_event
from gmbot.store.models import Event, Game

PARKED = "parked"  # Game.status of a parked game

log = logging.getLogger("gmbot")


class GameParked(Exception):
    """A game was parked in this use case: the runner reports it (gmbot tick exits 1)."""


def park(s: Session, game: Game, reason: str, now: datetime) -> str | None:
    """Park `game` in the caller's transaction: its status, the event, the GM's notice and
    a log line. Returns the line for the operator, or None if it was parked already."""
    if game.status == PARKED:
        return None
    phase = current_phase(s, game)
    name = phase.name if phase else "-"
    reason = " ".join(reason.split())  # one line, whatever the error's text
    was = game.status
    game.status = PARKED
    event = log_event(s, game, "parked", now, phase=name, reason=reason, was=was)
    subject, body = render("gm_game_parked.txt.j2", game=game, phase=name, reason=reason)
    queue_mail(s, key=f"parked:{game.id}:{event}", kind="gm", sender=game.judge,
               recipient=game.gm, subject=subject, body=body, now=now, game=game)
    line = f"game {game.name} parked at {name}: {reason}"
    log.error("%s (its GM is told; RESUME once fixed)", line)
    return line


def park_game(app: App, game_id: int, reason: str) -> str | None:
    """Park the game in a transaction of its own (the one that failed was rolled back)."""
    with app.db.transaction() as s:
        game = locked_game(s, game_id)
        if game is None:
            return None
        return park(s, game, reason, app.now())


def parked_reason(s: Session, game: Game) -> str | None:
    """Why the game is parked, from its latest "parked" event; None if it is not."""
    if game.status != PARKED:
        return None
    data = s.scalars(select(Event.data).where(Event.game_id == game.id, Event.kind == "parked")
                     .order_by(Event.id.desc()).limit(1)).first()
    return str((data or {}).get("reason") or "unknown")


def park_all(app: App, broken: list[tuple[int, str]], parked: list[str] | None) -> None:
    """Park each (game id, why) of a step that looked at many games, each in a transaction
    of its own; the operator's lines are added to `parked`."""
    for game_id, why in broken:
        line = park_game(app, game_id, why)
        if line and parked is not None:
            parked.append(line)
