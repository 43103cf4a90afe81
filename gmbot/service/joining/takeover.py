"""A standby seated in an open seat of a running game (TAKEOVER, confirmed and, where the
game asks, approved): recorded as the GM's REPLACE is, on the seat's own row (its
standing orders and history stay with the power) with a "player_replaced" event (who,
old, new, by: "takeover"), so the seat's history reads the same whichever way it
changed hands. The new player gets his welcome with the position and the last results;
the other players, the observers and the GM are told. A player of the game taking over
the seat offered to him first leaves his own seat open."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from gmbot.service.gm.announce import announce, deadline_of
from gmbot.service.gm.credentials import settle_secret, welcome
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render
from gmbot.service.runtime import active_players, current_phase, log_event
from gmbot.service.seats.opening import MOVED, open_seat
from gmbot.service.seats.vote_owner import forget_vote
from gmbot.store.models import Game, Player


def seat_standby(s: Session, game: Game, address: str, power: str, now: datetime) -> Player:
    # A player offered the seat first (seats/heir.py) moves to it: his own seat opens for
    # a replacement, called from the game's standby list, as any seat a player leaves.
    moving = next((p for p in game.players if p.active and p.address == address), None)
    if moving is not None:
        open_seat(s, game, moving, MOVED, now, moved_to=power)
    # The seat's latest row (left by resigning, civil disorder...): the same row, as REPLACE.
    row = next((p for p in sorted(game.players, key=lambda p: p.id, reverse=True)
                if p.key == power and not p.active), None)
    old, old_name = (row.address, row.name) if row is not None else (None, None)
    if row is None:
        row = Player(address=address, power=power)
        game.players.append(row)
    row.address, row.active = address, True
    forget_vote(s, game, power)  # the new player starts with no vote
    row.secret_hash, secret = settle_secret(None, None, True, game.settings.auth)
    s.flush()
    welcome(s, game, row, now, secret, catch_up=True)
    # His name is not known (a TAKEOVER gives an address); the seat's first player's is.
    event = log_event(s, game, "player_replaced", now, who=power, old=old, new=address,
                      by="takeover", old_name=old_name)
    phase = current_phase(s, game)
    others = [p for p in active_players(game) if p is not row]
    announce(s, game, event, "announce_takeover.txt.j2", now, players=others, observers=True,
             topic=power, who=power, phase=phase.name if phase else "-",
             deadline=deadline_of(game, phase.deadline_at if phase else None))
    subject, body = render("joining_note.txt.j2", game=game, title=f"{power} taken over",
                           text=(f"{address} has taken over {power} in game {game.name} "
                                 f"(TAKEOVER){f', the seat {old} left' if old else ''}."))
    queue_mail(s, key=f"takeover-gm:{event}", kind="announce", sender=game.judge,
               recipient=game.gm, subject=subject, body=body, now=now, game=game)
    return row
