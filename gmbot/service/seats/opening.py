"""Opening a seat: a player resigns, the GM puts his power in civil disorder, or the
game's missed-orders policy does. One step inside the caller's transaction (the mail's,
the phase's or the CLI's), so a crash leaves the seat and its mails all done or none;
the player must still be active, so a seat is never opened twice, and every mail is
keyed by the opening's event, so none is queued twice."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render, text_html
from gmbot.service.outbox.stop_links import SEAT_CALL
from gmbot.service.runtime import (
    StoredPositionError,
    active_players,
    current_phase,
    latest_orders,
    log_event,
    rules_for,
    state_of,
)
from gmbot.service.seats.bot_seats import fill_seats
from gmbot.service.seats.heir import SEAT_OPENED, heir_of
from gmbot.service.seats.rules import nmr_policy, standby_list, takeover_approval
from gmbot.service.seats.unplayed import unplayed_words
from gmbot.service.seats.vote_owner import forget_vote
from gmbot.service.views.open_deadline import open_deadline_text
from gmbot.service.views.results import board_summary
from gmbot.service.views.shown import BoardRow
from gmbot.store.models import Game, OrderSet, PhaseRow, Player

# Why a seat opened (the seat_opened event's `why`); MOVED: its player took over the seat
# offered to him first (heir.py), and this one waits for a replacement.
RESIGNED, MISSED, BY_GM, MOVED = "resigned", "missed_orders", "gm", "took_over"


class SeatError(ValueError):
    """Why a seat cannot be opened (the refusal names the rule)."""


def open_seat(session: Session, game: Game, player: Player, why: str, now: datetime,
              home_standby: Iterable[str] = (), missed: int = 0,
              inbound_id: int | None = None, moved_to: str | None = None) -> str:
    """Deactivate `player`, leaving his power to civil disorder, and tell everyone it
    concerns. `missed`: the phases in a row he sent no orders (why MISSED). Returns the
    note of what was done."""
    if game.status == "finished":
        raise SeatError(f"game {game.name} is over: its seats are no longer played")
    if not player.active or player not in game.players:
        raise SeatError(f"{player.key} is no longer played by {player.address} in game "
                        f"{game.name}: the seat is open already")
    phase = current_phase(session, game)
    player.active = False
    forget_vote(session, game, player.key)  # his vote leaves with him
    if phase is not None:
        _withdraw_orders(session, phase, player, now, inbound_id)
    policy = nmr_policy(session, game)
    called = (standby_list(session, game, home_standby) if policy.replace else [])
    called = [a for a in called if a != player.address]
    heir = heir_of(game, phase, player.key)
    event = log_event(session, game, SEAT_OPENED, now, power=player.key, why=why,
                      address=player.address, phase=phase.name if phase else None,
                      missed=missed, called=called, offered_to=heir.key if heir else None)
    context: dict[str, Any] = {
        "game": game, "who": player.key, "why": why, "missed": missed,
        "phase": phase.name if phase else "-", "called": called,
        "approval": takeover_approval(game),
        "deadline": open_deadline_text(game, phase),
        "policy": policy.describe(), "replace": policy.replace,
        "offered": heir.key if heir else None, "moved_to": moved_to,
        "unplayed": unplayed_words(game, phase, player.key),
        "role": player.role,  # a role player's seat (a Wazir) is no power in civil disorder
    }

    def send(template: str, role: str, to: str, **more: Any) -> None:
        subject, body = render(template, **context, **more)
        # What a player, an observer or a standby reads on a phone has its lines kept
        # (docs/mails.md); the GM's notice is text, as his other notices.
        queue_mail(session, key=f"seat:{event}:{role}:{to}",
                   kind=SEAT_CALL if role == "call" else "seat",
                   sender=game.judge, recipient=to, subject=subject, body=body,
                   now=now, game=game, html=None if role == "gm" else text_html(subject, body))

    send("seat_left.txt.j2", "left", player.address, player=player)
    if heir is not None:
        send("seat_offer.txt.j2", "offer", heir.address, player=heir)
    send("gm_seat_open.txt.j2", "gm", game.gm, address=player.address)
    others = active_players(game)
    for p in others:
        send("announce_seat_open.txt.j2", "player", p.address, player=p)
    for address in game.settings.observers or ():
        send("announce_seat_open.txt.j2", "observer", address, player=None)
    board = _board(game, phase)
    for address in called:
        send("seat_call.txt.j2", "call", address, board=board)
    state = {RESIGNED: "resigned", MOVED: f"moved to {moved_to}"}.get(why, "is in civil disorder")
    bots = fill_seats(session, game, now)  # smart civil disorder: the bot plays it now
    players = f"{len(others)} {'player' if len(others) == 1 else 'players'}"
    # "and 0 on the standby list told" read as a fault to the player who resigned (issue
    # 32, the fifth trial): the standby list is named when someone on it was called.
    told = (f"the GM, {players} and {len(called)} on the standby list told" if called
            else f"the GM and {players} told")
    return "; ".join([f"{player.key} {state}: the seat is open; {told}", *bots])


def _withdraw_orders(session: Session, phase: PhaseRow, player: Player, now: datetime,
                     inbound_id: int | None) -> None:
    """The orders he left stand for nobody: an open seat orders nothing, and the next
    player starts from none."""
    row = latest_orders(session, phase).get(player.id)
    if row is not None and row.lines:
        session.add(OrderSet(phase_id=phase.id, player_id=player.id, version=row.version + 1,
                             lines=[], errors=[], message_id=inbound_id, created_at=now))


def _board(game: Game, phase: PhaseRow | None) -> list[BoardRow]:
    """The public position, for the call (empty if it cannot be read: the call still
    names the seat)."""
    if phase is None:
        return []
    rules = rules_for(game)
    try:
        return board_summary(state_of(game, phase, rules), rules)
    except StoredPositionError:
        return []
