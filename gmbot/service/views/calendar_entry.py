"""The calendar entry of a phase's deadline (gmbot/mail/outgoing/calendar.py) as the
welcome, results and deadline-change mails carry it: one UID per phase of a game, and a
SEQUENCE that rises with every mail that tells it again, so that a phone's calendar
keeps the last state (an EXTEND, a PAUSE, a RESUME, a deadline moved past an absence).
A rollback withdraws the entry of the phase it leaves, and the game's end that of its
last phase (a cancellation). Each reader gets the entries in his own time zone where
he named one (SET MAIL ZONE)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from gmbot.engine.state import Phase
from gmbot.mail.outgoing.calendar import DeadlineEntry, ics
from gmbot.service.runtime import policy_of
from gmbot.service.views.mail_prefs import prefs_of
from gmbot.service.views.results import deadline_text
from gmbot.store.models import Game, PhaseRow, Player


@dataclass(frozen=True)
class Calendars:
    """The entries one mail tells, written for each reader as he reads them."""

    entries: tuple[DeadlineEntry, ...]

    def of(self, player: Player | None) -> bytes:
        """The calendar part for `player` (None: the GM or an observer: the game's zone)."""
        zone = prefs_of(player).zone if player is not None else None
        return b"".join(ics(replace(e, reader_zone=zone)) for e in self.entries)


def joined(*parts: Calendars | None) -> Calendars | None:
    """The entries of several, in order, in one mail (None if none has any)."""
    entries = tuple(e for part in parts if part is not None for e in part.entries)
    return Calendars(entries) if entries else None


def deadline_calendar(game: Game, phase: PhaseRow | None, now: datetime) -> Calendars | None:
    """The entry for `phase`'s deadline as it stands at `now`; None when there is none to
    tell (no phase, or one that waits on no deadline, such as a ballot's)."""
    if phase is None or phase.processed_at is not None:
        return None
    paused = phase.paused_remaining is not None
    if phase.deadline_at is None and not paused:
        return None
    long = Phase.parse(phase.name).long()
    if paused or phase.deadline_at is None:
        text = f"{game.name} is paused: the deadline of {long} comes again when it resumes."
    else:
        due = deadline_text(policy_of(game), phase.deadline_at)
        text = f"Orders for {long} in {game.name} are due {due}."
    return _entry(game, phase, now, text, None if paused else phase.deadline_at)


def cancellation(game: Game, phase: PhaseRow | None, now: datetime,
                 why: str) -> Calendars | None:
    """The withdrawal of `phase`'s entry (`why`: the text, such as "the game is over").
    Its deadline may be cleared already (a game ended by a vote); a calendar that never
    held the entry ignores the withdrawal."""
    if phase is None:
        return None
    long = Phase.parse(phase.name).long()
    # One past the entry's own SEQUENCE at `now`: a withdrawal in the second that wrote
    # the entry still supersedes it.
    return _entry(game, phase, now, f"No deadline for {long} in {game.name}: {why}.", None,
                  later=1)


def _entry(game: Game, phase: PhaseRow, now: datetime, text: str,
           deadline: datetime | None, later: int = 0) -> Calendars:
    domain = game.judge.rsplit("@", 1)[-1]
    long = Phase.parse(phase.name).long()
    return Calendars((DeadlineEntry(
        uid=f"{game.name}.{phase.name}.{phase.id}@{domain}",
        # The seconds since the phase opened when this entry is written: 0 in the mail
        # that opens it, higher in every later one, whatever moved the deadline; nothing
        # to keep in step where the deadline changes.
        sequence=max(int((now - phase.opened_at).total_seconds()), 0) + later,
        summary=f"{game.name}: {long} deadline", description=text,
        deadline=deadline, stamp=now, zone=policy_of(game).timezone),))
