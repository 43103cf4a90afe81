"""The games' tables: a game, its seats and phases, the orders, votes, absences and
sign-ups of its people, its audit log, and the mail that came in (gmbot/store/outbox.py
has the mail going out, bounces.py what comes back of it, press.py the press). Positions
and results are stored as the engine's plain-data position schema (JSON), so the store
never needs to know a rule."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import msgspec
from sqlalchemy import (
    JSON,
    BigInteger,
    Float,
    ForeignKey,
    Index,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from gmbot.gamefile.settings import GameSettings
from gmbot.store.base import Base


class Game(Base):
    __tablename__ = "games"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    title: Mapped[str | None] = mapped_column(String(200))
    variant: Mapped[str] = mapped_column(String(64))
    gm: Mapped[str] = mapped_column(String(320))
    judge: Mapped[str] = mapped_column(String(320))
    source: Mapped[str] = mapped_column(Text, default="")  # the game file as last loaded
    # active|paused|finished, parked (deadline/parking.py), signup (service/joining)
    status: Mapped[str] = mapped_column(String(16), default="active")
    gm_secret_hash: Mapped[str | None] = mapped_column(String(200))  # the GM's, scrypt-hashed
    created_at: Mapped[datetime]
    # Everything the game file chooses besides its people and position: one GameSettings
    # (gmbot/gamefile/settings/record.py), as JSON. Read it as `game.settings`.
    settings_data: Mapped[dict[str, Any]] = mapped_column("settings", default=dict)

    players: Mapped[list[Player]] = relationship(back_populates="game", order_by="Player.id")
    phases: Mapped[list[PhaseRow]] = relationship(back_populates="game", order_by="PhaseRow.seq")

    @property
    def settings(self) -> GameSettings:
        """The game's settings, decoded once while the row stays as it is (a game lives
        in its session for one transaction); written through service/settings.py."""
        raw = self.settings_data
        cached = self.__dict__.get("_settings")
        if cached is None or cached[0] is not raw:
            cached = (raw, msgspec.convert(raw or {}, GameSettings))
            self.__dict__["_settings"] = cached
        return cached[1]


class Player(Base):
    __tablename__ = "players"
    __table_args__ = (Index("ix_players_address", "address"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    address: Mapped[str] = mapped_column(String(320))  # lower-cased
    power: Mapped[str | None] = mapped_column(String(64))
    role: Mapped[str | None] = mapped_column(String(64))
    name: Mapped[str | None] = mapped_column(String(200))
    # The player's secret, scrypt-hashed (gmbot.mail.auth.secrets); never stored in clear.
    secret_hash: Mapped[str | None] = mapped_column(String(200))
    active: Mapped[bool] = mapped_column(default=True)
    # What mail he chose to get (SET MAIL): service/views/mail_prefs.py MailPrefs as JSON;
    # None: the defaults (everything as it comes).
    mail_prefs: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    game: Mapped[Game] = relationship(back_populates="players")

    @property
    def key(self) -> str:
        """The name the engine knows this player by: the power, or the role's name."""
        return self.power or (self.name or "").upper()


class PhaseRow(Base):
    """One phase of a game: the position it opened with and, once processed, its result."""

    __tablename__ = "phases"
    __table_args__ = (UniqueConstraint("game_id", "seq"), Index("ix_phases_wake_at", "wake_at"))
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int]
    name: Mapped[str] = mapped_column(String(16))
    state: Mapped[dict[str, Any]]
    opened_at: Mapped[datetime]
    deadline_at: Mapped[datetime | None]
    processed_at: Mapped[datetime | None]
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    reminders_sent: Mapped[list[Any]] = mapped_column(default=list)
    superseded: Mapped[bool] = mapped_column(default=False)  # rolled back
    paused_remaining: Mapped[float | None] = mapped_column(Float)  # seconds left when paused
    # When the deadline jobs next look at the phase (kept by gmbot/service/deadline/wakeups.py).
    wake_at: Mapped[datetime | None]
    game: Mapped[Game] = relationship(back_populates="phases")


class OrderSet(Base):
    """A player's orders for a phase; each new mail is a new version replacing the last."""

    __tablename__ = "order_sets"
    __table_args__ = (Index("ix_order_sets_phase_player", "phase_id", "player_id", "version"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    phase_id: Mapped[int] = mapped_column(ForeignKey("phases.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    version: Mapped[int]
    lines: Mapped[list[Any]]  # accepted order lines, as written
    errors: Mapped[list[Any]]  # refused lines, rows as service/views/refused_lines.py reads them
    message_id: Mapped[int | None] = mapped_column(ForeignKey("inbound.id"))
    created_at: Mapped[datetime]
    # The player's hold on early processing with this set: "wait" (he sent WAIT), "ready"
    # (he sent READY: his refused lines no longer hold him) or None.
    hold: Mapped[str | None] = mapped_column(String(16))


# The partial index's condition. Named as postgresql_where in the model, it loaded
# SQLAlchemy's PostgreSQL dialect on every SQLite home, a tenth of the piped mail's worker
# start-up (benchmarks/ingest.py stage 6 asked for it): PostgreSQL gets it on opening.
_RAW_KEPT = text("raw IS NOT NULL")


def raw_kept_where(dialect: str) -> None:
    """Give the partial index its condition in `dialect` too (the models then match the
    migrations there: tests/test_store.py)."""
    index = next(i for i in Base.metadata.tables["inbound"].indexes
                 if i.name == "ix_inbound_raw_kept")
    index.dialect_kwargs[f"{dialect}_where"] = _RAW_KEPT


class Inbound(Base):
    __tablename__ = "inbound"
    __table_args__ = (
        Index("ix_inbound_sender_received", "sender", "received_at"),
        # Pruning looks only at mail still holding its text (gmbot/service/outbox/retention.py).
        # PostgreSQL's condition is added when such a database is opened (raw_kept_where).
        Index("ix_inbound_raw_kept", "received_at", sqlite_where=_RAW_KEPT),
        Index("uq_inbound_signature", "signature", unique=True),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    message_id: Mapped[str | None] = mapped_column(String(998), unique=True)
    sender: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str] = mapped_column(String(998), default="")
    received_at: Mapped[datetime]
    size: Mapped[int] = mapped_column(default=0)
    status: Mapped[str] = mapped_column(String(16))  # handled|ignored|refused|failed
    reason: Mapped[str | None] = mapped_column(Text)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"))
    raw: Mapped[bytes | None] = mapped_column(LargeBinary)
    # The digest of the DKIM signature that proved it: a signed mail counts once, whatever
    # its Message-ID (gmbot/service/inbound/gates.py, authenticate).
    signature: Mapped[str | None] = mapped_column(String(64))


class Event(Base):
    """The audit log: everything that changed a game, with its data."""

    __tablename__ = "events"
    __table_args__ = (Index("ix_events_game", "game_id", "id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"))
    at: Mapped[datetime]
    kind: Mapped[str] = mapped_column(String(64))
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)


class MailboxState(Base):
    """Per IMAP folder: UIDVALIDITY and the highest UID handled (issue of the IMAP poller)."""

    __tablename__ = "mailbox_state"
    id: Mapped[int] = mapped_column(primary_key=True)
    account: Mapped[str] = mapped_column(String(400), unique=True)
    # Unsigned 32-bit numbers in IMAP: past PostgreSQL's INTEGER.
    uidvalidity: Mapped[int | None] = mapped_column(BigInteger)
    last_uid: Mapped[int] = mapped_column(BigInteger, default=0)


class Absence(Base):
    """A player's declared absence (ABSENCE, VACATION; docs/absences.md): from `starts_at`
    to `ends_at`, or to `back_at` when he came back early (BACK). Kept after it ends: the
    yearly budget counts past absences, and STATUS and the history show them."""

    __tablename__ = "absences"
    __table_args__ = (Index("ix_absences_game", "game_id", "ends_at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    power: Mapped[str] = mapped_column(String(64))  # the seat's key when declared
    starts_at: Mapped[datetime]
    ends_at: Mapped[datetime]
    back_at: Mapped[datetime | None]  # BACK: the absence ended then
    created_at: Mapped[datetime]
    by: Mapped[str] = mapped_column(String(16), default="player")  # player | gm
    # The longest a deadline was moved for it, in seconds: what it cost stays counted
    # after BACK (docs/absences.md, "What it costs").
    moved: Mapped[int] = mapped_column(default=0)

    @property
    def until(self) -> datetime:
        """When the absence ends (or ended)."""
        return min(self.ends_at, self.back_at) if self.back_at is not None else self.ends_at

    @property
    def charged_until(self) -> datetime:
        """The end of what the absence costs: its time away, or the longest deadline move
        it made if that is more (a called-off absence keeps the cost of its moves)."""
        return max(self.until, self.starts_at + timedelta(seconds=self.moved))


class Signup(Base):
    """One address's request by mail to join a game (JOIN, SIGN ON), watch it (OBSERVE)
    or take over an open seat (TAKEOVER): gmbot/service/joining. It is proven like any
    address (a reply to the judge's confirmation, whose Message-ID carries a token keyed
    with `secret_hash`, or its code on a PASSWORD line), then approved by the GM where the
    game asks, then seated."""

    __tablename__ = "signups"
    __table_args__ = (Index("ix_signups_address", "address", "status"),
                      Index("ix_signups_game", "game_id", "status"))
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    address: Mapped[str] = mapped_column(String(320))  # lower-cased
    kind: Mapped[str] = mapped_column(String(16))  # join | observe | takeover
    powers: Mapped[list[Any]] = mapped_column(default=list)  # preferences; the seat taken over
    # unconfirmed -> (awaiting: the GM's approval) -> seated | rejected | withdrawn
    status: Mapped[str] = mapped_column(String(16), default="unconfirmed")
    secret_hash: Mapped[str | None] = mapped_column(String(200))  # the confirmation's key
    created_at: Mapped[datetime]
    confirmed_at: Mapped[datetime | None]
    decided_at: Mapped[datetime | None]  # seated or rejected
    power: Mapped[str | None] = mapped_column(String(64))  # the power he got, once seated


class Vote(Base):
    """A power's standing vote on how its game ends: one a power, kept across phases until
    withdrawn (VOTE NONE) or changed, and read when every voter's vote is counted."""

    __tablename__ = "votes"
    __table_args__ = (UniqueConstraint("game_id", "voter", name="uq_votes_game_voter"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    voter: Mapped[str] = mapped_column(String(64))  # the power's key (a Wazir's name)
    kind: Mapped[str] = mapped_column(String(16))  # draw | concede | cancel
    # A named draw's powers, or the one conceded to; empty: a draw of all survivors.
    powers: Mapped[list[Any]] = mapped_column(default=list)
    cast_at: Mapped[datetime]
    inbound_id: Mapped[int | None] = mapped_column(ForeignKey("inbound.id"))  # None: CLI
