"""The calendar entry of a phase's deadline (gmbot/mail/outgoing/calendar.py) as the
welcome, results and deadline-change mails carry it: one UID per phase of a game, and a
SEQUENCE that rises with every mail that tells it again, so that a phone's calendar
keeps the last state (an EXTEND, a PAUSE, a RESUME, a deadline moved past an absence)."""

from __future__ import annotations

from datetime import datetime

from gmbot.engine.state import Phase
from gmbot.mail.outgoing.calendar import DeadlineEntry, ics
from gmbot.service.runtime import policy_of
from gmbot.service.views.results import deadline_text
from gmbot.store.models import Game, PhaseRow


def deadline_calendar(game: Game, phase: PhaseRow | None, now: datetime) -> bytes | None:
    """The entry for `phase`'s deadline as it stands at `now`; None when there is none to
    tell (no phase, or one that waits on no deadline, such as a ballot's)."""
    if phase is None or phase.processed_at is not None:
        return None
    paused = phase.paused_remaining is not None
    if phase.deadline_at is None and not paused:
        return None
    policy = policy_of(game)
    long = Phase.parse(phase.name).long()
    if paused or phase.deadline_at is None:
        text = f"{game.name} is paused: the deadline of {long} comes again when it resumes."
    else:
        due = deadline_text(policy, phase.deadline_at)
        text = f"Orders for {long} in {game.name} are due {due}."
    domain = game.judge.rsplit("@", 1)[-1]
    return ics(DeadlineEntry(
        uid=f"{game.name}.{phase.name}.{phase.id}@{domain}",
        # The seconds since the phase opened when this entry is written: 0 in the mail
        # that opens it, higher in every later one, whatever moved the deadline; nothing
        # to keep in step where the deadline changes.
        sequence=max(int((now - phase.opened_at).total_seconds()), 0),
        summary=f"{game.name}: {long} deadline", description=text,
        deadline=None if paused else phase.deadline_at, stamp=now, zone=policy.timezone))
