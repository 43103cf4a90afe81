"""Absences as the deadlines see them: which are still to come or running, how a deadline
moves past them, who is away now, and how they read in STATUS. Helpers inside the
caller's transaction (they never commit); of the flows they import only the views, so
that the deadline flow (a phase opened during an absence) and the GM's actions may use
them.

The rule (docs/absences.md): a deadline never falls within a player's absence, nor less
than the game's `after_return` after it ends; such a deadline moves to `after_return`
after the end, again and again while that lands in another absence. Moving is computed
from the stored absences, never added to: done twice, it moves the deadline once. What
an absence moves and what it costs are one thing: it costs the longest move it made if
that is more than its time away, BACK gives back none of that, and a move stops where the
player's days of the year run out; so however the mails are arranged, one player's
absences move a deadline at most `days_per_year` days a year."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, timedelta, tzinfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.gamefile.settings.absences import AbsenceRules
from gmbot.service.runtime import log_event, policy_of
from gmbot.service.views.results import deadline_text
from gmbot.store.models import Absence, Game, PhaseRow


def rules_of(game: Game) -> AbsenceRules:
    """The game's limits (its file's `absences:` section, checked when loaded)."""
    return game.settings.absences


def all_absences(session: Session, game: Game) -> list[Absence]:
    """Every absence ever declared in the game, by start."""
    return list(session.scalars(
        select(Absence).where(Absence.game_id == game.id)
        .order_by(Absence.starts_at, Absence.id)))


def live(session: Session, game: Game, now: datetime) -> list[Absence]:
    """The absences of the game's active players still running or to come at `now`."""
    active = {p.id for p in game.players if p.active}
    return [a for a in all_absences(session, game)
            if a.until > now and a.until > a.starts_at and a.player_id in active]


def push_past(deadline: datetime, absences: Iterable[Absence], after: timedelta,
              room: Callable[[Absence], timedelta] | None = None
              ) -> tuple[datetime, list[tuple[Absence, timedelta]]]:
    """The deadline moved past every absence it falls in (or less than `after` after
    its end), and each absence that moved it with how far it did. `room(a)`: how far
    `a`'s player's days left let it move a deadline at most (None: without limit); an
    absence out of room moves it no further than its room."""
    spans = sorted(absences, key=lambda a: a.starts_at)
    moved_by: list[tuple[Absence, timedelta]] = []
    spent: set[int] = set()
    changed = True
    while changed:
        changed = False
        for a in spans:
            if id(a) not in spent and a.starts_at <= deadline < a.until + after:
                step = a.until + after - deadline
                if room is not None and room(a) < step:
                    step = max(room(a), timedelta(0))
                    spent.add(id(a))
                if step:
                    deadline += step
                    moved_by.append((a, step))
                    changed = True
    return deadline, moved_by


def honour(session: Session, game: Game, phase: PhaseRow, now: datetime) -> list[Absence]:
    """Move the phase's deadline past the players' absences, if one falls in it, as far as
    each player's days left allow (an absence costs the longest move it makes); logged.
    Returns the absences that moved it (none: it stands)."""
    if phase.deadline_at is None or phase.paused_remaining is not None:
        return []
    rules = rules_of(game)
    budget = timedelta(days=rules.days_per_year)
    tz = policy_of(game).tz

    def room(a: Absence) -> timedelta:
        """The move `a` may make: what it costs already, and the days its player has left."""
        year = a.starts_at.astimezone(tz).year
        return (a.charged_until - a.starts_at
                + budget - used_in(session, game, a.player_id, year))

    moved, by = push_past(phase.deadline_at, live(session, game, now), rules.after, room)
    if not by:
        return []
    was, phase.deadline_at = phase.deadline_at, moved
    for a, step in by:
        a.moved = max(a.moved, int(step.total_seconds()))
    log_event(session, game, "deadline_moved_for_absence", now, phase=phase.name,
              was=was.isoformat(), deadline=moved.isoformat(),
              powers=sorted({a.power for a, _ in by}))
    return [a for a, _ in by]


def by_year(start: datetime, end: datetime, tz: tzinfo) -> list[tuple[int, timedelta]]:
    """The span's length in each calendar year of the game's zone that it touches."""
    out = []
    year = start.astimezone(tz).year
    while True:
        jan1 = datetime(year, 1, 1, tzinfo=tz).astimezone(UTC)
        next_jan1 = datetime(year + 1, 1, 1, tzinfo=tz).astimezone(UTC)
        part = min(end, next_jan1) - max(start, jan1)
        if part > timedelta(0):
            out.append((year, part))
        if end <= next_jan1:
            return out
        year += 1


def used_in(session: Session, game: Game, player_id: int, year: int) -> timedelta:
    """What the player's absences cost in `year` of the game's zone: each its time away,
    or the longest deadline move it made if that is more (Absence.charged_until)."""
    tz = policy_of(game).tz
    total = timedelta(0)
    for a in all_absences(session, game):
        if a.player_id == player_id and a.charged_until > a.starts_at:
            total += sum((t for y, t in by_year(a.starts_at, a.charged_until, tz)
                          if y == year), timedelta(0))
    return total


def absent_at(absences: Sequence[Absence], at: datetime) -> set[int]:
    """The players (ids) away at `at`."""
    return {a.player_id for a in absences if a.starts_at <= at < a.until}


def days(length: timedelta) -> str:
    """A length in days as players count them: "9 days", "2.5 days"."""
    n = round(length.total_seconds() / 86400, 1)
    text = f"{n:g}"
    return f"{text} day" if text == "1" else f"{text} days"


def span_text(game: Game, a: Absence, utc: bool = False) -> str:
    """An absence as STATUS and the announcements write it."""
    policy = policy_of(game)
    back = " (came back early)" if a.back_at is not None and a.back_at < a.ends_at else ""
    return (f"from {deadline_text(policy, a.starts_at, utc=utc)} to "
            f"{deadline_text(policy, a.until, utc=utc)}{back}")


def status_lines(session: Session, game: Game, now: datetime, viewer: str | None,
                 gm: bool) -> list[str]:
    """The absences running or to come, one line each, as the viewer may see them: the
    GM all, a player all when the game makes them public, else only his own."""
    public = rules_of(game).public
    lines = []
    for a in live(session, game, now):
        if gm or public or a.power == viewer:
            state = "away" if a.starts_at <= now else "to be away"
            lines.append(f"{a.power} {state} {span_text(game, a, utc=gm)}")
    return lines
