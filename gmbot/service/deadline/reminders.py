"""Reminders before a deadline, and the late notice after it: players missing orders are
reminded at each of the policy's reminder offsets; once the deadline has passed, during
the grace period, the GM is told once who is late and each late player is told what he
still has to order and until when."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from gmbot.engine.pending import missing_orders
from gmbot.gamefile.settings.deadlines import DeadlinePolicy, final_deadline
from gmbot.service.app import App
from gmbot.service.deadline.absences import absent_at, live
from gmbot.service.deadline.context import PhaseContext
from gmbot.service.deadline.parking import park_all
from gmbot.service.deadline.wakeups import due_phases
from gmbot.service.locks import lock_game
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render
from gmbot.service.runtime import StoredPositionError, policy_of
from gmbot.service.views.mail_prefs import prefs_of, quiet_end
from gmbot.service.views.results import deadline_text
from gmbot.store.models import Game, PhaseRow, Player


def send_reminders(app: App, now: datetime | None = None,
                   parked: list[str] | None = None) -> int:
    """Reminders and late notices due now, in one transaction; the number of mails
    queued. A game whose position cannot be read is parked (its line added to
    `parked`); the others go on."""
    now = now or app.now()
    sent = 0
    broken: list[tuple[int, str]] = []
    with app.db.transaction() as s:
        # Players are loaded only for the few games that need reminders now.
        for game, phase in due_phases(s, now):
            if phase.deadline_at is None or not _anything_due(policy_of(game), phase, now):
                continue
            at = _locked(s, game, phase, now)
            if at is None:
                continue
            try:
                sent += _remind(at, now)
            except StoredPositionError as e:
                broken.append((game.id, str(e)))  # parked below, in its own transaction
    park_all(app, broken, parked)
    return sent


def _locked(s: Session, game: Game, phase: PhaseRow, now: datetime) -> PhaseContext | None:
    """The phase, its game locked, if it still needs a reminder or a notice. Another
    process may be doing the same: with the game locked (as process_game does), what has
    been sent is read again. Games are taken in id order (the order of due_phases), as a
    batch of mails takes them: service/locks."""
    lock_game(s, game)
    s.refresh(phase)
    if game.status != "active" or phase.processed_at or phase.superseded \
            or phase.deadline_at is None:
        return None
    at = PhaseContext(s, game, phase)
    return at if _anything_due(at.policy, phase, now) else None


def _remind(at: PhaseContext, now: datetime) -> int:
    s, game, phase, policy = at.session, at.game, at.phase, at.policy
    assert phase.deadline_at is not None  # _locked checked it
    todo, late_notice = _due(policy, phase, now)
    done = set(phase.reminders_sent or [])
    waiting = list(at.waiting())
    sent = 0
    if todo and waiting:
        deadline = deadline_text(policy, phase.deadline_at)
        # Not to a player who said he is away: he may order, but mail piles up.
        away = absent_at(live(s, game, now), now)
        for player in (p for p in waiting if p.id not in away):
            prefs = prefs_of(player)
            if not prefs.reminders:
                continue  # SET MAIL REMINDERS OFF: the late notice below still comes
            # In his quiet hours it waits for their end, if that is before the deadline.
            wait = quiet_end(prefs, policy.timezone, now)
            subj, body = render("reminder.txt.j2", game=game, phase=phase.name,
                                deadline=deadline, player=player,
                                missing=at.missing(player))
            queue_mail(s, key=f"reminder:{phase.id}:{todo[-1]}:{player.address}",
                       kind="reminder", sender=game.judge, recipient=player.address,
                       subject=subj, body=body, now=now, game=game,
                       not_before=wait if wait and wait < phase.deadline_at else None)
            sent += 1
    if late_notice and waiting and policy.grace.total:
        sent += _tell_late(at, waiting, now)
    phase.reminders_sent = sorted(done | set(todo) | ({"late"} if late_notice else set()))
    return sent


def _tell_late(at: PhaseContext, late: list[Player], now: datetime) -> int:
    """The GM's notice naming the late players; then each late player is told, while the
    grace period still lets him order."""
    s, game, phase = at.session, at.game, at.phase
    assert phase.deadline_at is not None  # _locked checked it
    until = deadline_text(at.policy, final_deadline(at.policy, phase.deadline_at))
    subj, body = render("gm_late.txt.j2", game=game, phase=phase.name,
                        late=[p.key for p in late], until=until)
    queue_mail(s, key=f"late:{phase.id}", kind="gm", sender=game.judge,
               recipient=game.gm, subject=subj, body=body, now=now, game=game)
    for player in late:
        orders = at.accepted(player)
        missing = missing_orders(at.state, at.rules, player.key, orders)
        subj, body = render("late.txt.j2", game=game, phase=phase.name, player=player,
                            missing=missing, until=until,
                            without=at.rules.without_orders(at.state, player.key, orders))
        # Its own kind: a warning he must have, which no SET MAIL stops.
        queue_mail(s, key=f"late:{phase.id}:{player.address}", kind="late",
                   sender=game.judge, recipient=player.address, subject=subj, body=body,
                   now=now, game=game)
    return 1 + len(late)


def _anything_due(policy: DeadlinePolicy, phase: PhaseRow, now: datetime) -> bool:
    todo, late_notice = _due(policy, phase, now)
    return bool(todo) or late_notice


def _due(policy: DeadlinePolicy, phase: PhaseRow, now: datetime) -> tuple[list[str], bool]:
    """The reminder offsets due now and not sent yet; whether the GM's late notice is.
    The phase has a deadline (the caller has checked)."""
    deadline = phase.deadline_at
    assert deadline is not None
    done = set(phase.reminders_sent or [])
    todo = [
        str(r) for r in policy.reminders
        if deadline - r.total <= now < deadline and str(r) not in done
        and phase.opened_at < deadline - r.total
    ]
    final = final_deadline(policy, deadline)
    return todo, deadline <= now < final and "late" not in done
