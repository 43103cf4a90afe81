"""A game's settings as one typed record: everything the game file chooses for the game
besides its people and its position, as the judge keeps it once the file is loaded.

The loader (`service/gm/load.py`) makes it from the checked file, the export writes it
whole and the import reads it back, so a setting can no longer be kept by one and lost by
the other. The policies inside keep the stored forms their own modules read
(this package's `deadlines.py`, `nmr.py`, `votes.py`, `absences.py`, and
`gmbot/press/policy.py`, `bots.py`)."""

from __future__ import annotations

from typing import Any

import msgspec

NMR_KINDS = ("hold", "civil_disorder", "tell_gm")  # what `nmr` keeps: the policy's kind


class GameSettings(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    options: dict[str, Any] = msgspec.field(default_factory=dict)  # the variant's options
    deadlines: dict[str, Any] = msgspec.field(default_factory=dict)  # the file's section
    nmr: str = "hold"  # one of NMR_KINDS
    # The missed-orders policy in full (gamefile/settings/nmr.py NmrPolicy.to_dict); {}: hold.
    missed_orders: dict[str, Any] = msgspec.field(default_factory=dict)
    press: dict[str, Any] = msgspec.field(default_factory=dict)  # press/policy.py
    rules_link: str | None = None
    auth: str = "on"  # one of gamefile.schema.AUTH_MODES
    votes: dict[str, Any] = msgspec.field(default_factory=dict)  # gamefile/settings/votes.py
    anonymous: bool = False
    # Whether players see each other's addresses (docs/game-file.md); off: none.
    players_see_addresses: bool = False
    absences: dict[str, Any] = msgspec.field(default_factory=dict)  # gamefile/settings/absences.py
    # The file's signup: with its open and reserved powers (service/joining/seats.py).
    signup: dict[str, Any] | None = None
    takeover_approval: bool = False  # the GM approves each TAKEOVER of an open seat
    # Addresses: who gets the public record, who is called when a seat opens.
    observers: list[str] = msgspec.field(default_factory=list)
    standby: list[str] = msgspec.field(default_factory=list)
    # Standbys (the game's or gmbot.yaml's) who asked for no calls from this game (QUIET).
    quiet: list[str] = msgspec.field(default_factory=list)
    bots: dict[str, Any] = msgspec.field(default_factory=dict)  # gamefile/settings/bots.py
    # A player's other address, by his address: warned there when his mail bounces.
    backups: dict[str, str] = msgspec.field(default_factory=dict)
