"""A sign-up game whose seats are full starts by itself, in the transaction that took its
last seat: its powers handed out (draw.py: preferences, then a seeded draw, the seed and
the result recorded in the "game_started" event, so the draw can be replayed), its
players seated, its first phase opened with its deadline, and each player's welcome mail
queued. All or nothing, and only from the sign-up state: run twice (a mail read again
after a crash, the GM's APPROVE repeated) it starts nothing the second time.

A game whose sign-up closed with seats still free starts too where the game file's `bots:`
lets the judge's bot take every seat left (closing.py): the joiners get the seats no bot
may take first, and the bot takes the rest by the file's rule, at once or after `after`,
as in any running game (service/seats/bot_seats.py)."""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.engine.position import state_from_dict, state_to_dict
from gmbot.service.gm.announce import announce
from gmbot.service.gm.credentials import Welcomes, settle_secret, welcome
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
)
from gmbot.service.seats.bot_seats import bot_rules, fill_seats
from gmbot.store.models import Game, PhaseRow, Player, Signup


def start_game(s: Session, game: Game, now: datetime, seed: int | None = None,
               closed: bool = False) -> bool:
    """Start `game` if it is open for sign-up and full, or, `closed` (its sign-up is
    over), if the bots may take every seat still free; whether it started. `seed`: the
    draw's (a fresh random one if None)."""
    if game.status != SIGNUP:
        return False  # started already (or never open): exactly once
    settings = signup_of(game)
    powers = list(settings.open_powers)
    joiners = s.scalars(select(Signup).where(Signup.game_id == game.id,
                                             Signup.kind == "join",
                                             Signup.status == "seated")
                        .order_by(Signup.id)).all()
    reserved = dict(settings.reserved)
    bots = bot_rules(game)
    fillable = [p for p in powers if bots.fills(p)] if closed else []
    if not joiners and not reserved:
        return False  # nobody to play it
    if not len(powers) - len(fillable) <= len(joiners) <= len(powers):
        return False  # not full, or (closed) a seat no bot may take would stay empty
    seed = secrets.randbits(48) if seed is None else seed
    wishes = [(j.address, list(j.powers or [])) for j in joiners]
    order, got = assign(wishes, powers, seed, fillable)
    left = [p for p in powers if p not in got.values()]
    rules = rules_for(game)
    seated: list[tuple[Player, str | None]] = []
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
                      fillable=fillable, left=left, phase=name,
                      deadline=phase.deadline_at.isoformat() if phase.deadline_at else None)
    shared = Welcomes(s, game, now)
    for row, secret in seated:
        welcome(s, game, row, now, secret, shared)
    lines = "\n".join(f"  {row.power}: {row.address}" for row, _ in seated)
    taken = (f"Every seat of game {game.name} is taken" if not left else
             f"Sign-up for game {game.name} is closed; the judge's bot plays the seats "
             f"left ({', '.join(left)}) by the game's rule: {bots.describe()}")
    subject, body = render("joining_note.txt.j2", game=game, title="The game has started",
                           text=(f"{taken}. It starts in {name}. The powers (preferences "
                                 f"first, then a draw with seed {seed}):\n{lines}\n\n"
                                 "Each player has his welcome mail."))
    queue_mail(s, key=f"game-started:{game.id}", kind="announce", sender=game.judge,
               recipient=game.gm, subject=subject, body=body, now=now, game=game)
    if game.settings.observers:
        announce(s, game, event, "joining_note.txt.j2", now, players=[], observers=True,
                 topic="started", title="The game has started",
                 text=f"{taken}. It starts in {name}.")
    fill_seats(s, game, now)  # the seats left, when the rule gives them to the bot now
    return True
