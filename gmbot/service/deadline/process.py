"""Use cases at deadlines: process a phase, send reminders, tell the GM who is late.

Processing is one transaction: the result, the next phase and every results mail are
written together, so a crash leaves either all of it or none; outbox keys make a re-run
harmless and results are never queued twice."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from gmbot.engine.adjudicate import accept_orders, adjudicate
from gmbot.engine.pending import has_duty, missing_orders
from gmbot.engine.position import state_to_dict
from gmbot.engine.state import GameState
from gmbot.gamefile.settings.deadlines import DeadlinePolicy, final_deadline
from gmbot.service.absence.calendar import absent_at, honour, live
from gmbot.service.app import App
from gmbot.service.deadline.ballot import settle
from gmbot.service.deadline.gameover import end_game
from gmbot.service.deadline.parking import GameParked, park_game
from gmbot.service.deadline.wakeups import due_phases, next_wake, reschedule, wake_time
from gmbot.service.locks import lock_game, locked_game
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render, render_html
from gmbot.service.runtime import (
    StoredPositionError,
    active_players,
    current_phase,
    deadline_after,
    latest_orders,
    latest_orders_of,
    log_event,
    policy_of,
    rules_for,
    state_of,
)
from gmbot.service.seats.disorder import after_phase, in_disorder
from gmbot.service.seats.streak import DISORDER, ORDERED
from gmbot.service.views.pictures import Pictures
from gmbot.service.views.readiness import held_by
from gmbot.service.views.results import deadline_text, results_view
from gmbot.service.views.site_link import private_link
from gmbot.store.models import Game, OrderSet, PhaseRow, Player
from gmbot.variants.cases import result_to_dict

log = logging.getLogger("gmbot")


@dataclass
class Due:
    game_id: int
    reason: str  # deadline | early


def _lock(session: Session, game_id: int) -> Game | None:
    """The game row, locked against a second daemon on PostgreSQL (SQLite serialises
    writers anyway): one game per transaction, so no lock order to keep."""
    return locked_game(session, game_id)


def _waiting_players(session: Session, game: Game, phase: PhaseRow, state: GameState,
                     sets: dict[int, OrderSet] | None = None,
                     early: bool = False) -> Iterator[Player]:
    """Players with something to order whose orders are not complete, one at a time (the
    early check stops at the first). `sets`: the phase's `latest_orders`, if loaded.
    `early`: also those who hold early processing themselves, by refused lines in their
    last orders mail or by WAIT (gmbot/service/views/readiness.py)."""
    rules = rules_for(game)
    if sets is None:
        sets = latest_orders(session, phase)
    for player in active_players(game):
        if not has_duty(state, rules, player.key):
            continue
        row = sets.get(player.id)
        if early and held_by(row) is not None:
            yield player
            continue
        orders, _ = accept_orders(state, rules, player.key, list(row.lines) if row else [])
        if missing_orders(state, rules, player.key, orders):
            yield player


def _waiting(session: Session, game: Game, phase: PhaseRow, state: GameState) -> list[Player]:
    return list(_waiting_players(session, game, phase, state))


def why_due(session: Session, game: Game, phase: PhaseRow, now: datetime,
            sets: dict[int, OrderSet] | None = None) -> str | None:
    if game.status != "active" or phase.deadline_at is None:
        return None
    policy = policy_of(game)
    if "process" in (phase.reminders_sent or []) and now >= phase.deadline_at:
        return "forced"  # the GM's PROCESS does not wait for the grace period
    if now >= final_deadline(policy, phase.deadline_at):
        return "deadline"
    if phase.name.endswith("R") and _nobody_has_a_choice(game, phase):
        return "no choice"
    # A game whose every seat is open (gmbot/service/seats) waits for its deadlines: with
    # nobody to wait for it would otherwise play itself to the end, a phase a run.
    if policy.early and active_players(game) and not _restored_orders_stand(session, phase,
                                                                             sets):
        waiting = _waiting_players(session, game, phase, state_of(game, phase), sets,
                                   early=True)
        if next(waiting, None) is None:
            return "early"
    return None


def _nobody_has_a_choice(game: Game, phase: PhaseRow) -> bool:
    """A retreat phase whose dislodged units all have nowhere to go: they are disbanded
    without an order, so there is nobody to wait for."""
    rules = rules_for(game)
    state = state_of(game, phase, rules)
    return not any(has_duty(state, rules, p.key) for p in active_players(game))


def _restored_orders_stand(session: Session, phase: PhaseRow,
                           sets: dict[int, OrderSet] | None) -> bool:
    """After a rollback the restored orders are complete at once; early processing waits
    until each player whose orders were restored has sent orders again (they are restored
    without a mail: message_id None), or for the deadline or the GM's PROCESS."""
    if "rolled_back" not in (phase.reminders_sent or []):
        return False
    rows = (sets if sets is not None else latest_orders(session, phase)).values()
    return any(row.message_id is None for row in rows)


def due_games(app: App, now: datetime | None = None,
              parked: list[str] | None = None) -> list[Due]:
    """The games whose open phase is due. A game whose position cannot be read is parked
    (its line added to `parked`), and the others are still looked at."""
    now = now or app.now()
    out = []
    looked = []
    broken: list[tuple[int, str]] = []
    with app.db.transaction() as s:
        games = due_phases(s, now)  # by the index: only phases whose wake-up has come
        sets = latest_orders_of(s, [phase for _, phase in games])
        for game, phase in games:
            try:
                reason = why_due(s, game, phase, now, sets[phase.id])
            except StoredPositionError as e:
                broken.append((game.id, str(e)))  # parked below, in its own transaction
                continue
            if reason:
                out.append(Due(game.id, reason))
            elif phase.wake_at is not None:
                looked.append((phase.id, phase.wake_at, wake_time(game, phase, now)))
    reschedule(app.db, looked)
    _park_all(app, broken, parked)
    return out


def _park_all(app: App, broken: list[tuple[int, str]], parked: list[str] | None) -> None:
    for game_id, why in broken:
        line = park_game(app, game_id, why)
        if line and parked is not None:
            parked.append(line)


def process_game(app: App, game_id: int, force: bool = False) -> str | None:
    """Adjudicate the game's open phase if it is due (or `force`). Returns a summary.
    A phase that cannot be processed (an error of the engine or of the stored position)
    parks its game and raises GameParked: the other games go on."""
    now = app.now()
    where = "its open phase"
    try:
        with app.db.transaction() as s:
            game = _lock(s, game_id)
            if game is None:
                return None
            phase = current_phase(s, game)
            if phase is None:
                return None
            reason = "forced" if force else why_due(s, game, phase, now)
            if not reason:
                return None  # someone else processed it, or it is no longer due
            where = phase.name
            return _process(app, s, game, phase, reason, now)
    except DBAPIError:
        raise  # the database's trouble, not the game's: the next run tries again
    except StoredPositionError as e:
        why = str(e)
    except Exception as e:  # noqa: BLE001 - the engine failed on this game's phase
        log.exception("processing game %s failed", game_id)
        why = f"processing {where} failed: {type(e).__name__}: {e}"
    line = park_game(app, game_id, why)
    raise GameParked(line or why)


def _process(app: App, s: Session, game: Game, phase: PhaseRow, reason: str,
             now: datetime) -> str:
    rules = rules_for(game)
    state = state_of(game, phase, rules)
    sets = latest_orders(s, phase)
    players = active_players(game)
    orders = {p.key: list(sets[p.id].lines) for p in players if p.id in sets}
    # No orders: nothing sent, only CLEAR, or only refused lines; their units hold.
    duty = [p for p in players if has_duty(state, rules, p.key)]
    nmr = [p.key for p in duty if not (p.id in sets and sets[p.id].lines)]
    # Open seats (gmbot/service/seats): their powers are adjudicated without orders.
    disorder = in_disorder(game, state, rules)
    outcome = adjudicate(state, rules, orders)
    result = result_to_dict(outcome)
    after = outcome.after
    finished = outcome.winner is not None
    next_row = None
    if not finished:
        next_row = PhaseRow(game_id=game.id, seq=phase.seq + 1, name=str(after.phase),
                            state=state_to_dict(after), opened_at=now,
                            deadline_at=deadline_after(game, str(after.phase), now),
                            processed_at=None, result=None)
        s.add(next_row)
        honour(s, game, next_row, now)  # a deadline in a player's absence moves past it
    policy = policy_of(game)
    extra: dict[str, Any] = {  # the template's context
        "game": game, "nmr": nmr, "disorder": disorder, "reason": reason,
        "deadline": deadline_text(policy, next_row.deadline_at if next_row else None),
        "corrects": _corrected(s, game, phase, policy),
    }
    public = results_view(rules, state, after, result, None)
    subject, public_text = render("results.txt.j2", view=public, **extra)
    picture = Pictures(rules)
    for player in players:
        rejected = _rejected(sets.get(player.id), result, player.key)
        view = results_view(rules, state, after, result, player.key, rejected)
        # His own pages of the game's web site (docs/site.md), where the map opens full size.
        link = private_link(app.config, game, player)
        subj, body = render("results.txt.j2", view=view, site_link=link, **extra)
        png = picture(view)
        queue_mail(s, key=f"results:{phase.id}:{player.address}", kind="results",
                   sender=game.judge, recipient=player.address, subject=subj, body=body,
                   now=now, game=game, picture=png,
                   html=render_html("results.html.j2", subj, png is not None, view=view,
                                    site_link=link, map_link=link, **extra))
    png = picture(public)
    public_html = render_html("results.html.j2", subject, png is not None, view=public,
                              **extra)
    queue_mail(s, key=f"results:{phase.id}:gm", kind="results", sender=game.judge,
               recipient=game.gm, subject=subject, body=public_text, now=now, game=game,
               picture=png, html=public_html)
    for address in game.settings.observers or ():  # the public copy, never a private section
        queue_mail(s, key=f"results:{phase.id}:observer:{address}", kind="results",
                   sender=game.judge, recipient=address, subject=subject, body=public_text,
                   now=now, game=game, picture=png, html=public_html)
    phase.result = {**result, "public_text": public_text, "nmr": nmr, "reason": reason,
                    ORDERED: [p.key for p in duty if p.key not in nmr], DISORDER: disorder}
    phase.processed_at = now
    log_event(s, game, "phase_processed", now, phase=phase.name, reason=reason,
              next=str(after.phase), winner=outcome.winner, nmr=nmr, disorder=disorder)
    if result.get("random_notes"):
        # What the seeded draws gave, so the GM can see a re-run would give the same.
        log_event(s, game, "random_draws", now, phase=phase.name,
                  seed=rules.options.get("seed", 0), draws=result["random_notes"])
    if finished:
        s.flush()  # the final position is read back for the year-by-year summary
        end_game(s, game, now, phase=public["public"]["phase_long"], winner=outcome.winner,
                 board=public["public"]["board"])
    else:  # the game's missed-orders policy, after the results (gmbot/gamefile/settings/nmr.py)
        after_phase(s, game, phase, nmr, now, app.config.standby)
        if next_row is not None:
            # A power eliminated in this phase no longer votes: the others may now agree.
            s.flush()
            settle(s, game, next_row, after, rules, now)
    return f"{game.name}: {phase.name} processed ({reason}); next {after.phase}"


def _corrected(s: Session, game: Game, phase: PhaseRow,
               policy: DeadlinePolicy) -> dict[str, str] | None:
    """The results mail this phase's results replace, if a rollback undid an earlier
    processing of the same phase: its subject and when it was sent."""
    earlier = s.scalars(
        select(PhaseRow).where(PhaseRow.game_id == game.id, PhaseRow.name == phase.name,
                               PhaseRow.seq < phase.seq, PhaseRow.superseded.is_(True),
                               PhaseRow.processed_at.is_not(None))
        .order_by(PhaseRow.seq.desc()).limit(1)
    ).first()
    if earlier is None or earlier.processed_at is None:
        return None
    return {"phase": earlier.name, "sent": deadline_text(policy, earlier.processed_at)}


def _rejected(row: OrderSet | None, result: dict[str, Any],
              power: str) -> list[dict[str, Any]]:
    """The lines refused when the orders came in, then those the rules refused only at
    adjudication, when every order and spell was known (a Warlock order for a unit that
    floated up, a move whose spell was never cast)."""
    out = [{"line": t, "reason": w} for _, t, w in (row.errors if row else [])]
    seen = {(r["line"], r["reason"]) for r in out}
    for e in result.get("errors", ()):
        if e["power"] == power and (e["order"], e["reason"]) not in seen:
            seen.add((e["order"], e["reason"]))
            out.append({"line": e["order"], "reason": e["reason"]})
    return out


def send_reminders(app: App, now: datetime | None = None,
                   parked: list[str] | None = None) -> int:
    """Reminders to players missing orders at each reminder offset; after the deadline,
    during the grace period, one notice to the GM naming the late players. A game whose
    position cannot be read is parked (its line added to `parked`); the others go on."""
    now = now or app.now()
    sent = 0
    broken: list[tuple[int, str]] = []
    with app.db.transaction() as s:
        # Players are loaded only for the few games that need reminders now.
        for game, phase in due_phases(s, now):
            if phase.deadline_at is None:
                continue
            policy = policy_of(game)
            todo, late_notice = _reminders_due(policy, phase, phase.deadline_at, now)
            if not todo and not late_notice:
                continue
            # Another process may be doing the same: with the game locked (as process_game
            # does), read again what has been sent. Games are taken in id order (the
            # order of due_phases), as a batch of mails takes them: service/locks.
            lock_game(s, game)
            s.refresh(phase)
            if game.status != "active" or phase.processed_at or phase.superseded \
                    or phase.deadline_at is None:
                continue
            policy = policy_of(game)
            todo, late_notice = _reminders_due(policy, phase, phase.deadline_at, now)
            if not todo and not late_notice:
                continue
            done = set(phase.reminders_sent or [])
            final = final_deadline(policy, phase.deadline_at)
            try:
                waiting = _waiting(s, game, phase, state_of(game, phase))
            except StoredPositionError as e:
                broken.append((game.id, str(e)))  # parked below, in its own transaction
                continue
            deadline = deadline_text(policy, phase.deadline_at)
            if todo and waiting:
                # Not to a player who said he is away: he may order, but mail piles up.
                away = absent_at(live(s, game, now), now)
                for player in (p for p in waiting if p.id not in away):
                    subj, body = render("reminder.txt.j2", game=game, phase=phase.name,
                                        deadline=deadline, player=player)
                    queue_mail(s, key=f"reminder:{phase.id}:{todo[-1]}:{player.address}",
                               kind="reminder", sender=game.judge, recipient=player.address,
                               subject=subj, body=body, now=now, game=game)
                    sent += 1
            if late_notice and waiting and policy.grace.total:
                until = deadline_text(policy, final)
                subj, body = render("gm_late.txt.j2", game=game, phase=phase.name,
                                    late=[p.key for p in waiting], until=until)
                queue_mail(s, key=f"late:{phase.id}", kind="gm", sender=game.judge,
                           recipient=game.gm, subject=subj, body=body, now=now, game=game)
                sent += 1 + _tell_late(s, game, phase, waiting, until, now)
            phase.reminders_sent = sorted(done | set(todo) | ({"late"} if late_notice else set()))
    _park_all(app, broken, parked)
    return sent


def _tell_late(s: Session, game: Game, phase: PhaseRow, late: list[Player], until: str,
               now: datetime) -> int:
    """Each late player is told, while the grace period still lets him order."""
    state = state_of(game, phase)
    rules = rules_for(game)
    sets = latest_orders(s, phase)
    for player in late:
        row = sets.get(player.id)
        orders, _ = accept_orders(state, rules, player.key, list(row.lines) if row else [])
        subj, body = render("late.txt.j2", game=game, phase=phase.name, player=player,
                            missing=missing_orders(state, rules, player.key, orders),
                            until=until)
        queue_mail(s, key=f"late:{phase.id}:{player.address}", kind="reminder",
                   sender=game.judge, recipient=player.address, subject=subj, body=body,
                   now=now, game=game)
    return len(late)


def _reminders_due(policy: DeadlinePolicy, phase: PhaseRow, deadline: datetime,
                   now: datetime) -> tuple[list[str], bool]:
    """The reminder offsets due now and not sent yet; whether the GM's late notice is.
    `deadline` is the phase's (the caller has checked that it has one)."""
    done = set(phase.reminders_sent or [])
    todo = [
        str(r) for r in policy.reminders
        if deadline - r.total <= now < deadline and str(r) not in done
        and phase.opened_at < deadline - r.total
    ]
    final = final_deadline(policy, deadline)
    return todo, deadline <= now < final and "late" not in done


def next_wakeup(app: App, after: datetime | None = None) -> datetime | None:
    """The earliest moment after `after` (default: now) at which something may become due
    (deadline, grace end or reminder)."""
    with app.db.transaction() as s:
        return next_wake(s, after or app.now())
