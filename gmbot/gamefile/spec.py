"""A checked game file as data: the game (GameSpec), its players, and the problems
(Problem, GameFileError) a file that cannot be used is reported with."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from gmbot.gamefile.paths import nearest_line
from gmbot.gamefile.settings.absences import AbsenceRules
from gmbot.gamefile.settings.bots import BotRules
from gmbot.gamefile.settings.deadlines import DeadlinePolicy
from gmbot.gamefile.settings.nmr import NmrPolicy
from gmbot.gamefile.settings.press import PressRules
from gmbot.gamefile.settings.votes import VoteRules


@dataclass(frozen=True)
class Problem:
    """One problem in a file, printed as `file:line: path: message`."""

    filename: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = self.filename if self.line is None else f"{self.filename}:{self.line}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class GameFileError(Exception):
    """A game file that cannot be used; `problems` lists everything found wrong.
    `partial`: what of the file could be read despite them, so that the checks against
    the variant and map can still run and every problem is reported in one load."""

    def __init__(self, problems: list[Problem], partial: GameSpec | None = None) -> None:
        self.problems = list(problems)
        self.partial = partial
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class Player:
    address: str
    power: str | None = None  # upper-cased power key, or None for a role player
    role: str | None = None  # lower-cased role, for variants whose players own no power
    name: str | None = None
    password: str | None = field(default=None, repr=False)
    # Another address of his, where the judge warns him when mail to `address` bounces.
    backup: str | None = None

    @property
    def key(self) -> str:
        """The name the engine knows this player by, as `gmbot.store.models.Player.key`."""
        return self.power or (self.name or "").upper()


@dataclass(frozen=True)
class Signup:
    """The file's `signup:` section: a game that takes its players by mail (JOIN)."""

    seats: int | None = None  # None: every power the file gives no address
    approval: bool = False  # the GM approves each joiner (APPROVE / REJECT)
    observers: bool = False  # OBSERVE by mail is allowed
    close: datetime | None = None  # no JOIN after it (UTC)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": self.seats, "approval": self.approval, "observers": self.observers,
                "close": self.close.isoformat() if self.close else None}


@dataclass(frozen=True)
class GameSpec:
    name: str
    variant: str
    gm: str
    judge: str
    players: tuple[Player, ...]
    title: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    deadlines: DeadlinePolicy = field(default_factory=DeadlinePolicy)
    nmr: str = "hold"  # the policy's kind (nmr_policy.name)
    nmr_policy: NmrPolicy = field(default_factory=NmrPolicy)  # gmbot/gamefile/settings/nmr.py
    auth: str = "on"  # on: mail must prove its author; none: the From address is enough
    gm_password: str | None = field(default=None, repr=False)
    position: dict[str, Any] | None = None  # only its top-level shape is checked here
    press: PressRules = field(default_factory=PressRules)
    observers: tuple[str, ...] = ()  # addresses given the public results and broadcasts
    rules_link: str | None = None  # a web page of the GM's that RULES names
    absences: AbsenceRules = field(default_factory=AbsenceRules)  # limits on absences
    signup: Signup | None = None  # open for sign-up by mail (docs/joining.md)
    open_powers: tuple[str, ...] = ()  # powers listed without an address: seats to fill
    takeover_approval: bool = False  # the GM approves each TAKEOVER of an open seat
    standby: tuple[str, ...] = ()  # addresses called when a seat opens (nmr.py)
    votes: VoteRules = field(default_factory=VoteRules)  # how players may end the game
    anonymous: bool = False  # no player learns another's address or name while it runs
    # Players see each other's addresses in SUMMARY and the game-over mail (never in an
    # anonymous game, never observers): docs/game-file.md.
    players_see_addresses: bool = False
    bots: BotRules = field(default_factory=BotRules)  # which seats a bot plays
    filename: str = "<game>"
    lines: Mapping[str, int] = field(default_factory=dict, repr=False, compare=False)
    # A partial spec (see GameFileError.partial) leaves out unreadable players: each
    # player's index in the file, for paths in problems.
    player_rows: tuple[int, ...] = field(default=(), repr=False, compare=False)

    def player_path(self, n: int) -> str:
        """The file's path of `players[n]` (as the file numbers them)."""
        return f"players[{self.player_rows[n] if self.player_rows else n}]"

    def line_of(self, path: str) -> int | None:
        """The line of a field path such as "position.units.FRANCE[1]", or None."""
        return self.lines.get(path)

    def problem(self, path: str, message: str) -> Problem:
        """A Problem at `path`, using the line of its nearest known ancestor."""
        return Problem(self.filename, nearest_line(self.lines, path), path, message)

    def player_by_address(self, address: str) -> Player | None:
        key = address.strip().lower()
        return next((p for p in self.players if p.address.lower() == key), None)
