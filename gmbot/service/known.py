"""What a transaction handling a batch of mails (service/inbound/record.py) reads once, at the
batch's start, instead of once for every mail: each game's open phase, and each player's
last order set for it.

They stay true while the batch runs: the batch's transaction holds its games (SQLite's
write lock; PostgreSQL's row locks, taken before these are read), a player's mail
changes no phase, and the one thing it changes, his order set, is written through
`set_written`, which keeps the version count exact. A mail that may change more (a GM's
commands, or a mail whose handling failed halfway) first calls `forget`, and the
transaction reads from the database again. A session that read nothing ahead (every
other use case) is unaffected: everything is then "not known".
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from gmbot.store.models import OrderSet, PhaseRow, Player

_PHASES = "gmbot.known.open_phases"  # Session.info keys: game id -> open PhaseRow | None
_SETS = "gmbot.known.last_sets"  # (phase id, player id) -> (lines, version, hold) | None

UNKNOWN: Any = object()  # "not read ahead": ask the database

_CHUNK = 500  # ids per IN (...): under SQLite's bound-parameter limit


def read_ahead(session: Session, players: Collection[Player]) -> None:
    """Read the open phase of each player's game, and his last order set for it."""
    games = sorted({p.game_id for p in players})
    phases: dict[int, PhaseRow | None] = dict.fromkeys(games)
    for chunk in _chunks(games):
        for row in session.scalars(_OPEN_PHASES, {"ids": chunk}):
            phases[row.game_id] = row  # ordered by seq: the last one is the open one
    wanted = {(phases[p.game_id].id, p.id): None for p in players  # type: ignore[union-attr]
              if phases[p.game_id] is not None}
    sets: dict[tuple[int, int], tuple[list[Any], int, str | None] | None] = dict(wanted)
    ids = sorted({player for _, player in wanted})
    phase_ids = sorted({phase for phase, _ in wanted})
    for chunk in _chunks(ids):
        rows = session.execute(_LAST_SETS, {"players": chunk, "phases": phase_ids})
        for phase_id, player_id, version, lines, hold in rows:
            if (phase_id, player_id) in sets:
                sets[phase_id, player_id] = (list(lines), version, hold)
    session.info[_PHASES] = phases
    session.info[_SETS] = sets


def forget(session: Session) -> None:
    session.info.pop(_PHASES, None)
    session.info.pop(_SETS, None)


def open_phase(session: Session, game_id: int) -> PhaseRow | None:
    """The game's open phase (None: it has none) as read ahead, else UNKNOWN."""
    known = session.info.get(_PHASES)
    return known.get(game_id, UNKNOWN) if known is not None else UNKNOWN


def last_set(session: Session, phase_id: int,
             player_id: int) -> tuple[list[Any], int, str | None] | None:
    """The player's last order set for the phase, (lines, version, hold) (None: he has none),
    as read ahead and kept up to date, else UNKNOWN."""
    known = session.info.get(_SETS)
    return known.get((phase_id, player_id), UNKNOWN) if known is not None else UNKNOWN


def set_written(session: Session, phase_id: int, player_id: int, lines: list[Any],
                version: int, hold: str | None = None) -> None:
    """The player's new order set, just written in this transaction."""
    known = session.info.get(_SETS)
    if known is not None and (phase_id, player_id) in known:
        known[phase_id, player_id] = (lines, version, hold)


def _chunks(ids: list[int]) -> list[list[int]]:
    return [ids[i:i + _CHUNK] for i in range(0, len(ids), _CHUNK)]


# Built once, like the per-mail statements they replace.
_OPEN_PHASES = (
    select(PhaseRow)
    .where(PhaseRow.game_id.in_(bindparam("ids", expanding=True)),
           PhaseRow.processed_at.is_(None), PhaseRow.superseded.is_(False))
    .order_by(PhaseRow.game_id, PhaseRow.seq)
)
_S = OrderSet.__table__.c
_NEWEST = (
    select(_S.phase_id, _S.player_id, func.max(_S.version).label("version"))
    .where(_S.player_id.in_(bindparam("players", expanding=True)),
           _S.phase_id.in_(bindparam("phases", expanding=True)))
    .group_by(_S.phase_id, _S.player_id)
    .subquery()
)
_LAST_SETS = (
    select(_S.phase_id, _S.player_id, _S.version, _S.lines, _S.hold)
    .join(_NEWEST, (_S.phase_id == _NEWEST.c.phase_id) & (_S.player_id == _NEWEST.c.player_id)
          & (_S.version == _NEWEST.c.version))
)
