"""A game's settings as one typed record: everything the game file chooses for the game
besides its people and its position, as the judge keeps it once the file is loaded.

The loader (`service/gm/load.py`) makes it from the checked file, the store decodes it once
per transaction (`Game.settings`), the export writes it whole and the import reads it back,
so a setting can no longer be kept by one and lost by the other. Each policy inside is
its module's record (this package): what a stored game lacks takes its default."""

from __future__ import annotations

from typing import Any

import msgspec

from gmbot.gamefile.settings.absences import AbsenceRules
from gmbot.gamefile.settings.bots import BotRules
from gmbot.gamefile.settings.deadline_section import DeadlineSection
from gmbot.gamefile.settings.nmr import NmrPolicy
from gmbot.gamefile.settings.press import PressRules
from gmbot.gamefile.settings.signup import SignupSettings
from gmbot.gamefile.settings.votes import VoteRules

NMR_KINDS = ("hold", "civil_disorder", "tell_gm")  # what `nmr` keeps: the policy's kind


class GameSettings(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    options: dict[str, Any] = msgspec.field(default_factory=dict)  # the variant's options
    deadlines: DeadlineSection = msgspec.field(default_factory=DeadlineSection)
    nmr: str = "hold"  # one of NMR_KINDS
    missed_orders: NmrPolicy = msgspec.field(default_factory=NmrPolicy)  # in full
    press: PressRules = msgspec.field(default_factory=PressRules)
    rules_link: str | None = None
    auth: str = "on"  # one of gamefile.schema.AUTH_MODES
    votes: VoteRules = msgspec.field(default_factory=VoteRules)
    anonymous: bool = False
    # Whether players see each other's addresses (docs/game-file.md); off: none.
    players_see_addresses: bool = False
    absences: AbsenceRules = msgspec.field(default_factory=AbsenceRules)
    signup: SignupSettings | None = None  # None: not a game open for sign-up
    takeover_approval: bool = False  # the GM approves each TAKEOVER of an open seat
    # Addresses: who gets the public record, who is called when a seat opens.
    observers: list[str] = msgspec.field(default_factory=list)
    standby: list[str] = msgspec.field(default_factory=list)
    # Standbys (the game's or gmbot.yaml's) who asked for no calls from this game (QUIET).
    quiet: list[str] = msgspec.field(default_factory=list)
    bots: BotRules = msgspec.field(default_factory=BotRules)
    # A player's other address, by his address: warned there when his mail bounces.
    backups: dict[str, str] = msgspec.field(default_factory=dict)


def stored_form(record: msgspec.Struct) -> Any:
    """A setting (or all of them) as the store's JSON holds it: lists, not tuples, so
    that what is read back and what the checks of the game file read are one shape."""
    return msgspec.json.decode(msgspec.json.encode(record))
