"""The open phase's deadline as a reader reads it. While the game is paused the clock is
stopped and the stored deadline will not hold (RESUME sets a new one from the time left),
so every mail that shows a deadline then says it is stopped and how long is left."""

from __future__ import annotations

from datetime import timedelta

from gmbot.service.runtime import policy_of
from gmbot.service.views.results import deadline_text
from gmbot.store.models import Game, PhaseRow


def open_deadline_text(game: Game, phase: PhaseRow | None, utc: bool = False) -> str:
    if phase is not None and phase.paused_remaining is not None:
        left = left_text(timedelta(seconds=phase.paused_remaining))
        return f"stopped while the game is paused ({left} left when it resumes)"
    return deadline_text(policy_of(game), phase.deadline_at if phase else None, utc)


def left_text(left: timedelta) -> str:
    """A time left in words, to the minute at most two units: '2 days 5 hours'."""
    minutes = max(int(left.total_seconds()) // 60, 0)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    parts = [(days, "day"), (hours, "hour"), (minutes, "minute")]
    words = [f"{n} {unit}{'' if n == 1 else 's'}" for n, unit in parts if n]
    return " ".join(words[:2]) or "less than a minute"
