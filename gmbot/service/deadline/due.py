"""Which games' open phases are due now, and why: the deadline (with its grace period),
the GM's PROCESS, a retreat phase nobody has a choice in, or every order in early."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from gmbot.gamefile.settings.deadlines import final_deadline
from gmbot.service.app import App
from gmbot.service.deadline.context import PhaseContext
from gmbot.service.deadline.parking import park_all
from gmbot.service.deadline.wakeups import due_phases, next_wake, reschedule, wake_time
from gmbot.service.runtime import StoredPositionError, latest_orders_of


@dataclass
class Due:
    game_id: int
    reason: str  # deadline | early


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
        contexts = [PhaseContext(s, game, phase) for game, phase in games]
        # The orders, read ahead in one query, of the phases the clock has not made due:
        # only those may be due early (a phase past its deadline needs none of them).
        early = [at for at in contexts if _by_clock(at, now) is None]
        sets = latest_orders_of(s, [at.phase for at in early])
        for at in early:
            at.sets = sets[at.phase.id]
        for at in contexts:
            game, phase = at.game, at.phase
            try:
                reason = why_due(at, now)
            except StoredPositionError as e:
                broken.append((game.id, str(e)))  # parked below, in its own transaction
                continue
            if reason:
                out.append(Due(game.id, reason))
            elif phase.wake_at is not None:
                looked.append((phase.id, phase.wake_at, wake_time(game, phase, now)))
    reschedule(app.db, looked)
    park_all(app, broken, parked)
    return out


def why_due(at: PhaseContext, now: datetime) -> str | None:
    game, phase = at.game, at.phase
    if game.status != "active" or phase.deadline_at is None:
        return None
    reason = _by_clock(at, now)
    if reason is not None:
        return reason
    if phase.name.endswith("R") and _nobody_has_a_choice(at):
        return "no choice"
    # A game whose every seat is open (gmbot/service/seats) waits for its deadlines: with
    # nobody to wait for it would otherwise play itself to the end, a phase a run.
    early = at.policy.early and at.players and not _restored_orders_stand(at)
    if early and next(at.waiting(early=True), None) is None:
        return "early"
    return None


def _by_clock(at: PhaseContext, now: datetime) -> str | None:
    """Why the phase is due by the time alone, if it is: past its deadline and the grace
    period, or past its deadline and the GM's PROCESS asked for."""
    phase = at.phase
    if phase.deadline_at is None:
        return None
    if "process" in (phase.reminders_sent or []) and now >= phase.deadline_at:
        return "forced"  # the GM's PROCESS does not wait for the grace period
    if now >= final_deadline(at.policy, phase.deadline_at):
        return "deadline"
    return None


def _nobody_has_a_choice(at: PhaseContext) -> bool:
    """A retreat phase whose dislodged units all have nowhere to go: they are disbanded
    without an order, so there is nobody to wait for."""
    return not any(at.has_duty(p) for p in at.players)


def _restored_orders_stand(at: PhaseContext) -> bool:
    """After a rollback the restored orders are complete at once; early processing waits
    until each player whose orders were restored has sent orders again (they are restored
    without a mail: message_id None), or for the deadline or the GM's PROCESS."""
    if "rolled_back" not in (at.phase.reminders_sent or []):
        return False
    return any(row.message_id is None for row in at.sets.values())


def next_wakeup(app: App, after: datetime | None = None) -> datetime | None:
    """The earliest moment after `after` (default: now) at which something may become due
    (deadline, grace end or reminder)."""
    with app.db.transaction() as s:
        return next_wake(s, after or app.now())
