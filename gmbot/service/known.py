"""The seam through which code that holds only the session (runtime.current_phase, the
orders' submission) asks what its transaction read ahead: each game's open phase, and
each player's last order set for it. A batch of mails reads them once, at its start
(service/inbound/batch.py, the one home of what a batch reads ahead) and attaches itself
to its session here; a session nothing is attached to (every other use case) answers
"not known", and the caller asks the database.
"""

from __future__ import annotations

from typing import Any, Protocol

from sqlalchemy.orm import Session

from gmbot.store.models import PhaseRow

_KEY = "gmbot.read_ahead"  # Session.info key: the ReadAhead attached

UNKNOWN: Any = object()  # "not read ahead": ask the database

LastSet = tuple[list[Any], int, str | None]  # an order set's lines, version and hold


class ReadAhead(Protocol):
    def open_phase(self, game_id: int) -> PhaseRow | None:
        """The game's open phase (None: it has none), or UNKNOWN."""

    def last_set(self, phase_id: int, player_id: int) -> LastSet | None:
        """The player's last order set for the phase (None: he has none), or UNKNOWN."""

    def set_written(self, phase_id: int, player_id: int, lines: list[Any], version: int,
                    hold: str | None) -> None:
        """The player's new order set, just written in this transaction."""


def attach(session: Session, ahead: ReadAhead) -> None:
    session.info[_KEY] = ahead


def open_phase(session: Session, game_id: int) -> PhaseRow | None:
    ahead: ReadAhead | None = session.info.get(_KEY)
    return ahead.open_phase(game_id) if ahead is not None else UNKNOWN


def last_set(session: Session, phase_id: int, player_id: int) -> LastSet | None:
    ahead: ReadAhead | None = session.info.get(_KEY)
    return ahead.last_set(phase_id, player_id) if ahead is not None else UNKNOWN


def set_written(session: Session, phase_id: int, player_id: int, lines: list[Any],
                version: int, hold: str | None = None) -> None:
    ahead: ReadAhead | None = session.info.get(_KEY)
    if ahead is not None:
        ahead.set_written(phase_id, player_id, lines, version, hold)
