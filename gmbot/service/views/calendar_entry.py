"""The calendar entry of a phase's deadline (gmbot/mail/outgoing/calendar.py) as the
welcome, results and deadline-change mails carry it: one UID per phase of a game, and a
SEQUENCE that rises with every mail that tells it again, so that a phone's calendar
keeps the last state (an EXTEND, a PAUSE, a RESUME, a deadline moved past an absence).
A rollback withdraws the entry of the phase it leaves, and the game's end that of its
last phase (a cancellation). Each reader gets the entries in his own time zone where
he named one (SET MAIL ZONE)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, tzinfo

from gmbot.engine.state import Phase
from gmbot.gamefile.settings.deadlines import format_deadline
from gmbot.mail.outgoing.calendar import DeadlineEntry, ics
from gmbot.service.runtime import policy_of
from gmbot.service.views.mail_prefs import prefs_of, zone_named
from gmbot.store.models import Game, PhaseRow, Player


@dataclass(frozen=True)
class Told:
    """One entry as the game's zone writes it, and its text for a reader's own zone
    (the description names the local time: a calendar that does not convert shows it)."""

    entry: DeadlineEntry
    text_in: Callable[[tzinfo], str] | None = None  # None: the text names no time

    def for_zone(self, zone: str | None) -> DeadlineEntry:
        tz = zone_named(zone) if zone else None
        if tz is None:
            return self.entry
        text = self.text_in(tz) if self.text_in is not None else self.entry.description
        return replace(self.entry, reader_zone=zone, description=text)


@dataclass(frozen=True)
class Calendars:
    """The entries one mail tells, written for each reader as he reads them."""

    told: tuple[Told, ...]
    # Each zone's part, written once: the readers of one mail mostly share the game's zone.
    _written: dict[str | None, bytes] = field(default_factory=dict, compare=False, repr=False)

    @property
    def entries(self) -> tuple[DeadlineEntry, ...]:
        """The entries as the game's zone writes them (the GM's and observers' copies)."""
        return tuple(t.entry for t in self.told)

    def of(self, player: Player | None) -> bytes:
        """The calendar part for `player` (None: the GM or an observer: the game's zone)."""
        zone = prefs_of(player).zone if player is not None else None
        part = self._written.get(zone)
        if part is None:
            part = self._written[zone] = b"".join(ics(t.for_zone(zone)) for t in self.told)
        return part


def joined(*parts: Calendars | None) -> Calendars | None:
    """The entries of several, in order, in one mail (None if none has any)."""
    told = tuple(t for part in parts if part is not None for t in part.told)
    return Calendars(told) if told else None


def deadline_calendar(game: Game, phase: PhaseRow | None, now: datetime) -> Calendars | None:
    """The entry for `phase`'s deadline as it stands at `now`; None when there is none to
    tell (no phase, or one that waits on no deadline, such as a ballot's)."""
    if phase is None or phase.processed_at is not None:
        return None
    paused = phase.paused_remaining is not None
    if phase.deadline_at is None and not paused:
        return None
    long = Phase.parse(phase.name).long()
    deadline = phase.deadline_at
    if paused or deadline is None:
        text = f"{game.name} is paused: the deadline of {long} comes again when it resumes."
        return _entry(game, phase, now, text, None)

    def due_in(tz: tzinfo) -> str:
        return f"Orders for {long} in {game.name} are due {format_deadline(deadline, tz)}."

    return _entry(game, phase, now, due_in(policy_of(game).tz), deadline, text_in=due_in)


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
           deadline: datetime | None, later: int = 0,
           text_in: Callable[[tzinfo], str] | None = None) -> Calendars:
    domain = game.judge.rsplit("@", 1)[-1]
    long = Phase.parse(phase.name).long()
    return Calendars((Told(DeadlineEntry(
        uid=f"{game.name}.{phase.name}.{phase.id}@{domain}",
        # The seconds since the phase opened when this entry is written: 0 in the mail
        # that opens it, higher in every later one, whatever moved the deadline; nothing
        # to keep in step where the deadline changes.
        sequence=max(int((now - phase.opened_at).total_seconds()), 0) + later,
        summary=f"{game.name}: {long} deadline", description=text,
        deadline=deadline, stamp=now, zone=policy_of(game).timezone), text_in),))
