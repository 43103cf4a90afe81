"""The absence use cases: a player (or the GM for him) declares an absence, or comes back
early. Each runs inside the caller's transaction (the inbound mail's, or the command
line's own): the absence, the deadline it moves, the event and the announcements commit
together or not at all. A refusal raises AdminError naming the rule, and changes nothing.

BACK leaves a deadline that an absence moved where it is: the others were told it and
may have planned for it; early processing still comes as soon as everyone has ordered.
So the absence keeps the cost of its moves (deadline/absences.py, used_in): calling one
off gives back only the days no deadline was moved for."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

from gmbot.service.absence.dates import DatesError, Span, read_span
from gmbot.service.deadline.absences import (
    by_year,
    days,
    honour,
    live,
    rules_of,
    span_text,
    used_in,
)
from gmbot.service.gm.announce import announce, deadline_of, told
from gmbot.service.gm.errors import AdminError
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render
from gmbot.service.runtime import current_phase, log_event, policy_of
from gmbot.service.views.calendar_entry import deadline_calendar
from gmbot.service.views.results import deadline_text
from gmbot.store.models import Absence, Game, PhaseRow, Player

if TYPE_CHECKING:
    from gmbot.gamefile.settings.absences import AbsenceRules


def seat_of(game: Game, word: str) -> Player:
    """The active player the GM names by power (or role name)."""
    target = word.strip().upper()
    for p in game.players:
        if p.active and p.key == target:
            return p
    raise AdminError(f"no active player {word!r} in game {game.name}; name a power, e.g. "
                     "ABSENCE FRANCE 2026-12-20 2026-12-28")


def declare(session: Session, game: Game, player: Player, words: tuple[str, ...],
            now: datetime, by: str = "player") -> str:
    """Declare `player` absent for the span `words` name (dates.read_span)."""
    rules = rules_of(game)
    if game.status == "finished":
        raise AdminError(f"game {game.name} is over")
    if not rules.allowed:
        raise AdminError("this game allows no absences (absences: allowed: false)")
    policy = policy_of(game)
    try:
        span = read_span(words, now, policy.tz)
    except DatesError as e:
        raise AdminError(str(e)) from None
    _check(session, game, player, span, rules, now)
    absence = Absence(game_id=game.id, player_id=player.id, power=player.key,
                      starts_at=span.start, ends_at=span.end, back_at=None, created_at=now,
                      by=by)
    session.add(absence)
    session.flush()
    event = log_event(session, game, "absence_declared", now, who=player.key, by=by,
                      start=span.start.isoformat(), end=span.end.isoformat())
    phase = current_phase(session, game)
    moved = bool(phase and game.status == "active" and honour(session, game, phase, now))
    n = announce(session, game, event, "announce_absence.txt.j2", now, observers=True,
                 topic=player.key, absent=player.key, public=rules.public,
                 when=span_text(game, absence), length=days(span.end - span.start),
                 phase=phase.name if phase else "-",
                 deadline=deadline_of(game, phase.deadline_at) if moved and phase else None,
                 calendar=deadline_calendar(game, phase, now) if moved else None)
    left = _left(session, game, player, rules, span.start)
    done = (f"{player.key} absent {span_text(game, absence, utc=True)} "
            f"({days(span.end - span.start)}; {left})")
    if moved and phase:
        done += (f"; the deadline of {phase.name} moved to "
                 f"{deadline_text(policy, phase.deadline_at, utc=True)}")
    return f"{done}; {told(n)}"


def come_back(session: Session, game: Game, player: Player, now: datetime) -> str:
    """BACK: the player's running absence ends now; one still to come is called off."""
    mine = [a for a in live(session, game, now) if a.player_id == player.id]
    if not mine:
        raise AdminError(f"{player.key} has no absence running or to come")
    absence = mine[0]
    called_off = absence.starts_at > now
    absence.back_at = absence.starts_at if called_off else now
    event = log_event(session, game, "absence_ended", now, who=player.key,
                      called_off=called_off, start=absence.starts_at.isoformat())
    phase = current_phase(session, game)
    n = announce(session, game, event, "announce_back.txt.j2", now, observers=True,
                 topic=player.key, absent=player.key, public=rules_of(game).public,
                 called_off=called_off, phase=phase.name if phase else "-",
                 deadline=deadline_of(game, phase.deadline_at) if phase else None)
    if absence.moved and phase is not None and phase.deadline_at is not None:
        _hint_gm(session, game, player, phase, called_off, now)
    what = "absence called off" if called_off else "back"
    kept = ""
    if absence.moved:
        kept = (f" (they cost {days(absence.charged_until - absence.starts_at)} "
                "of the year's)")
    return (f"{player.key} {what}; deadlines it moved stay where they are{kept}; "
            f"{told(n)}")


def _hint_gm(session: Session, game: Game, player: Player, phase: PhaseRow, called_off: bool,
             now: datetime) -> None:
    """A player back early leaves the deadline his absence moved where it is (BACK gives
    back no move's cost): the GM is told, with what he can do about it."""
    subject, body = render("gm_back.txt.j2", game=game, who=player.key, phase=phase.name,
                           called_off=called_off, early=policy_of(game).early,
                           deadline=deadline_text(policy_of(game), phase.deadline_at, utc=True))
    queue_mail(session, key=f"back:{phase.id}:{player.key}:{now.isoformat()}", kind="gm",
               sender=game.judge, recipient=game.gm, subject=subject, body=body, now=now,
               game=game)


def _check(session: Session, game: Game, player: Player, span: Span, rules: AbsenceRules,
           now: datetime) -> None:
    """Refuse what the game's rules do not allow, naming the rule."""
    if span.end <= span.start:
        raise AdminError("the absence ends before it starts")
    if span.end <= now:
        raise AdminError("the absence is in the past")
    if span.start < now - timedelta(minutes=1):
        raise AdminError("the absence starts in the past; start it today or later")
    if not span.from_now and span.start < now + timedelta(hours=rules.notice_hours):
        raise AdminError(f"this game asks for {rules.notice_hours} hours' notice "
                         "(absences: notice_hours)")
    if span.from_now and rules.notice_hours:
        raise AdminError(f"this game asks for {rules.notice_hours} hours' notice "
                         "(absences: notice_hours): give the dates")
    if span.end - span.start > timedelta(days=rules.max_length_days):
        raise AdminError(f"{days(span.end - span.start)} is longer than an absence may last "
                         f"in this game: {rules.max_length_days} days "
                         "(absences: max_length_days)")
    others = []
    for a in live(session, game, now):
        if a.player_id == player.id:
            raise AdminError(f"{player.key} already has an absence "
                             f"{span_text(game, a)}: one at a time; BACK ends it")
        if a.starts_at < span.end and span.start < a.until:
            others.append(a)
    away = _most_at_once(others, span.start)
    if len(away) >= rules.at_once:
        names = f" ({', '.join(away)})" if rules.public else ""
        raise AdminError(f"{len(away)} other {_players(len(away))}{names} "
                         f"will be away then, and this game allows {rules.at_once} at once "
                         "(absences: at_once)")
    for year, new in by_year(span.start, span.end, policy_of(game).tz):
        used = used_in(session, game, player.id, year)
        if used + new > timedelta(days=rules.days_per_year):
            left = max(timedelta(days=rules.days_per_year) - used, timedelta(0))
            raise AdminError(f"this absence takes {days(new)} of {year}, and {player.key} "
                             f"has {days(left)} left of the {rules.days_per_year} a player "
                             "may be away a year (absences: days_per_year)")


def _most_at_once(others: list[Absence], start: datetime) -> list[str]:
    """The other players away together at the busiest moment of a new absence (which
    `others` all overlap): such a moment is its start or another absence's start."""
    best: list[str] = []
    for t in [start, *(a.starts_at for a in others if a.starts_at > start)]:
        away = sorted({a.power for a in others if a.starts_at <= t < a.until})
        best = away if len(away) > len(best) else best
    return best


def _players(n: int) -> str:
    return "player" if n == 1 else "players"


def _left(session: Session, game: Game, player: Player, rules: AbsenceRules,
          at: datetime) -> str:
    year = at.astimezone(policy_of(game).tz).year
    left = max(timedelta(days=rules.days_per_year) - used_in(session, game, player.id, year),
               timedelta(0))
    return f"{days(left)} left for {year}"
