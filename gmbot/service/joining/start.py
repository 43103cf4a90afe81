"""A sign-up game whose seats are full starts by itself, in the transaction that took its
last seat: its powers handed out (draw.py: preferences, then a seeded draw, the seed and
the result recorded in the "game_started" event, so the draw can be replayed), its
players seated, its first phase opened with its deadline, and each player's welcome mail
queued. All or nothing, and only from the sign-up state: run twice (a mail read again
after a crash, the GM's APPROVE repeated) it starts nothing the second time."""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.engine.position import state_from_dict, state_to_dict
from gmbot.service.gm.announce import announce
from gmbot.service.gm.credentials import settle_secret, welcome
from gmbot.service.joining.draw import assign
from gmbot.service.joining.seats import signup_of
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render
from gmbot.service.runtime import (
    SIGNUP,
    deadline_after,
    log_event,
    map_for,
    rules_for,
    state_of,
)
from gmbot.service.views.pictures import PositionPictures
from gmbot.store.models import Game, PhaseRow, Player, Signup


def start_game(s: Session, game: Game, now: datetime, seed: int | None = None) -> bool:
    """Start `game` if it is open for sign-up and full; whether it started. `seed`: the
    draw's (a fresh random one if None)."""
    if game.status != SIGNUP:
        return False  # started already (or never open): exactly once
    settings = signup_of(game)
    powers = list(settings.open_powers)
    joiners = s.scalars(select(Signup).where(Signup.game_id == game.id,
                                             Signup.kind == "join",
                                             Signup.status == "seated")
                        .order_by(Signup.id)).all()
    if len(joiners) != len(powers):
        return False
    seed = secrets.randbits(48) if seed is None else seed
    wishes = [(j.address, list(j.powers or [])) for j in joiners]
    order, got = assign(wishes, powers, seed)
    rules = rules_for(game)
    seated: list[tuple[Player, str | None]] = []
    reserved = dict(settings.reserved)
    for power, address in [*reserved.items(), *((got[j.address], j.address) for j in joiners)]:
        row = Player(address=address, power=power)
        row.secret_hash, secret = settle_secret(None, None, True, game.settings.auth)
        game.players.append(row)
        seated.append((row, secret))
    for joiner in joiners:
        joiner.power = got[joiner.address]
    state = state_to_dict(state_from_dict({}, map_for(rules)))
    name = str(state["phase"])
    phase = PhaseRow(game_id=game.id, seq=1, name=name, state=state, opened_at=now,
                     deadline_at=deadline_after(game, name, now), processed_at=None,
                     result=None)
    s.add(phase)
    game.status = "active"
    s.flush()
    event = log_event(s, game, "game_started", now, seed=seed, powers=powers,
                      joiners=wishes, order=order, assignment=got, reserved=reserved,
                      phase=name, deadline=phase.deadline_at.isoformat()
                      if phase.deadline_at else None)
    pictures = PositionPictures(state_of(game, phase, rules), rules)
    for row, secret in seated:
        welcome(s, game, row, now, secret, pictures)
    lines = "\n".join(f"  {row.power}: {row.address}" for row, _ in seated)
    subject, body = render("joining_note.txt.j2", game=game, title="The game has started",
                           text=(f"Every seat of game {game.name} is taken: it starts in "
                                 f"{name}. The powers (preferences first, then a draw with "
                                 f"seed {seed}):\n{lines}\n\nEach player has his welcome "
                                 "mail."))
    queue_mail(s, key=f"game-started:{game.id}", kind="announce", sender=game.judge,
               recipient=game.gm, subject=subject, body=body, now=now, game=game)
    if game.settings.observers:
        announce(s, game, event, "joining_note.txt.j2", now, players=[], observers=True,
                 topic="started", title="The game has started",
                 text=f"Every seat of game {game.name} is taken: it starts in {name}.")
    return True
