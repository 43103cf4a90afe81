"""Turning stored rows into engine objects, and the small queries every use case needs."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.deadlines import DeadlinePolicy, deadline_for
from gmbot.engine.map import GameMap, load_map
from gmbot.engine.position import state_from_dict
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.store.models import Event, Game, OrderSet, PhaseRow, Player
from gmbot.variants import make_rules


def rules_for(game: Game) -> StandardRules:
    return make_rules(game.variant, game.options)


def map_for(rules: StandardRules) -> GameMap:
    return load_map(rules.map_name)


def state_of(game: Game, phase: PhaseRow, rules: StandardRules | None = None) -> GameState:
    rules = rules or rules_for(game)
    return state_from_dict(phase.state, map_for(rules))


def policy_of(game: Game) -> DeadlinePolicy:
    return DeadlinePolicy.from_mapping(game.deadlines or {})


def deadline_after(game: Game, phase_name: str, opened_at: datetime) -> datetime:
    return deadline_for(policy_of(game), phase_name[-1], opened_at)


def current_phase(session: Session, game: Game) -> PhaseRow | None:
    return session.scalars(
        select(PhaseRow)
        .where(PhaseRow.game_id == game.id, PhaseRow.processed_at.is_(None),
               PhaseRow.superseded.is_(False))
        .order_by(PhaseRow.seq.desc())
    ).first()


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


def log_event(session: Session, game: Game | None, kind: str, at: datetime,
              **data: Any) -> None:
    session.add(Event(game_id=game.id if game else None, at=at, kind=kind, data=data))
