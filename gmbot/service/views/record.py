"""The record of a game beyond its board: who played each seat and when (replacements
included, from the Player rows and the GM's REPLACE events), each seat's missed phases,
and the votes that ended it. Read by SUMMARY and the game-over mail; whether addresses
may be shown is the caller's to decide (the game's `anonymous:`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

import msgspec
from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.store.models import Event, Game, PhaseRow


@dataclass(frozen=True)
class Tenure:
    """One player's time at one seat."""

    key: str  # the power (or a role player's name)
    address: str
    name: str | None  # known for a seat's only player
    since: str  # the phase he took the seat in ("start": from the game's start)
    until: str | None  # the phase he left it in; None: he plays it still
    left: bool = False  # the seat itself is no longer played (a row made inactive)
    since_day: str = ""  # the dates of both (UTC, YYYY-MM-DD)
    until_day: str = ""


def _phases(session: Session, game: Game) -> list[PhaseRow]:
    return list(session.scalars(
        select(PhaseRow).where(PhaseRow.game_id == game.id, PhaseRow.superseded.is_(False))
        .order_by(PhaseRow.seq)).all())


def _phase_at(phases: list[PhaseRow], at: datetime) -> str:
    """The phase open at `at`: the last one opened by then."""
    name = phases[0].name if phases else "-"
    for row in phases:
        if row.opened_at <= at:
            name = row.name
    return name


class Replaced(msgspec.Struct, frozen=True):
    """A player_replaced event as logged: the seat, its player before and after (the
    address; `old` None: the seat was open, no row left), and their names where known
    (an event logged before they were recorded has none: None)."""
    who: str
    old: str | None
    new: str
    old_name: str | None = None
    new_name: str | None = None


def seat_history(session: Session, game: Game) -> list[Tenure]:
    """Every seat's players in order, the first from the game's start."""
    phases = _phases(session, game)
    swaps: dict[str, list[tuple[datetime, Replaced]]] = {}
    for at, data in session.execute(
            select(Event.at, Event.data).where(Event.game_id == game.id,
                                               Event.kind == "player_replaced")
            .order_by(Event.id)).all():
        swap = msgspec.convert(data, Replaced)
        swaps.setdefault(swap.who, []).append((at, swap))
    out: list[Tenure] = []
    for player in game.players:
        mine = swaps.get(player.key, [])
        address, since = (mine[0][1].old or "" if mine else player.address), "start"
        # The names the events recorded; the row keeps one name, which a replacement does
        # not change (and a reloaded game file may), so it is shown only if never replaced.
        name = mine[0][1].old_name if mine else player.name
        since_day = f"{game.created_at:%Y-%m-%d}"
        for at, swap in mine:
            until, day = _phase_at(phases, at), f"{at:%Y-%m-%d}"
            out.append(Tenure(player.key, address, name, since, until, False, since_day, day))
            address, name, since, since_day = swap.new, swap.new_name, until, day
        out.append(Tenure(player.key, address, name, since, None,
                          left=not player.active, since_day=since_day))
    return out


def missed_phases(session: Session, game: Game) -> dict[str, int]:
    """Per seat, the processed phases it sent no orders for (NMR)."""
    counts: Counter[str] = Counter()
    for row in _phases(session, game):
        for key in (row.result or {}).get("nmr") or ():
            counts[str(key)] += 1
    return dict(counts)


class FinalLine(msgspec.Struct, frozen=True):
    """One owner's line of the final board, as the game-over mail lists it (and as its
    event logged it: a board row, of which the mail reads these)."""
    power: str
    centres: list[str]
    units: list[str]


class Ending(msgspec.Struct, frozen=True):
    """How the game ended, as its game_over event logged it (end_game's arguments)."""
    phase: str
    winner: str | None = None
    survivors: list[str] = []
    lines: list[str] = []
    board: list[FinalLine] = []
    how: str = "gm"
    named: bool = False


def endings(session: Session, game: Game) -> list[Ending]:
    """How the game ended (again, after a ROLLBACK): each game-over's phase, `how` (board,
    gm, vote, concession, cancelled), winner and the survivors sharing a draw."""
    rows = session.scalars(select(Event.data).where(Event.game_id == game.id,
                                                    Event.kind == "game_over")
                           .order_by(Event.id)).all()
    return [msgspec.convert({**d, "phase": d.get("phase", "-"),
                             "how": d.get("how", "gm" if not d.get("winner") else "board")},
                            Ending) for d in rows]
