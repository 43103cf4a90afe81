"""The one seam between the gates and the store: what the gates ask about a mail's sender
and the games (Lookups), answered either by a query per mail (StoreLookups) or from what
batch.py read once for a whole batch (Batch, asking the store only for what the batch did
not read or has since forgotten). The gates ask this interface only; neither they nor
the reply know which answers them.

Every query runs without autoflush: until a mail is routed nothing needs its pending
Inbound row, which is then written once, with its game, instead of inserted and updated."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final, Protocol

from sqlalchemy import bindparam, func, or_, select
from sqlalchemy.orm import Session, contains_eager

from gmbot.service.runtime import log_event
from gmbot.store.models import Game, Inbound, Player, Signup
from gmbot.store.outbox import Outbound

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


class Lookups(Protocol):
    def judges(self) -> Collection[str]:
        """Every game's judge address."""

    def runs_a_game(self, who: str) -> bool:
        """Whether `who` is the GM of any game."""

    def route(self, sender: str) -> Route:
        """The sender's seats in games not finished, and the games he runs."""

    def counted(self, sender: str, since: datetime, limit: int) -> Sequence[datetime]:
        """When the sender's mails that count against his hourly limit came, newest first:
        of those received after `since`, at most `limit`."""

    def rate_noticed(self, sender: str, since: datetime) -> bool:
        """Whether the sender was told of his hourly limit since then."""

    def auth_noticed(self, address: str, since: datetime) -> bool:
        """Whether `address` was told since then that a mail in its name proved nothing."""

    def wrong_passwords(self, address: str, game_id: int, since: datetime,
                        limit: int) -> int:
        """How many mails from `address` to the game were refused for a wrong PASSWORD
        line since then (at most `limit`)."""

    def stranger_answered(self, who: str, since: datetime) -> bool:
        """Whether the stranger `who` was answered since then."""

    def strangers_answered(self, since: datetime) -> int:
        """How many strangers were answered since then."""

    def finished_games(self, sender: str) -> Sequence[Game]:
        """The ended games the sender played in, the latest first."""

    def locked(self, game: Game) -> bool:
        """Whether the game's row is locked for this mail already."""

    def pending_signups(self, address: str) -> Sequence[Signup]:
        """The address's sign-up requests not confirmed yet (service/joining), a few."""

    def signup_replies(self, address: str | None, since: datetime, limit: int,
                       kind: str = "") -> int:
        """How many answers to sign-up requests went to `address` since then (at most
        `limit`); `address` None: to anyone, "@domain": to that domain's addresses;
        `kind`: only answers of that kind (SIGNUP_KIND or PROVEN_SIGNUP_KIND)."""

    def seats_changed(self) -> None:
        """This mail seated players or opened a phase (a game started, a seat taken over):
        what was read ahead of it is no longer true."""

    def game_named(self, name: str) -> bool:
        """Whether a game of that name exists."""

    def handled(self, game: Game, at: datetime, data: dict[str, Any]) -> None:
        """Log the mail as handled (its "mail_handled" event)."""


class StoreLookups:
    """A query per question: a mail read alone."""

    def __init__(self, s: Session) -> None:
        self.s = s

    def judges(self) -> Collection[str]:
        with self.s.no_autoflush:
            return set(self.s.scalars(_JUDGES).all())

    def runs_a_game(self, who: str) -> bool:
        with self.s.no_autoflush:
            return self.s.scalar(_RUNS_A_GAME, {"who": who}) is not None

    def route(self, sender: str) -> Route:
        return self._route(sender, maybe_gm=True)

    def _route(self, sender: str, maybe_gm: bool) -> Route:
        """`maybe_gm` False: the sender is known to be no game's GM (no query for it)."""
        with self.s.no_autoflush:
            players = self.s.scalars(_PLAYERS, {"sender": sender}).all()
            gm_games = self.s.scalars(_GM_GAMES, {"sender": sender}).all() if maybe_gm else []
        return Route(list(players), list(gm_games))

    def counted(self, sender: str, since: datetime, limit: int) -> Sequence[datetime]:
        with self.s.no_autoflush:
            return self.s.scalars(_RECENT, {"sender": sender, "since": since,
                                            "limit": limit}).all()

    def rate_noticed(self, sender: str, since: datetime) -> bool:
        with self.s.no_autoflush:
            return self.s.scalar(_NOTICED, {"sender": sender, "since": since}) is not None

    def auth_noticed(self, address: str, since: datetime) -> bool:
        with self.s.no_autoflush:
            return self.s.scalar(_AUTH_NOTICED, {"recipient": address,
                                                 "since": since}) is not None

    def wrong_passwords(self, address: str, game_id: int, since: datetime,
                        limit: int) -> int:
        with self.s.no_autoflush:
            return int(self.s.scalar(_WRONG_PASSWORDS, {
                "sender": address, "game_id": game_id, "since": since, "limit": limit}) or 0)

    def stranger_answered(self, who: str, since: datetime) -> bool:
        with self.s.no_autoflush:
            return self.s.scalar(_STRANGER_ANSWERED, {"who": who, "since": since}) is not None

    def strangers_answered(self, since: datetime) -> int:
        with self.s.no_autoflush:
            return int(self.s.scalar(_STRANGERS_ANSWERED, {"since": since}) or 0)

    def finished_games(self, sender: str) -> Sequence[Game]:
        with self.s.no_autoflush:
            return self.s.scalars(
                select(Game).join(Player)
                .where(Player.address == sender, Player.active.is_(True),
                       Game.status == "finished")
                .order_by(Game.id.desc())
            ).all()

    def locked(self, game: Game) -> bool:
        return False

    def pending_signups(self, address: str) -> Sequence[Signup]:
        with self.s.no_autoflush:
            return self.s.scalars(_PENDING_SIGNUPS, {"address": address}).all()

    def seats_changed(self) -> None:
        return None  # nothing read ahead

    def game_named(self, name: str) -> bool:
        with self.s.no_autoflush:
            return self.s.scalar(_GAME_NAMED, {"name": name}) is not None

    def signup_replies(self, address: str | None, since: datetime, limit: int,
                       kind: str = "") -> int:
        kinds = [kind] if kind else list(SIGNUP_KINDS)
        where = [_OUT.kind.in_(kinds), _OUT.created_at > since]
        if address is not None and address.startswith("@"):
            where.append(_OUT.recipient.endswith(address, autoescape=True))
        elif address is not None:
            where.append(_OUT.recipient == address)
        query = select(func.count()).select_from(
            select(_OUT.id).where(*where).limit(limit).subquery())
        with self.s.no_autoflush:
            return int(self.s.scalar(query) or 0)

    def handled(self, game: Game, at: datetime, data: dict[str, Any]) -> None:
        log_event(self.s, game, "mail_handled", at, **data)


# Built once, run for every mail. Table columns, not mapped attributes, where they can be:
# a plain Core statement skips the ORM's per-call set-up.
_IN = Inbound.__table__.c
_OUT = Outbound.__table__.c
# The recorded mails that count against their sender's limit (counts_for_limit, in SQL).
COUNTS_FOR_LIMIT = (
    _IN.status.in_(("handled", "refused")),
    or_(_IN.reason.is_(None), ~(_IN.reason.startswith(TOO_MANY)
                                | _IN.reason.startswith(UNVERIFIED))),
)
_JUDGES = select(Game.judge).distinct()
_RUNS_A_GAME = select(Game.id).where(Game.gm == bindparam("who")).limit(1)
_PLAYERS = (
    select(Player).join(Game)
    .where(Player.address == bindparam("sender"), Player.active.is_(True),
           Game.status != "finished")
    .options(contains_eager(Player.game))  # p.game without a query per player
)
_GM_GAMES = select(Game).where(Game.gm == bindparam("sender"))
_RECENT = (
    select(_IN.received_at)
    .where(_IN.sender == bindparam("sender"), _IN.received_at > bindparam("since"),
           *COUNTS_FOR_LIMIT)
    .order_by(_IN.received_at.desc()).limit(bindparam("limit"))
)
_NOTICED = select(_OUT.id).where(
    _OUT.recipient == bindparam("sender"), _OUT.kind == "refusal-rate",
    _OUT.created_at > bindparam("since")).limit(1)
# One notice an hour to a registered address: the notice of an unverified mail, or the
# answer to sign-up mail in its name (inbound/signups.py), whichever came first.
_AUTH_NOTICED = select(_OUT.id).where(
    _OUT.recipient == bindparam("recipient"), _OUT.kind.in_(("auth-notice", "signup")),
    _OUT.created_at > bindparam("since")).limit(1)
# Refused for a wrong PASSWORD line (proof.py).
_WRONG_PASSWORDS = select(func.count()).select_from(
    select(_IN.id).where(
        _IN.sender == bindparam("sender"), _IN.game_id == bindparam("game_id"),
        _IN.received_at > bindparam("since"), _IN.status == "refused",
        _IN.reason.startswith(f"{UNVERIFIED}: {WRONG_PASSWORD}"))
    .limit(bindparam("limit")).subquery())
_STRANGER_KIND = "refusal-stranger"  # the kind of a reply to a stranger
_STRANGER_ANSWERED = select(_OUT.id).where(
    _OUT.kind == _STRANGER_KIND, _OUT.created_at > bindparam("since"),
    _OUT.recipient == bindparam("who")).limit(1)
_STRANGERS_ANSWERED = select(func.count()).select_from(Outbound.__table__).where(
    _OUT.kind == _STRANGER_KIND, _OUT.created_at > bindparam("since"))
# Sign-up requests (service/joining): the few pending of one address, and the answers to
# them (kind SIGNUP_KIND), counted per address and in all, within a bound.
SIGNUP_KIND: Final = "signup"  # the answer to unproven sign-up mail
PROVEN_SIGNUP_KIND: Final = "signup-proven"  # to mail a trusted header proves (DMARC pass)
SIGNUP_KINDS = (SIGNUP_KIND, PROVEN_SIGNUP_KIND)
_GAME_NAMED = select(Game.__table__.c.id).where(Game.__table__.c.name == bindparam("name")).limit(1)
_PENDING_SIGNUPS = select(Signup).where(
    Signup.address == bindparam("address"), Signup.status == "unconfirmed"
).order_by(Signup.id.desc()).limit(5)

