"""Checking and storing a player's orders for the current phase (inside the caller's
transaction)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import msgspec
from sqlalchemy import bindparam, insert, select
from sqlalchemy.orm import Session

from gmbot.engine.adjudicate import accept_orders, refused_adjustments
from gmbot.engine.merge import merge_orders
from gmbot.engine.orders import Order
from gmbot.engine.parse import OrderParser
from gmbot.engine.pending import has_duty, missing_orders
from gmbot.engine.result import Rejection
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, GameState
from gmbot.engine.vocabulary import did_you_mean
from gmbot.service import known
from gmbot.service.batch_rows import kept_rows
from gmbot.service.deadline.wakeups import orders_changed
from gmbot.service.inbound.bounds import LISTED, more, rejections
from gmbot.service.runtime import current_phase, latest_orders, rules_for, state_of
from gmbot.service.views.readiness import carried_hold, held_by, hold_of
from gmbot.service.views.refused_lines import RefusedLine, stored
from gmbot.store.models import Game, OrderSet, PhaseRow, Player


@dataclass
class Submission:
    phase: str
    accepted: list[str] = field(default_factory=list)
    rejected: list[tuple[int | None, str, str]] = field(default_factory=list)  # n, line, why
    # Beside each rejected line: the unit a later line of the mail gave an order that
    # stands (he corrected the line: it does not hold early processing), else None.
    corrected: list[str | None] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # the variant's lines (rules.ack_lines)
    version: int = 0
    new: list[str] = field(default_factory=list)  # this mail's orders that stand
    replaced: list[str] = field(default_factory=list)  # earlier orders this mail replaced
    dropped: list[tuple[str, str]] = field(default_factory=list)  # earlier orders, why gone
    held: str | None = None  # what of his own holds early processing (views/readiness.py)
    # Whether he has anything to order this phase: early processing waits only for those
    # who have (a Wazir in winter has not), so only they are told of a hold.
    duty: bool = True


def check_lines(
    state: GameState, rules: StandardRules, player: Player, lines: Sequence[tuple[int | None, str]]
) -> Submission:
    texts = [t for _, t in lines]
    orders, rejections = accept_orders(state, rules, player.key, texts)
    sub = Submission(phase=str(state.phase), accepted=[str(o) for o in orders])
    _rejected(sub, state, rules, lines, rejections)
    sub.missing = missing_orders(state, rules, player.key, orders)
    sub.notes = rules.ack_lines(state, player.key, orders) + _refused(state, rules, orders)
    sub.duty = _has_duty(state, rules, player, sub.missing, bool(orders))
    return sub


def merge_lines(
    state: GameState, rules: StandardRules, player: Player, earlier: list[str],
    lines: Sequence[tuple[int | None, str]],
) -> Submission:
    """The player's set after this mail's lines: each replaces the earlier order with its
    key (a unit, a build site, a spell...), the rest stand."""
    merged = merge_orders(state, rules, player.key, earlier, [t for _, t in lines])
    sub = Submission(phase=str(state.phase), accepted=[str(o) for o in merged.orders])
    sub.new = [str(o) for o in merged.new]
    sub.replaced = [str(o) for o in merged.replaced if str(o) not in sub.new]
    sub.dropped = [(str(o), why) for o, why in merged.dropped]
    _rejected(sub, state, rules, lines, merged.rejected)
    sub.missing = missing_orders(state, rules, player.key, merged.orders)
    sub.notes = (rules.ack_lines(state, player.key, merged.orders)
                 + _refused(state, rules, merged.orders))
    sub.duty = _has_duty(state, rules, player, sub.missing, bool(merged.orders))
    return sub


def _refused(state: GameState, rules: StandardRules, orders: list[Order]) -> list[str]:
    """A winter's builds and removals that the results would refuse as they stand."""
    if state.phase.kind != ADJUSTMENT:
        return []
    return [f"{order} will not be carried out: {why}."
            for order, why in refused_adjustments(state, rules, orders)]


def _has_duty(state: GameState, rules: StandardRules, player: Player, missing: list[str],
              ordered: bool) -> bool:
    """engine/pending.py's `has_duty`, asked only when the set's missing orders leave it
    open."""
    return bool(missing) or (ordered and has_duty(state, rules, player.key))


def _rejected(sub: Submission, state: GameState, rules: StandardRules,
              lines: Sequence[tuple[int | None, str]], refused: list[Rejection]) -> None:
    """The refused lines in mail order; only those a reply lists get a "did you mean"
    (looking for near misses of every line of a junk mail would cost too much)."""
    number = {t: n for n, t in reversed(lines)}
    parser = OrderParser.for_map(state.map)
    ordered = sorted(((number.get(r.line), r.line, r.reason, r.corrected) for r in refused),
                     key=lambda x: x[0] or 0)
    sub.rejected = [(n, line, did_you_mean(line, why, parser, rules, state) if i < LISTED
                     else why)
                    for i, (n, line, why, _) in enumerate(ordered)]
    sub.corrected = [unit for *_, unit in ordered]


# Built once: run for every orders mail.
_INSERT_SET = insert(OrderSet.__table__)
_SETS = OrderSet.__table__.c  # Core columns: no ORM set-up per call (nothing to autoflush)
_LAST_FULL = select(_SETS.lines, _SETS.errors, _SETS.version, _SETS.hold, _SETS.message_id).where(
    _SETS.phase_id == bindparam("phase_id"), _SETS.player_id == bindparam("player_id")
).order_by(_SETS.version.desc()).limit(1)
_LAST_SET = select(_SETS.lines, _SETS.version, _SETS.hold).where(
    _SETS.phase_id == bindparam("phase_id"), _SETS.player_id == bindparam("player_id")
).order_by(_SETS.version.desc()).limit(1)


def submit(session: Session, game: Game, player: Player, lines: Sequence[tuple[int | None, str]],
           now: datetime, inbound_id: int | None = None,
           phase: PhaseRow | None = None, clear: bool = False,
           state: GameState | None = None, commands: tuple[str, ...] = ()) -> Submission:
    """Update the player's orders for the current phase (`phase`, when the caller has just
    read it in this transaction) with the valid lines given: each replaces the earlier
    order with its key, the others stand; `clear` first withdraws them all. `state`: the
    phase's position, when the caller has it already. `commands`: the mail's command
    words, whose WAIT or READY the new set keeps (views/readiness.py)."""
    phase = phase or current_phase(session, game)
    if phase is None:
        raise LookupError("the game has no open phase")
    rules = rules_for(game)
    # Only the player's last set is needed, not every set of the phase.
    last = known.last_set(session, phase.id, player.id)  # a batch of mails read it ahead
    if last is known.UNKNOWN:
        row = session.execute(_LAST_SET, {"phase_id": phase.id, "player_id": player.id}).first()
        last = (row.lines, row.version, row.hold) if row else None
    earlier = list(last[0]) if last and not clear else []
    state = state or state_of(game, phase, rules)
    sub = merge_lines(state, rules, player, earlier, lines)
    sub.version = (last[1] if last else 0) + 1
    hold = carried_hold(last[2] if last else None, list(commands))
    errors = _stored_errors(sub.rejected, sub.corrected)
    _insert(session, phase, player, sub.version, sub.accepted, errors, hold, inbound_id, now)
    sub.held = hold_of(errors, hold) if sub.duty else None
    orders_changed(session, game, phase, now)
    return sub


def hold_orders(session: Session, game: Game, player: Player, phase: PhaseRow, hold: str,
                now: datetime, inbound_id: int | None) -> str | None:
    """WAIT or READY (`hold`) on the player's orders as they stand: his last set again,
    as a new version with the hold (the one this mail wrote is given it in place). Returns
    what then holds him (views/readiness.py)."""
    row = session.execute(_LAST_FULL, {"phase_id": phase.id, "player_id": player.id}).first()
    if row is not None and inbound_id is not None and row.message_id == inbound_id:
        # This mail's orders were written a moment ago with its WAIT or READY already.
        return hold_of(row.errors, row.hold)
    lines, errors = (list(row.lines), list(row.errors)) if row else ([], [])
    version = (row.version if row else 0) + 1
    _insert(session, phase, player, version, lines, errors, hold, inbound_id, now)
    orders_changed(session, game, phase, now)
    return hold_of(errors, hold)


class SetRow(msgspec.Struct):
    """An order set kept to be written with its batch's others (service/batch_rows.py)."""

    phase_id: int
    player_id: int
    version: int
    lines: list[str]
    errors: list[list[Any]]
    hold: str | None
    message_id: int | None
    created_at: datetime


def _insert(session: Session, phase: PhaseRow, player: Player, version: int, lines: list[str],
            errors: list[list[Any]], hold: str | None, inbound_id: int | None,
            now: datetime) -> None:
    # A plain INSERT, not an ORM object (cheaper; the set is only read back by queries);
    # in a batch writing its rows together, kept with them.
    row = SetRow(phase_id=phase.id, player_id=player.id, version=version, lines=lines,
                 errors=errors, hold=hold, message_id=inbound_id, created_at=now)
    rows = kept_rows(session)
    if rows is not None:
        rows.keep(_INSERT_SET, row)
    else:
        session.execute(_INSERT_SET, msgspec.structs.asdict(row))
    known.set_written(session, phase.id, player.id, lines, version, hold)


def _stored_errors(rejected: list[tuple[int | None, str, str]],
                   corrected: list[str | None]) -> list[list[Any]]:
    """The rejected lines kept with the order set (the results mail lists them), each with
    the unit that corrected it (views/refused_lines.py): as many as an acknowledgement
    lists, and a last line counting the others, which holds as they are not kept."""
    shown, more_rejected = rejections(rejected)
    rows = [stored(RefusedLine(n, t, w, unit))
            for (n, t, w), unit in zip(shown, corrected, strict=False)]
    if more_rejected:
        rows.append(stored(RefusedLine(None, more(more_rejected), "not listed")))
    return rows


def current_submission(session: Session, game: Game, phase: PhaseRow,
                       player: Player, state: GameState | None = None) -> Submission:
    """The player's standing orders, re-checked against the phase's position."""
    rules = rules_for(game)
    row = latest_orders(session, phase).get(player.id)
    lines = [(None, t) for t in (row.lines if row else [])]
    sub = check_lines(state or state_of(game, phase, rules), rules, player, lines)
    sub.version = row.version if row else 0
    sub.held = held_by(row) if sub.duty else None
    return sub
