"""Turning stored rows into engine objects, and the small queries every use case needs."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, bindparam, func, insert, select
from sqlalchemy.orm import Session

from gmbot.engine.map import GameMap, load_map
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.gamefile.settings.deadlines import DeadlinePolicy, deadline_for
from gmbot.service import known
from gmbot.service.positions import decoded_state
from gmbot.store.models import Event, Game, OrderSet, PhaseRow, Player
from gmbot.variants import make_rules

# Game.status of a game open for sign-up (gmbot/service/joining): no phase and no player
# yet, so no deadline, wake-up or reminder concerns it until it starts (then "active").
SIGNUP = "signup"

def rules_for(game: Game) -> StandardRules:
    return make_rules(game.variant, game.settings.options)


def map_for(rules: StandardRules) -> GameMap:
    return load_map(rules.map_name)


class StoredPositionError(Exception):
    """A game's stored position cannot be read: the game is parked (deadline/parking.py)
    rather than failing every use case that reads it."""

    def __init__(self, game: Game, phase: PhaseRow, why: str) -> None:
        super().__init__(f"the stored position of {phase.name} cannot be read: {why}")
        self.game_id = game.id


def state_of(game: Game, phase: PhaseRow, rules: StandardRules | None = None) -> GameState:
    rules = rules or rules_for(game)
    try:
        return decoded_state(phase.state, map_for(rules))
    except Exception as e:  # any error of the stored data, named as such
        raise StoredPositionError(game, phase, " ".join(str(e).split()) or
                                  type(e).__name__) from e


def policy_of(game: Game) -> DeadlinePolicy:
    return game.settings.deadlines.policy()


def deadline_after(game: Game, phase_name: str, opened_at: datetime) -> datetime:
    return deadline_for(policy_of(game), phase_name[-1], opened_at)


# Built once: composing a select() costs about as much as running this one, which runs
# twice for every mail handled.
_CURRENT_PHASE = (
    select(PhaseRow)
    .where(PhaseRow.game_id == bindparam("game_id"), PhaseRow.processed_at.is_(None),
           PhaseRow.superseded.is_(False))
    .order_by(PhaseRow.seq.desc())
    .limit(1)
)


def current_phase(session: Session, game: Game) -> PhaseRow | None:
    phase = known.open_phase(session, game.id)  # a batch of mails read it ahead
    if phase is not known.UNKNOWN:
        return phase
    return session.scalars(_CURRENT_PHASE, {"game_id": game.id}).first()


def active_players(game: Game) -> list[Player]:
    return [p for p in game.players if p.active]


def latest_orders(session: Session, phase: PhaseRow) -> dict[int, OrderSet]:
    """Each player's newest order set for the phase."""
    out: dict[int, OrderSet] = {}
    rows = session.scalars(
        select(OrderSet).where(OrderSet.phase_id == phase.id).order_by(OrderSet.version)
    )
    for row in rows:
        out[row.player_id] = row
    return out


def latest_orders_of(session: Session, phases: list[PhaseRow]) -> dict[int, dict[int, OrderSet]]:
    """`latest_orders` for many phases in one query: phase id -> player id -> newest set."""
    out: dict[int, dict[int, OrderSet]] = {p.id: {} for p in phases}
    ids = list(out)
    for start in range(0, len(ids), 500):  # stay under SQLite's bound-parameter limit
        chunk = ids[start:start + 500]
        newest = (
            select(OrderSet.phase_id, OrderSet.player_id,
                   func.max(OrderSet.version).label("version"))
            .where(OrderSet.phase_id.in_(chunk))
            .group_by(OrderSet.phase_id, OrderSet.player_id)
            .subquery()
        )
        rows = session.scalars(
            select(OrderSet).join(newest, (OrderSet.phase_id == newest.c.phase_id)
                                  & (OrderSet.player_id == newest.c.player_id)
                                  & (OrderSet.version == newest.c.version))
            .order_by(OrderSet.id)
        )
        for row in rows:
            out[row.phase_id][row.player_id] = row
    return out


def log_event(session: Session, game: Game | None, kind: str, at: datetime,
              **data: Any) -> int:
    """Log one event; returns its id (announcements of it are keyed by it)."""
    # A plain INSERT: cheaper than an ORM object, and the log is only ever queried.
    done = session.execute(_INSERT_EVENT, {"game_id": game.id if game else None, "at": at,
                                           "kind": kind, "data": data})
    # An INSERT's result is a CursorResult; Session.execute is typed for any statement.
    key = cast("CursorResult[Any]", done).inserted_primary_key
    assert key is not None  # set by every single-row INSERT
    return int(key[0])


def log_events(session: Session, kind: str,
               events: Sequence[tuple[int | None, datetime, dict[str, Any]]]) -> None:
    """Log several events of one kind, (game id, at, data) each, in one statement."""
    if events:
        session.execute(_INSERT_EVENT, [{"game_id": game_id, "at": at, "kind": kind,
                                         "data": data} for game_id, at, data in events])


_INSERT_EVENT = insert(Event.__table__)
