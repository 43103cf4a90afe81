"""SET MAIL: a player's choice of the mail he may do without (service/views/mail_prefs.py),
one setting a line:

  SET MAIL PRESS DIGEST | SET MAIL PRESS EACH
  SET MAIL REMINDERS OFF | SET MAIL REMINDERS ON
  SET MAIL QUIET 22:00-07:00 | SET MAIL QUIET OFF
  SET MAIL ZONE Europe/Paris

What he needs to play (results, answers, the late notice) is refused by name."""

from __future__ import annotations

import re
from datetime import datetime

from msgspec.structs import replace

from gmbot.service.gm.errors import AdminError
from gmbot.service.inbound.commands.context import Context
from gmbot.service.runtime import log_event, policy_of
from gmbot.service.views.mail_prefs import (
    DIGEST,
    EACH,
    MailPrefs,
    describe,
    prefs_of,
    store_prefs,
    zone_named,
)

USAGE = ("SET MAIL PRESS DIGEST (or EACH), SET MAIL REMINDERS OFF (or ON), "
         "SET MAIL QUIET 22:00-07:00 (or OFF), SET MAIL ZONE Europe/Paris")
# What a player must get: named so that the refusal says why, not just "unknown".
NEEDED = {"RESULTS", "RESULT", "ACKS", "ACK", "ACKNOWLEDGEMENTS", "REPLIES", "ANSWERS",
          "LATE", "WARNINGS", "DEADLINES", "DEADLINE", "ALL", "EVERYTHING", "WELCOME"}
_HOURS = re.compile(r"(\d{1,2})(?::(\d{2}))?\s*-\s*(\d{1,2})(?::(\d{2}))?")


def set_mail(ctx: Context, args: tuple[str, ...], now: datetime) -> str:
    """SET MAIL WHAT VALUE: the player's choice, stored; what he now gets."""
    player = ctx.player
    assert player is not None  # a player's command
    if not args:
        raise AdminError(f"write it as {USAGE}")
    what, rest = args[0].upper(), args[1:]
    prefs = prefs_of(player)
    zone = policy_of(ctx.game).timezone
    if what in NEEDED:
        raise AdminError("results, the answers to your mail and the deadline's late "
                         "notice always come, at once: you need them to play. SET MAIL "
                         "changes only press, reminders and quiet hours")
    changed = _changed(prefs, what, rest)
    store_prefs(player, changed)
    log_event(ctx.session, ctx.game, "mail_prefs", now, power=player.key,
              prefs=player.mail_prefs)
    return f"your mail from game {ctx.game.name}: {describe(changed, zone)}"


def _changed(prefs: MailPrefs, what: str, rest: tuple[str, ...]) -> MailPrefs:
    value = " ".join(rest).strip()
    word = value.upper()
    if what == "PRESS" and word in ("DIGEST", "DAILY", "EACH", "NOW"):
        return replace(prefs, press=DIGEST if word in ("DIGEST", "DAILY") else EACH)
    if what in ("REMINDERS", "REMINDER") and word in ("ON", "OFF"):
        return replace(prefs, reminders=word == "ON")
    if what == "QUIET":
        if word in ("OFF", "NONE"):
            return replace(prefs, quiet=None)
        return replace(prefs, quiet=_hours(value))
    if what in ("ZONE", "TIMEZONE") and len(rest) == 1:
        if zone_named(rest[0]) is None:
            raise AdminError(f"{rest[0]!r} is no time zone: write it as the IANA names "
                             "it, such as Europe/Paris or America/New_York")
        return replace(prefs, zone=rest[0])
    raise AdminError(f"write it as {USAGE}")


def _hours(value: str) -> tuple[int, int]:
    """22:00-07:00 (or 22-7) as minutes past midnight."""
    match = _HOURS.fullmatch(value)
    if match is None:
        raise AdminError("write quiet hours as 22:00-07:00 (from, until, in your time zone)")
    h1, m1, h2, m2 = (int(g or 0) for g in match.groups())
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
        raise AdminError("quiet hours are clock times from 00:00 to 23:59")
    start, end = h1 * 60 + m1, h2 * 60 + m2
    if start == end:
        raise AdminError("quiet hours must end at another time than they start")
    return start, end
