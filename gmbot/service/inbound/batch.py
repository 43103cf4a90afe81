"""What every mail of a batch (record.py, receive_batch) would otherwise query again,
read once at the batch's start, and kept in one place, the Batch: who is a judge or a GM,
which Message-IDs are recorded, each sender's seats and games, the mails that count
against each sender's hourly limit, the open phases of their games and their last order
sets. The gates ask it as their Lookups (lookups.py; the store answers what it did not
read), the orders' submission and runtime.current_phase through the session
(service/known.py).

Each fact is kept exact while the batch runs. The judges and GMs change only by loading
a game file, never by a mail; recorded Message-IDs and the mails counted for the limit
are added as each mail is recorded, a player's order set as it is written. Seats and
phases a GM's commands may change (REPLACE, ROLLBACK...): before a GM's mail is handled,
or after a mail whose handling failed halfway, they are forgotten, and the rest of the
batch reads them from the database. They stay true otherwise: the batch's transaction
holds its games (SQLite's write lock; PostgreSQL's row locks, taken before they are read).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session, contains_eager

from gmbot.service import known
from gmbot.service.deadline.wakeups import write_wake_ups
from gmbot.service.inbound.lookups import (
    COUNTS_FOR_LIMIT,
    Route,
    StoreLookups,
    counts_for_limit,
)
from gmbot.store.models import Game, Inbound, OrderSet, PhaseRow, Player


class Batch(StoreLookups):
    """A batch's look-ups (Lookups), answered from what it read at its start."""

    def __init__(self, s: Session, idents: list[str]) -> None:
        super().__init__(s)
        rows = s.execute(select(Game.judge, Game.gm)).all()
        self.gms = {gm for _, gm in rows}
        self.judge_addresses = {judge for judge, _ in rows}
        self.recorded: set[str] = set()
        self.locked_games: set[int] = set()  # locked at the batch's start (PostgreSQL)
        for chunk in _chunks(idents):
            self.recorded.update(s.scalars(_RECORDED, {"idents": chunk}))
        self.events: list[tuple[int | None, datetime, dict[str, Any]]] = []  # mails handled
        self.pending_event: tuple[int, datetime, dict[str, Any]] | None = None  # this mail's
        self.routes: dict[str, Route] | None = None
        self.since: datetime | None = None  # mails counted for the limit: received after
        self.recent: dict[str, list[datetime]] = {}
        self.phases: dict[int, PhaseRow | None] | None = None  # game id -> open phase
        self.sets: dict[tuple[int, int], known.LastSet | None] | None = None
        known.attach(s, self)

    def read_ahead(self, senders: Collection[str], since: datetime) -> None:
        """Read the senders' routes, their open phases and order sets, and the mails that
        count against their limits received after `since` (the earliest any mail of the
        batch looks back to). After the games are locked (PostgreSQL)."""
        s, ordered = self.s, sorted(senders)
        routes = {sender: Route([], []) for sender in ordered}
        players: list[Player] = []
        for chunk in _chunks(ordered):
            for player in s.scalars(_PLAYERS, {"senders": chunk}):
                routes[player.address].players.append(player)
                players.append(player)
        running = [sender for sender in ordered if sender in self.gms]
        for chunk in _chunks(running):
            for game in s.scalars(_GM_GAMES, {"senders": chunk}):
                routes[game.gm].gm_games.append(game)
        self.routes = routes
        self._read_phases(players)
        self.since = since
        self.recent = {sender: [] for sender in ordered}
        for chunk in _chunks(ordered):
            for sender, received_at in s.execute(_COUNTED, {"senders": chunk,
                                                             "since": since}):
                self.recent[sender].append(received_at)

    def _read_phases(self, players: Collection[Player]) -> None:
        """The open phase of each player's game, and his last order set for it."""
        games = sorted({p.game_id for p in players})
        phases: dict[int, PhaseRow | None] = dict.fromkeys(games)
        for chunk in _chunks(games):
            for row in self.s.scalars(_OPEN_PHASES, {"ids": chunk}):
                phases[row.game_id] = row  # ordered by seq: the last one is the open one
        sets: dict[tuple[int, int], known.LastSet | None] = {
            (phase.id, p.id): None for p in players if (phase := phases[p.game_id]) is not None}
        ids = sorted({player for _, player in sets})
        phase_ids = sorted({phase for phase, _ in sets})
        for chunk in _chunks(ids):
            rows = self.s.execute(_LAST_SETS, {"players": chunk, "phases": phase_ids})
            for phase_id, player_id, version, lines, hold in rows:
                if (phase_id, player_id) in sets:
                    sets[phase_id, player_id] = (list(lines), version, hold)
        self.phases, self.sets = phases, sets

    # -- what the gates ask (lookups.Lookups) ------------------------------------------

    def judges(self) -> Collection[str]:
        return self.judge_addresses

    def runs_a_game(self, who: str) -> bool:
        return who in self.gms

    def route(self, sender: str) -> Route:
        if self.routes is not None and sender in self.routes:
            return self.routes[sender]
        return self._route(sender, maybe_gm=sender in self.gms)

    def counted(self, sender: str, since: datetime, limit: int) -> Sequence[datetime]:
        if self.since is None or since < self.since or sender not in self.recent:
            return super().counted(sender, since, limit)
        return sorted((t for t in self.recent[sender] if t > since), reverse=True)[:limit]

    def locked(self, game: Game) -> bool:
        return game.id in self.locked_games  # at the batch's start, in id order

    def seats_changed(self) -> None:
        self.forget()

    def handled(self, game: Game, at: datetime, data: dict[str, Any]) -> None:
        # Logged with the batch's others in one statement, once this mail's savepoint is
        # released (a mail rolled back logs nothing: keep_event).
        self.pending_event = (game.id, at, data)

    # -- what the session's code asks (known.ReadAhead) --------------------------------

    def open_phase(self, game_id: int) -> PhaseRow | None:
        return self.phases.get(game_id, known.UNKNOWN) if self.phases is not None \
            else known.UNKNOWN

    def last_set(self, phase_id: int, player_id: int) -> known.LastSet | None:
        return self.sets.get((phase_id, player_id), known.UNKNOWN) if self.sets is not None \
            else known.UNKNOWN

    def set_written(self, phase_id: int, player_id: int, lines: list[Any], version: int,
                    hold: str | None) -> None:
        if self.sets is not None and (phase_id, player_id) in self.sets:
            self.sets[phase_id, player_id] = (lines, version, hold)

    # -- the batch's own bookkeeping (record.py) ---------------------------------------

    def recorded_mail(self, ident: str, sender: str, received_at: datetime, status: str,
                      reason: str | None) -> None:
        """A mail of the batch was recorded (its savepoint released)."""
        self.recorded.add(ident)
        if sender in self.recent and counts_for_limit(status, reason):
            self.recent[sender].append(received_at)

    def keep_event(self) -> None:
        """The mail's savepoint was released: its event is the batch's to log."""
        if self.pending_event is not None:
            self.events.append(self.pending_event)
            self.pending_event = None

    def forget(self) -> None:
        """Forget what a GM's commands or a failed mail may have made untrue; and write the
        phases' deferred wake-ups first, before they may change."""
        write_wake_ups(self.s)
        self.routes = self.phases = self.sets = None


def _chunks(items: list[Any]) -> list[list[Any]]:
    return [items[i:i + 500] for i in range(0, len(items), 500)]  # SQLite's parameter limit


# Built once, like the per-mail statements they replace.
_IN = Inbound.__table__.c
_RECORDED = select(_IN.message_id).where(_IN.message_id.in_(bindparam("idents",
                                                                        expanding=True)))
_PLAYERS = (
    select(Player).join(Game)
    .where(Player.address.in_(bindparam("senders", expanding=True)),
           Player.active.is_(True), Game.status != "finished")
    .options(contains_eager(Player.game))
    .order_by(Player.id)
)
_GM_GAMES = (select(Game).where(Game.gm.in_(bindparam("senders", expanding=True)))
             .order_by(Game.id))
_COUNTED = select(_IN.sender, _IN.received_at).where(
    _IN.sender.in_(bindparam("senders", expanding=True)), _IN.received_at > bindparam("since"),
    *COUNTS_FOR_LIMIT)
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
