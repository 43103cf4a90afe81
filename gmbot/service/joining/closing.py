"""Use case: the sign-up of a game closes (its file's `signup: close`) while seats are
still free. Where the file's `bots:` lets the judge's bot take every seat left, the game
starts then with the joiners it has (start.py), the bot playing the rest by the file's
rule; else it waits as before, and the GM is told once what keeps it from starting. Run
by each tick (gmbot/daemon/loop.py) and the daemon's deadline job, which wakes at the
next close (daemon/schedule.py), one transaction per game."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.service.app import App
from gmbot.service.joining.seats import free_seats, signup_of
from gmbot.service.joining.start import start_game
from gmbot.service.locks import locked_game
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render
from gmbot.service.runtime import SIGNUP
from gmbot.service.seats.bot_seats import bot_rules
from gmbot.store.models import Game


def closed(game: Game, now: datetime) -> bool:
    """Whether the game's sign-up has closed and its file lets bots take seats."""
    close = signup_of(game).close
    return (game.status == SIGNUP and bot_rules(game).fill is not None
            and isinstance(close, str) and datetime.fromisoformat(close) <= now)


def close_signups(app: App) -> list[str]:
    """Start every game whose sign-up has closed and whose seats left the bots may take;
    a line for each started."""
    now = app.now()
    with app.db.transaction() as s:
        due = [g.id for g in s.scalars(select(Game).where(Game.status == SIGNUP))
               if closed(g, now)]
    done = []
    for game_id in due:
        with app.db.transaction() as s:
            game = locked_game(s, game_id)
            if game is None or not closed(game, now):
                continue  # started (or changed) meanwhile
            if start_game(s, game, now, closed=True):
                done.append(f"{game.name}: sign-up closed; started with bots in the seats "
                            "left")
            else:
                _tell_gm(s, game, now)
    return done


def next_close(app: App, after: datetime) -> datetime | None:
    """The earliest sign-up close after `after` of a game that would start then (its file
    lets bots take the seats left): when the daemon must look again."""
    with app.db.transaction() as s:
        closes = [datetime.fromisoformat(close) for g in
                  s.scalars(select(Game).where(Game.status == SIGNUP))
                  if bot_rules(g).fill is not None
                  and isinstance(close := signup_of(g).close, str)]
    return min((c for c in closes if c > after), default=None)


def _tell_gm(s: Session, game: Game, now: datetime) -> None:
    """Once per closing date: why the game could not start."""
    settings = signup_of(game)
    rules = bot_rules(game)
    free = free_seats(s, game)
    mine = [p for p in settings.open_powers if not rules.fills(p)]
    text = (f"Sign-up for game {game.name} closed with {free} of "
            f"{len(settings.open_powers)} seats free, and the game could not start: "
            + (f"the judge's bot may not take {', '.join(mine)} (the game file's bots: "
               f"fill), and too few joined to play them all." if mine else
               "nobody has joined.")
            + " Load the game file again with a later close, or with a bots: fill that "
              "covers those seats, to start it.")
    subject, body = render("joining_note.txt.j2", game=game, title="Sign-up closed",
                           text=text)
    queue_mail(s, key=f"signup-closed:{game.id}:{settings.close}", kind="announce",
               sender=game.judge, recipient=game.gm, subject=subject, body=body, now=now,
               game=game)
