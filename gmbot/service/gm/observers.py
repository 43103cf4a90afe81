"""Observers the game file adds: each is told once that he observes the game, how to read
it and how to stop (an observer added by OBSERVE is told by the joining use case)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy.orm import Session

from gmbot.engine.state import Phase
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render, text_html
from gmbot.service.runtime import current_phase, log_event
from gmbot.service.views.open_deadline import open_deadline_text
from gmbot.store.models import Game


def welcome_observers(session: Session, game: Game, before: Iterable[str],
                      now: datetime) -> None:
    """Tell the game's observers not among `before` (the observers of its last load)."""
    known = set(before)
    new = [a for a in game.settings.observers if a not in known]
    if not new:
        return
    phase = current_phase(session, game)
    for address in new:
        log_event(session, game, "observer_added", now, address=address, by="game file")
        subject, body = render(
            "observer_welcome.txt.j2", game=game, player=None,
            phase=Phase.parse(phase.name).long() if phase else None,
            deadline=open_deadline_text(game, phase))
        queue_mail(session, key=f"observer:{game.id}:{address}:{now.isoformat()}",
                   kind="announce", sender=game.judge, recipient=address, subject=subject,
                   body=body, now=now, game=game, html=text_html(subject, body))
