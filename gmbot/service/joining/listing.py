"""LIST: the games open for sign-up, the running games with open seats, and the others
running, as anyone may read them (no address, no player's name: only the game, its
variant, its seats and its deadlines)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.gamefile.settings.deadline_section import KINDS, AfterThenAt, Words
from gmbot.service.joining.seats import RUNNING, free_seats, open_seats, signup_of
from gmbot.service.outbox.render import render
from gmbot.service.runtime import SIGNUP, current_phase
from gmbot.service.seats.bot_seats import bot_rules
from gmbot.store.models import Game

MOST_LISTED = 40  # games of each kind in one answer


def list_text(session: Session) -> str:
    """LIST's answer: each game a few lines, the open ones first."""
    signup: list[dict[str, Any]] = []
    wanted: list[dict[str, Any]] = []
    running: list[dict[str, Any]] = []
    games = session.scalars(select(Game).where(Game.status.in_((SIGNUP, *RUNNING)))
                            .order_by(Game.name).limit(3 * MOST_LISTED)).all()
    for game in games:
        row: dict[str, Any] = {"name": game.name, "title": game.title, "variant": game.variant,
               "deadlines": deadline_policy(game)}
        if game.status == SIGNUP:
            settings = signup_of(game)
            row |= {"free": free_seats(session, game), "seats": len(settings.open_powers),
                    "powers": list(settings.open_powers), "approval": settings.approval,
                    "observers": settings.observers,
                    "close": _utc(settings.close),
                    # the seats the judge's bot takes if still free at the close (closing.py)
                    "bots": [p for p in settings.open_powers if bot_rules(game).fills(p)]
                    if settings.close else []}
            signup.append(row)
            continue
        phase = current_phase(session, game)
        row |= {"phase": phase.name if phase else "-", "status": game.status}
        seats = open_seats(session, game)
        if seats:
            wanted.append(row | {"open": seats})
        else:
            running.append(row)
    return render("joining_list.txt.j2", signup=signup[:MOST_LISTED],
                  wanted=wanted[:MOST_LISTED], running=running[:MOST_LISTED])[1].rstrip()


def deadline_policy(game: Game) -> str:
    """The game's deadlines as its file gives them: "movement 48h, retreat 24h, ..."."""
    words = game.settings.deadlines
    parts = [f"{kind} {_rule(rule)}" for kind in KINDS if (rule := words.rule(kind))]
    if words.timezone:
        parts.append(f"time zone {words.timezone}")
    return ", ".join(parts) or "the judge's defaults"


def _rule(rule: Words) -> str:
    if isinstance(rule, AfterThenAt):
        return f"{rule.after} then at {rule.at}"
    return str(rule)


def _utc(moment: str | None) -> str | None:
    """A stored ISO time as the LIST reads it: 2026-04-01 18:00 UTC."""
    return f"{moment[:16].replace('T', ' ')} UTC" if moment else None
