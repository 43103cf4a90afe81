"""A game's settings (gmbot/gamefile/settings/record.py) written to the store: the one door for
them. Readers read `game.settings` (store/models.py), decoded once per transaction."""

from __future__ import annotations

import msgspec

from gmbot.gamefile.settings import GameSettings
from gmbot.gamefile.settings.record import stored_form
from gmbot.store.models import Game


def keep_settings(game: Game, settings: GameSettings) -> None:
    """Store `settings` as the game's, whole."""
    game.settings_data = stored_form(settings)


def add_observer(game: Game, address: str) -> None:
    """One more address on the game's observers."""
    now = game.settings
    keep_settings(game, msgspec.structs.replace(
        now, observers=[*now.observers, address]))


def quiet_standby(game: Game, address: str) -> None:
    """A standby who asked the game for no more calls (QUIET)."""
    now = game.settings
    if address not in now.quiet:
        keep_settings(game, msgspec.structs.replace(now, quiet=[*now.quiet, address]))


def drop_observer(game: Game, address: str) -> None:
    """One address off the game's observers."""
    now = game.settings
    keep_settings(game, msgspec.structs.replace(
        now, observers=[a for a in now.observers if a != address]))
