"""A game's settings (gmbot/gamefile/settings.py) read from the store and written back:
the one door for them. Read once per transaction: the record is kept in the session's
`info` until the transaction writes settings again (`keep_settings`, `forget_settings`)."""

from __future__ import annotations

from typing import Any

import msgspec
from sqlalchemy.orm import Session

from gmbot.gamefile.settings import GameSettings
from gmbot.store.models import Game, SeatRules

_CACHE = "gmbot.settings"  # session.info key: {game id: GameSettings}


def settings_of(session: Session, game: Game) -> GameSettings:
    """The game's settings, decoded once per transaction."""
    cache: dict[int, GameSettings] = session.info.setdefault(_CACHE, {})
    found = cache.get(game.id)
    if found is None:
        found = cache[game.id] = _read(session, game)
    return found


def keep_settings(session: Session, game: Game, settings: GameSettings) -> None:
    """Store `settings` as the game's (which has its id)."""
    game.options = dict(settings.options)
    game.deadlines = dict(settings.deadlines)
    game.nmr = settings.nmr
    game.press = dict(settings.press)
    game.rules_link = settings.rules_link
    game.auth = settings.auth
    game.votes = dict(settings.votes)
    game.anonymous = settings.anonymous
    game.absences = dict(settings.absences)
    game.joining = settings.joining()
    game.observers = list(settings.observers)
    row = session.get(SeatRules, game.id)
    if row is None:
        row = SeatRules(game_id=game.id)
        session.add(row)
    row.nmr = dict(settings.missed_orders)
    row.standby = list(settings.standby)
    session.info.setdefault(_CACHE, {})[game.id] = settings


def forget_settings(session: Session, game: Game) -> None:
    """After a write to one of the game's settings by other means."""
    session.info.get(_CACHE, {}).pop(game.id, None)


def _read(session: Session, game: Game) -> GameSettings:
    row = session.get(SeatRules, game.id)
    joining: dict[str, Any] = dict(game.joining or {})
    data = {
        "options": dict(game.options or {}), "deadlines": dict(game.deadlines or {}),
        "nmr": game.nmr or "hold", "missed_orders": dict(row.nmr) if row else {},
        "press": dict(game.press or {}), "rules_link": game.rules_link,
        "auth": game.auth or "on", "votes": dict(game.votes or {}),
        "anonymous": bool(game.anonymous), "absences": dict(game.absences or {}),
        "signup": joining.get("signup"),
        "takeover_approval": bool((joining.get("takeover") or {}).get("approval")),
        "observers": list(game.observers or []),
        "standby": list(row.standby) if row else [],
    }
    return msgspec.convert(data, GameSettings)
