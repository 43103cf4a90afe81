"""A game's sign-up as the game keeps it (GameSettings.signup): the file's `signup:`
section (gamefile/check_joining.py reads it) with the seats it opens to joiners and the
ones the file gives its own players, as the joining use cases read them."""

from __future__ import annotations

import msgspec


class SignupSettings(msgspec.Struct, frozen=True, kw_only=True):
    seats: int | None = None  # None: every power the file gives no address
    approval: bool = False  # the GM approves each joiner (APPROVE / REJECT)
    observers: bool = False  # OBSERVE by mail is allowed
    close: str | None = None  # no JOIN after it: an ISO time, UTC
    # The powers open to joiners, and those the file seats itself (power: address).
    open_powers: tuple[str, ...] = msgspec.field(default=(), name="open")
    reserved: dict[str, str] = msgspec.field(default_factory=dict)
