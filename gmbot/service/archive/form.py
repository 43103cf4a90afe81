"""The gmbot export form (docs/export.md) as msgspec types: what an import reads is
checked against them first, so a malformed file is refused naming its field, never with a
traceback. The export writes plain dicts of the same shape."""

from __future__ import annotations

import re
from typing import Any, Literal

import msgspec

from gmbot.gamefile.settings import GameSettings

FORMAT = "gmbot-game"
VERSION = 1  # raised when a field changes meaning or a required one is added


class GameInfo(GameSettings, kw_only=True, forbid_unknown_fields=True):
    """The game: its name, variant and status, and its settings whole (GameSettings'
    fields, beside these). A public file leaves out the addresses among the settings
    (observers, standby, the sign-up's reserved seats)."""

    name: str
    variant: str
    status: str
    title: str | None = None
    # Full exports only: the GM's and the judge's addresses, the file as loaded.
    gm: str | None = None
    judge: str | None = None
    source: str | None = None

    def settings(self) -> GameSettings:
        """The settings part, as the game keeps it."""
        return GameSettings(**{f: getattr(self, f) for f in GameSettings.__struct_fields__})


class PlayerInfo(msgspec.Struct, forbid_unknown_fields=True):
    power: str | None
    role: str | None
    name: str | None
    active: bool
    address: str | None = None
    # His SET MAIL choices (service/views/mail_prefs.py), in a full export only: private.
    mail: dict[str, Any] | None = None


class OrderSetInfo(msgspec.Struct, forbid_unknown_fields=True):
    player: int  # index into players
    lines: list[str]
    errors: list[list[Any]]
    hold: str | None = None


class PhaseInfo(msgspec.Struct, forbid_unknown_fields=True):
    seq: int
    name: str
    opened_at: str
    deadline_at: str | None
    processed_at: str | None
    position: Any
    orders: dict[str, list[Any]] | None
    result: dict[str, Any] | None
    # Full exports only.
    superseded: bool = False
    order_sets: list[OrderSetInfo] | None = None
    reminders_sent: list[str] | None = None
    paused_remaining: float | None = None


class PressInfo(msgspec.Struct, forbid_unknown_fields=True):
    phase: str
    broadcast: bool
    grey: bool
    signed_as: str | None
    text: str
    created_at: str
    reply_to: int | None = None  # index into press
    # Full exports only: the true sender (a player's index, or None for the GM) and the
    # recipients' seats.
    sender: int | None = None
    sender_key: str | None = None
    recipients: list[str] | None = None


class EventInfo(msgspec.Struct, forbid_unknown_fields=True):
    """Full exports only: one of the events the seats are read from (a bot seated or
    removed, its choice of orders, a seat opened or taken over), as logged."""

    kind: str
    at: str
    data: dict[str, Any]


class ExportFile(msgspec.Struct, forbid_unknown_fields=True):
    format: str
    version: int
    scope: Literal["public", "full"]
    exported_at: str
    game: GameInfo
    players: list[PlayerInfo]
    phases: list[PhaseInfo]
    centres: dict[str, dict[str, int]]
    press: list[PressInfo]
    events: list[EventInfo] = msgspec.field(default_factory=list)


class FormError(ValueError):
    """A file that is no gmbot export of a version this gmbot reads: one line, naming the
    field."""


def read_form(data: Any) -> ExportFile:
    """The file's data as an ExportFile, or FormError naming the first field at fault.
    The format and version are looked at first: a newer file is refused as such rather
    than for a field it may have renamed."""
    if not isinstance(data, dict):
        raise FormError("the file is not a JSON object: not a gmbot export")
    if data.get("format") != FORMAT:
        raise FormError(f"format: expected {FORMAT!r}, got {data.get('format')!r} "
                        "(not a gmbot export; MILA files cannot be imported)")
    version = data.get("version")
    if version != VERSION:
        raise FormError(f"version: this gmbot reads version {VERSION} exports, the file is "
                        f"version {version!r}")
    try:
        form = msgspec.convert(data, ExportFile, strict=True)
    except msgspec.ValidationError as e:
        raise FormError(_one_line(str(e))) from None
    unknown = _unknown_key(data["game"])
    if unknown:
        raise FormError(f"{unknown}: unknown key")
    return form


def _unknown_key(game: dict[str, Any]) -> str | None:
    """The first key of a policy among the settings that its record has not: a stored
    game's policy passes over keys it no longer has (the row may be older than the
    record), but an export is held to what it writes, so that no setting is lost."""
    for field in msgspec.structs.fields(GameSettings):
        kind = next((t for t in (field.type, *getattr(field.type, "__args__", ()))
                     if isinstance(t, type) and issubclass(t, msgspec.Struct)), None)
        value = game.get(field.encode_name)
        if kind is None or not isinstance(value, dict):
            continue
        known = {f.encode_name for f in msgspec.structs.fields(kind)}
        extra = next((k for k in value if k not in known), None)
        if extra is not None:
            return f"game.{field.encode_name}.{extra}"
    return None


def _one_line(message: str) -> str:
    """msgspec's "Expected `str`, got `int` - at `$.phases[0].name`" as
    "phases[0].name: expected str, got int"."""
    text, _, where = message.partition(" - at `")
    path = where.rstrip("`").removeprefix("$").lstrip(".") or "the file"
    found = re.fullmatch(r"Expected `(.+?)`, got `(.+?)`", text)
    if found:
        text = f"expected {found[1]}, got {found[2]}"
    else:
        missing = re.fullmatch(r"Object missing required field `(.+?)`", text)
        if missing:
            path, text = (f"{path}.{missing[1]}".removeprefix("the file."),
                          "the field is missing")
        unknown = re.fullmatch(r"Object contains unknown field `(.+?)`", text)
        if unknown:
            path, text = (f"{path}.{unknown[1]}".removeprefix("the file."), "unknown field")
    return f"{path}: {text}"
