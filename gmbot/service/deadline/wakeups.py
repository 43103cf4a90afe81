"""When each open phase next needs a look: `phases.wake_at`, an indexed column, so the
deadline jobs read only the phases that are due instead of every game on every tick.

`wake_at` is the earliest of the phase's pending reminders, its deadline (the GM's late
notice, or a PROCESS request) and its final deadline (processing); NULL when nothing will
fall due (a paused or finished game, a processed or rolled-back phase, no deadline). New
orders (`orders_changed`: the time they came) or a change of players (the phase's opening
time) in a game that processes early make it due: "look at it at the next run".

Every use case keeps it up to date without knowing of it: a flush hook recomputes it for
each phase whose schedule changed (opened, processed, rolled back, deadline moved,
reminders sent) and for the open phase of each game paused, resumed, finished or given new
deadline rules. The deadline jobs then reschedule each phase they looked at and left open
(`reschedule`, which also drops reminders that can no longer be sent) without locking it:
a phase whose wake-up changed meanwhile keeps the new one.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, event, func, inspect, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from gmbot.gamefile.settings.deadlines import final_deadline
from gmbot.service.runtime import policy_of
from gmbot.store.models import Game, PhaseRow, Player

if TYPE_CHECKING:
    from gmbot.store.db import Database

# A phase's columns and a game's columns whose change moves the phase's wake-up.
_PHASE_SCHEDULE = ("deadline_at", "reminders_sent", "processed_at", "superseded", "opened_at")
_GAME_SCHEDULE = ("status", "settings_data")  # the deadlines are among the settings


def wake_time(game: Game, phase: PhaseRow, now: datetime | None = None) -> datetime | None:
    """The next moment the phase needs a look; with `now`, what can no longer happen is
    left out (a reminder whose deadline passed, a late notice after the grace period)."""
    if game.status != "active" or phase.processed_at is not None or phase.superseded \
            or phase.deadline_at is None:  # as _wakes, written out for the type checker
        return None
    policy = policy_of(game)
    deadline = phase.deadline_at
    final = final_deadline(policy, deadline)
    done = set(phase.reminders_sent or [])
    times = [final]
    if now is None and phase.name.endswith("R"):
        # A retreat phase may have nothing to order (units with nowhere to go are disbanded
        # without an order: due.why_due), early processing or not: a look once opened.
        times.append(phase.opened_at)
    if "process" in done or ("late" not in done and (now is None or now < final)):
        times.append(deadline)
    if now is None or now < deadline:
        for r in policy.reminders:
            at = deadline - r.total
            if str(r) not in done and phase.opened_at < at:
                times.append(at)
    return min(times)


def _wakes(game: Game, phase: PhaseRow) -> bool:
    """Whether the phase has a wake-up at all (wake_time is not None: its final deadline
    at least), without working it out."""
    return not (game.status != "active" or phase.processed_at is not None
                or phase.superseded or phase.deadline_at is None)


def reschedule(db: Database, looked: list[tuple[int, datetime, datetime | None]]) -> None:
    """After a deadline job looked at phases and left them open: each (id, wake-up read,
    next wake-up) moves to its next wake-up, one short transaction each (so it never
    holds two phases against a batch of mails locking them in another order), and only if
    its wake-up is still the one read: a change made meanwhile (new orders, a GM's
    PROCESS, the phase processed by another process) has set a new one, which stands."""
    for phase_id, read, after in looked:
        if after == read:
            continue
        with db.transaction() as s:
            s.execute(update(PhaseRow).where(PhaseRow.id == phase_id, PhaseRow.wake_at == read)
                      .values(wake_at=after).execution_options(synchronize_session=False))


def due_phases(session: Session, now: datetime) -> list[tuple[Game, PhaseRow]]:
    """The open phases of active games that need a look now, by the index."""
    query = (
        select(Game, PhaseRow).join(PhaseRow, PhaseRow.game_id == Game.id)
        .where(PhaseRow.wake_at <= now, Game.status == "active",
               PhaseRow.processed_at.is_(None), PhaseRow.superseded.is_(False))
        .order_by(Game.id)
    )
    return [(game, phase) for game, phase in session.execute(query).all()]


def next_wake(session: Session, after: datetime) -> datetime | None:
    """The earliest wake-up after `after`, by the index."""
    return session.scalar(select(func.min(PhaseRow.wake_at)).where(PhaseRow.wake_at > after))


# -- the flush hook ------------------------------------------------------------------------


def _changed(obj: Any, names: tuple[str, ...]) -> bool:
    state = inspect(obj)
    return any(state.attrs[name].history.has_changes() for name in names)


def _open_phases(session: Session, game_id: int) -> list[PhaseRow]:
    pending = [p for p in session.new if isinstance(p, PhaseRow) and p.game_id == game_id]
    with session.no_autoflush:
        stored = session.scalars(
            select(PhaseRow).where(PhaseRow.game_id == game_id,
                                   PhaseRow.processed_at.is_(None),
                                   PhaseRow.superseded.is_(False))
        ).all()
    return [*stored, *pending]


def _game_of(session: Session, phase: PhaseRow) -> Game | None:
    if phase.game is not None:
        return phase.game
    with session.no_autoflush:
        return session.get(Game, phase.game_id)


def orders_changed(session: Session, game: Game, phase: PhaseRow, now: datetime) -> None:
    """A player's orders for the phase changed at `now` (orders are written with a plain
    INSERT, which no flush hook sees): a game that processes early may be ready now. The
    wake-up is set to `now` even when it was already due, so that a deadline job which
    read the phase before these orders does not move it on (see `reschedule`)."""
    # Whether it wakes at all, not when: asked for every orders mail (benchmarks/ingest.py).
    if not (policy_of(game).early and _wakes(game, phase)):
        return
    if not inspect(phase).persistent:
        phase.wake_at = now
        return
    # A plain UPDATE, the loaded phase told it is stored: an ORM change would cost a flush
    # (and this hook's pass over the session) for every orders mail. A batch of mails
    # writes them all at once (`defer_wake_ups`).
    pending = session.info.get(_PENDING)
    if pending is not None:
        pending[phase.id] = now
    else:
        session.execute(_WAKE_NOW, {"phase_id": phase.id, "at": now})
    set_committed_value(phase, "wake_at", now)


_PENDING = "gmbot.wakeups.pending"  # Session.info key: phase id -> when orders changed
_PHASES = PhaseRow.__table__.c
_WAKE_NOW = (update(PhaseRow.__table__).where(_PHASES.id == bindparam("phase_id"))
             .values(wake_at=bindparam("at")))  # built once: run for every orders mail


def defer_wake_ups(session: Session) -> None:
    """From now on the session's `orders_changed` wake-ups wait for `write_wake_ups`, to
    be written in one statement (a batch of mails: one phase's last orders win). A
    wake-up of a mail that is then rolled back is still written: it only makes the
    deadline jobs look at the phase once more."""
    session.info.setdefault(_PENDING, {})


def write_wake_ups(session: Session) -> None:
    """Write the deferred wake-ups; before the transaction commits, and before anything
    else may change the phases (a GM's commands)."""
    pending = session.info.get(_PENDING)
    if pending:
        session.execute(_WAKE_NOW, [{"phase_id": k, "at": at} for k, at in pending.items()])
        pending.clear()


def _look_soon(session: Session, game_id: int | None) -> None:
    """Orders or players changed: a game that processes early may be ready now."""
    if game_id is None:
        return
    with session.no_autoflush:
        game = session.get(Game, game_id)
    if game is None or not policy_of(game).early:
        return
    for phase in _open_phases(session, game_id):
        if wake_time(game, phase) is not None and (
                phase.wake_at is None or phase.wake_at > phase.opened_at):
            phase.wake_at = phase.opened_at


def _before_flush(session: Session, _context: Any, _instances: Any) -> None:
    phases: dict[int, PhaseRow] = {}
    games: set[int] = set()
    soon: set[int] = set()
    for obj in (*session.new, *session.dirty):
        if isinstance(obj, PhaseRow) and (obj in session.new
                                          or _changed(obj, _PHASE_SCHEDULE)):
            phases[id(obj)] = obj
        elif isinstance(obj, Game) and obj not in session.new \
                and _changed(obj, _GAME_SCHEDULE):
            games.add(obj.id)
        elif isinstance(obj, Player):
            soon.add(obj.game_id if obj.game_id is not None else
                     (obj.game.id if obj.game is not None else None))
    for game_id in games:
        for phase in _open_phases(session, game_id):
            phases[id(phase)] = phase
    for phase in phases.values():
        game = _game_of(session, phase)
        # A new phase, or a deadline the GM moved (EXTEND, RESUME, new deadline rules), in a
        # game that processes early: look at it at the next run, as it may have nothing
        # to wait for. Without this an EXTEND arriving with the last orders put off the
        # look those orders asked for until the next reminder or orders mail.
        moved = phase in session.new or phase.game_id in games \
            or _changed(phase, ("deadline_at",))
        phase.wake_at = wake_time(game, phase) if game is not None else None
        if moved and phase.wake_at is not None and game is not None and policy_of(game).early:
            phase.wake_at = min(phase.wake_at, phase.opened_at)
    for game_id in soon:
        _look_soon(session, game_id)


event.listen(Session, "before_flush", _before_flush)
