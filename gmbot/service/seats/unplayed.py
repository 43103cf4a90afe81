"""What an opened seat is while nobody plays it, in the variant's words, for the notices
of a seat opened, left or taken from a bot, and RESIGN's answer."""

from __future__ import annotations

from gmbot.service.runtime import StoredPositionError, rules_for, state_of
from gmbot.store.models import Game, PhaseRow


def unplayed_words(game: Game, phase: PhaseRow | None, key: str) -> str:
    """What the seat is while nobody plays it, in the variant's words; "" if there is no
    position to read (the notices then say it plainly)."""
    if phase is None:
        return ""
    rules = rules_for(game)
    try:
        return rules.open_seat_words(state_of(game, phase, rules), key)
    except StoredPositionError:
        return ""
