"""The first claim on a seat whose player left: where the variant's rules name someone
(Al-Andalus: a departing Prince "will be replaced either by their current Wazir or an
alternate (the Wazir's decision)"), the seat is offered to that player first, until the
phase it opened in is processed. He takes it with TAKEOVER like a standby (moving to it:
his own seat opens for a replacement, who keeps its place, as a Wazir's replacement keeps
his court and dinars); left alone, the offer lapses and the seat is anyone's on the
standby list. The offer is the seat_opened event's `offered_to` and `phase`."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.service.runtime import StoredPositionError, current_phase, rules_for, state_of
from gmbot.store.models import Event, Game, PhaseRow, Player

SEAT_OPENED = "seat_opened"  # the event's kind (opening.py logs it)


def heir_of(game: Game, phase: PhaseRow | None, key: str) -> Player | None:
    """The active player the rules offer the seat of `key` to first, if any."""
    if phase is None:
        return None
    rules = rules_for(game)
    try:
        claim = rules.first_claim(state_of(game, phase, rules), key)
    except StoredPositionError:
        return None
    return next((p for p in game.players if p.active and p.key == claim), None)


def standing_offer(session: Session, game: Game, power: str) -> Player | None:
    """The player to whom the open seat of `power` is offered now, if the offer stands:
    made when it opened, in the phase still open, to a player still in the game."""
    opened = [e for e in session.scalars(select(Event).where(
        Event.game_id == game.id, Event.kind == SEAT_OPENED).order_by(Event.id.desc()))
        if (e.data or {}).get("power") == power]
    event = opened[0] if opened else None
    data = (event.data or {}) if event is not None else {}
    heir = data.get("offered_to")
    phase = current_phase(session, game)
    if not heir or phase is None or phase.name != data.get("phase"):
        return None
    return next((p for p in game.players if p.active and p.key == heir), None)
