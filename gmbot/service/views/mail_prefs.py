"""What mail a player chose to get (SET MAIL), stored with his seat: press as it comes or
in one digest a day, reminders on or off, quiet hours in his own time zone. Only mail a
player can do without may change: results, answers to his mail and the late notice
(the deadline has passed and he still has orders to give) always come, and at once.

Quiet hours hold the mail he may do without (press, reminders) until they end; the daily
digest goes at the end of his quiet hours, or at DIGEST_AT in his zone."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import msgspec

from gmbot.store.models import Player

EACH, DIGEST = "each", "digest"
DIGEST_AT = 8 * 60  # minutes past midnight, in the reader's zone, without quiet hours


class MailPrefs(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    press: str = EACH  # EACH | DIGEST
    reminders: bool = True
    # Quiet hours, minutes past midnight in `zone`: from, until (may wrap past midnight).
    quiet: tuple[int, int] | None = None
    zone: str | None = None  # IANA; None: the game's


def prefs_of(player: Player) -> MailPrefs:
    return msgspec.convert(player.mail_prefs or {}, MailPrefs)


def store_prefs(player: Player, prefs: MailPrefs) -> None:
    player.mail_prefs = msgspec.to_builtins(prefs)  # a new value: the ORM sees the change


def zone_named(name: str) -> ZoneInfo | None:
    """The IANA zone of that name, or None if there is none."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def zone_of(prefs: MailPrefs, game_zone: str) -> ZoneInfo:
    return zone_named(prefs.zone or game_zone) or ZoneInfo("UTC")


def quiet_end(prefs: MailPrefs, game_zone: str, now: datetime) -> datetime | None:
    """When his quiet hours end, if `now` is in them; None if it is not."""
    if prefs.quiet is None:
        return None
    start, end = prefs.quiet
    local = now.astimezone(zone_of(prefs, game_zone))
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    return _next_at(local, end)


def next_digest(prefs: MailPrefs, game_zone: str, now: datetime) -> datetime:
    """When his next daily digest goes: the next end of his quiet hours, or DIGEST_AT."""
    at = prefs.quiet[1] if prefs.quiet is not None else DIGEST_AT
    return _next_at(now.astimezone(zone_of(prefs, game_zone)), at)


def _next_at(local: datetime, minute: int) -> datetime:
    """The first moment after `local` that its zone's clock shows `minute` past midnight."""
    moment = datetime.combine(local.date(), time(minute // 60, minute % 60), local.tzinfo)
    if moment <= local:
        moment = datetime.combine(local.date() + timedelta(days=1),
                                  time(minute // 60, minute % 60), local.tzinfo)
    return moment.astimezone(UTC)


def clock(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def describe(prefs: MailPrefs, game_zone: str) -> str:
    """His choices in one line, as STATUS and the answer to SET MAIL show them."""
    press = "in one digest a day" if prefs.press == DIGEST else "as it comes"
    quiet = (f"quiet hours {clock(prefs.quiet[0])}-{clock(prefs.quiet[1])}"
             if prefs.quiet else "no quiet hours")
    return (f"press {press}; reminders {'on' if prefs.reminders else 'off'}; {quiet}; "
            f"times in {prefs.zone or game_zone}")
