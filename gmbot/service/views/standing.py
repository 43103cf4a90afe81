"""Where each player of a game stands, for the GM: ordered, partly or not at all (judged
from the orders the judge would execute, so a CLEAR or a mail of refused lines is no
order), what of his own holds early processing (refused lines, WAIT), the last mail
received from him, and how often he missed a deadline (NMR)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from gmbot.engine.adjudicate import accept_orders
from gmbot.engine.pending import has_duty, missing_orders
from gmbot.service.runtime import (
    active_players,
    latest_orders,
    policy_of,
    rules_for,
    state_of,
)
from gmbot.service.views.readiness import held_by
from gmbot.service.views.results import deadline_text
from gmbot.store.models import Game, Inbound, PhaseRow

ORDERED, PARTLY, NOT_AT_ALL, NOTHING = "ordered", "partly", "not at all", "nothing to order"


@dataclass
class Standing:
    key: str  # power or role
    address: str
    status: str  # one of ORDERED, PARTLY, NOT_AT_ALL, NOTHING
    missing: list[str]  # what is still unordered, readable
    last_mail: datetime | None
    nmr: int
    held: str | None = None  # what of his own holds early processing (readiness.py)

    @property
    def done(self) -> bool:
        """Whether early processing has nothing to wait for from him."""
        return self.status in (ORDERED, NOTHING) and self.held is None

    def as_dict(self, game: Game) -> dict[str, Any]:
        return {"player": self.key, "address": self.address, "orders": self.status,
                "missing": self.missing, "nmr": self.nmr,
                "last_mail": self.last_mail.isoformat() if self.last_mail else None,
                "last_mail_text": last_mail_text(game, self.last_mail), "held": self.held}


def standings(session: Session, game: Game, phase: PhaseRow | None) -> list[Standing]:
    """Every active player of the game, in seat order."""
    players = active_players(game)
    last = dict(session.execute(
        select(Inbound.sender, func.max(Inbound.received_at))
        .where(Inbound.game_id == game.id, Inbound.status == "handled")
        .group_by(Inbound.sender)).all())
    nmr = _nmr_counts(session, game)
    out = []
    rules = rules_for(game)
    state = state_of(game, phase, rules) if phase is not None else None
    sets = latest_orders(session, phase) if phase is not None else {}
    early = policy_of(game).early
    for p in players:
        status, missing, held = NOTHING, [], None
        if state is not None and has_duty(state, rules, p.key):
            row = sets.get(p.id)
            orders, _ = accept_orders(state, rules, p.key, list(row.lines) if row else [])
            missing = missing_orders(state, rules, p.key, orders)
            status = NOT_AT_ALL if not orders else PARTLY if missing else ORDERED
            held = held_by(row) if early else None
        out.append(Standing(p.key, p.address, status, missing, last.get(p.address),
                            nmr.get(p.key, 0), held))
    return out


def _nmr_counts(session: Session, game: Game) -> dict[str, int]:
    counts: dict[str, int] = {}
    rows = session.scalars(select(PhaseRow.result).where(
        PhaseRow.game_id == game.id, PhaseRow.processed_at.is_not(None),
        PhaseRow.superseded.is_(False)))
    for result in rows:
        for key in (result or {}).get("nmr", []):
            counts[key] = counts.get(key, 0) + 1
    return counts


def last_mail_text(game: Game, when: datetime | None) -> str:
    return deadline_text(policy_of(game), _aware(when)) if when else "never"


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo else when.replace(tzinfo=UTC)  # SQLite gives naive UTC


def standing_text(game: Game, rows: list[Standing]) -> list[str]:
    """The players as the GM's STATUS mail lists them, one a line and no columns aligned
    with spaces, so it reads the same in a proportional font."""
    return [f"  {r.key}: {_orders_text(r, MAIL_WORDS)}; NMR {r.nmr}; last mail "
            f"{last_mail_text(game, r.last_mail)}" for r in rows]


# Without the table's "orders" heading, "AUSTRIA: not at all; NMR 0" left the GM to guess
# what was not at all (issue 32, the fifth trial).
MAIL_WORDS = {NOT_AT_ALL: "no orders yet", PARTLY: "partly ordered"}


def _orders_text(r: Standing, words: dict[str, str] | None = None) -> str:
    return ((words or {}).get(r.status, r.status)
            + (f" ({len(r.missing)} missing)" if r.status == PARTLY else "")
            # Only an otherwise complete set is held by it: the rest wait for orders anyway.
            + (f", held by {r.held}" if r.held and r.status == ORDERED else ""))


def standing_lines(game: Game, rows: list[Standing]) -> list[str]:
    """The table `gmbot game status` prints on a terminal, one player a line."""
    width = max((len(r.key) for r in rows), default=6)
    lines = [f"  {'player':{width}}  {'orders':20}  {'NMR':>3}  last mail"]
    for r in rows:
        lines.append(f"  {r.key:{width}}  {_orders_text(r):20}  {r.nmr:>3}  "
                     f"{last_mail_text(game, r.last_mail)}")
    return lines
