"""Checking and storing a player's orders for the current phase (inside the caller's
transaction)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, func, insert, select
from sqlalchemy.orm import Session

from gmbot.engine.adjudicate import accept_orders
from gmbot.engine.pending import missing_orders
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.service.bounds import more, rejections
from gmbot.service.runtime import current_phase, latest_orders, rules_for, state_of
from gmbot.store.models import Game, OrderSet, PhaseRow, Player


@dataclass
class Submission:
    phase: str
    accepted: list[str] = field(default_factory=list)
    rejected: list[tuple[int | None, str, str]] = field(default_factory=list)  # n, line, why
    missing: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # the variant's lines (rules.ack_lines)
    version: int = 0


def check_lines(
    state: GameState, rules: StandardRules, player: Player, lines: list[tuple[int | None, str]]
) -> Submission:
    texts = [t for _, t in lines]
    orders, rejections = accept_orders(state, rules, player.key, texts)
    number = {t: n for n, t in reversed(lines)}
    sub = Submission(phase=str(state.phase), accepted=[str(o) for o in orders])
    sub.rejected = sorted(((number.get(r.line), r.line, r.reason) for r in rejections),
                          key=lambda x: x[0] or 0)
    sub.missing = missing_orders(state, rules, player.key, orders)
    sub.notes = rules.ack_lines(state, player.key, orders)
    return sub


# Built once: run for every orders mail.
_INSERT_SET = insert(OrderSet.__table__)
_SETS = OrderSet.__table__.c  # Core columns: no ORM set-up per call (nothing to autoflush)
_LAST_VERSION = select(func.max(_SETS.version)).where(
    _SETS.phase_id == bindparam("phase_id"), _SETS.player_id == bindparam("player_id"))


def submit(session: Session, game: Game, player: Player, lines: list[tuple[int | None, str]],
           now: datetime, inbound_id: int | None = None,
           phase: PhaseRow | None = None) -> Submission:
    """Replace the player's orders for the current phase (`phase`, when the caller has just
    read it in this transaction) with the valid lines given."""
    phase = phase or current_phase(session, game)
    if phase is None:
        raise LookupError("the game has no open phase")
    rules = rules_for(game)
    sub = check_lines(state_of(game, phase, rules), rules, player, lines)
    # Only the number of the player's last version is needed, not every set of the phase.
    previous = session.scalar(_LAST_VERSION, {"phase_id": phase.id, "player_id": player.id})
    sub.version = (previous or 0) + 1
    # A plain INSERT, not an ORM object (cheaper; the set is only read back by queries).
    session.execute(_INSERT_SET, {
        "phase_id": phase.id, "player_id": player.id, "version": sub.version,
        "lines": sub.accepted, "errors": _stored_errors(sub.rejected),
        "message_id": inbound_id, "created_at": now,
    })
    return sub


def _stored_errors(rejected: list[tuple[int | None, str, str]]) -> list[list[Any]]:
    """The rejected lines kept with the order set (the results mail lists them): as
    many as an acknowledgement lists, and a last line counting the others."""
    shown, more_rejected = rejections(rejected)
    rows: list[list[Any]] = [[n, t, w] for n, t, w in shown]
    if more_rejected:
        rows.append([None, more(more_rejected), "not listed"])
    return rows


def current_submission(session: Session, game: Game, phase: PhaseRow,
                       player: Player) -> Submission:
    """The player's standing orders, re-checked against the phase's position."""
    rules = rules_for(game)
    row = latest_orders(session, phase).get(player.id)
    lines = [(None, t) for t in (row.lines if row else [])]
    sub = check_lines(state_of(game, phase, rules), rules, player, lines)
    sub.version = row.version if row else 0
    return sub
