"""What every mail of a batch (record.py, receive_batch) would otherwise query again,
read once at the batch's start: who is a judge or a GM, which Message-IDs are recorded,
each sender's seats and games, the mails that count against each sender's hourly limit,
and (service/known.py) the open phases and last order sets of their games. The gates read
it through lookups.py (BatchLookups).

Each fact is kept exact while the batch runs. The judges and GMs change only by loading
a game file, never by a mail; recorded Message-IDs and the mails counted for the limit
are added as each mail is recorded. Seats and phases a GM's commands may change (REPLACE,
ROLLBACK...): before a GM's mail is handled, or after a mail whose handling failed
halfway, they are forgotten, and the rest of the batch reads them from the database.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, or_, select
from sqlalchemy.orm import Session, contains_eager

from gmbot.service import known
from gmbot.service.deadline.wakeups import write_wake_ups
from gmbot.store.models import Game, Inbound, Player

RATE_WINDOW = timedelta(hours=1)  # the hour of limits.mails_per_hour and the like
TOO_MANY = "you sent too many mails"  # starts the reason of every rate-limited mail
UNVERIFIED = "unverified"  # starts the reason of every mail that did not prove its author
WRONG_PASSWORD = "a wrong password"  # follows it when a PASSWORD line was checked, wrong


@dataclass
class Route:
    """A sender's seats in games not finished, and the games he runs (Lookups.route)."""

    players: list[Player]
    gm_games: list[Game]


def counts_for_limit(status: str, reason: str | None) -> bool:
    """Whether a recorded mail counts against its sender's hourly limit: neither a
    rate-limited mail nor one that did not prove its author (a forger must not use up a
    real player's limit) does."""
    return status in ("handled", "refused") and not (
        reason and (reason.startswith(TOO_MANY) or reason.startswith(UNVERIFIED)))


class Batch:
    def __init__(self, s: Session, idents: list[str]) -> None:
        rows = s.execute(select(Game.judge, Game.gm)).all()
        self.judges = {judge for judge, _ in rows}
        self.gms = {gm for _, gm in rows}
        self.recorded: set[str] = set()
        self.locked: set[int] = set()  # the games locked at the batch's start (PostgreSQL)
        for chunk in _chunks(idents):
            self.recorded.update(s.scalars(_RECORDED, {"idents": chunk}))
        self.events: list[tuple[int | None, datetime, dict[str, Any]]] = []  # mails handled
        self.pending_event: tuple[int, datetime, dict[str, Any]] | None = None  # this mail's
        self.routes: dict[str, Route] | None = None
        self.since: datetime | None = None  # mails counted for the limit: received after
        self.recent: dict[str, list[datetime]] = {}

    def read_ahead(self, s: Session, senders: Collection[str], since: datetime) -> None:
        """Read the senders' routes, their open phases and order sets, and the mails that
        count against their limits received after `since` (the earliest any mail of the
        batch looks back to). After the games are locked (PostgreSQL)."""
        ordered = sorted(senders)
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
        known.read_ahead(s, players)
        self.since = since
        self.recent = {sender: [] for sender in ordered}
        for chunk in _chunks(ordered):
            for sender, received_at in s.execute(_COUNTED, {"senders": chunk,
                                                             "since": since}):
                self.recent[sender].append(received_at)

    def route_of(self, sender: str) -> Route | None:
        """The sender's route as read ahead, else None (ask the database)."""
        return self.routes.get(sender) if self.routes is not None else None

    def counted_since(self, sender: str, since: datetime) -> list[datetime] | None:
        """When the sender's mails that count against his limit came, newest first, of
        those received after `since`; None when not read ahead (ask the database)."""
        if self.since is None or since < self.since or sender not in self.recent:
            return None
        return sorted((t for t in self.recent[sender] if t > since), reverse=True)

    def recorded_mail(self, ident: str, sender: str, received_at: datetime, status: str,
                      reason: str | None) -> None:
        """A mail of the batch was recorded (its savepoint released)."""
        self.recorded.add(ident)
        if sender in self.recent and counts_for_limit(status, reason):
            self.recent[sender].append(received_at)

    def handled(self, game_id: int, at: datetime, data: dict[str, Any]) -> None:
        """The mail being handled was answered: its event, logged if its savepoint holds."""
        self.pending_event = (game_id, at, data)

    def keep_event(self) -> None:
        """The mail's savepoint was released: its event is the batch's to log."""
        if self.pending_event is not None:
            self.events.append(self.pending_event)
            self.pending_event = None

    def forget(self, s: Session) -> None:
        """Forget what a GM's commands or a failed mail may have made untrue; and write the
        phases' deferred wake-ups first, before they may change."""
        write_wake_ups(s)
        self.routes = None
        known.forget(s)


def _chunks(items: list[str]) -> list[list[str]]:
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
# The recorded mails that count against their sender's limit (counts_for_limit, in SQL).
COUNTS_FOR_LIMIT = (
    _IN.status.in_(("handled", "refused")),
    or_(_IN.reason.is_(None), ~(_IN.reason.startswith(TOO_MANY)
                                | _IN.reason.startswith(UNVERIFIED))),
)
_COUNTED = select(_IN.sender, _IN.received_at).where(
    _IN.sender.in_(bindparam("senders", expanding=True)), _IN.received_at > bindparam("since"),
    *COUNTS_FOR_LIMIT)
