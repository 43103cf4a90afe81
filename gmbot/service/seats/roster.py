"""The seats of a game as the GM reads them (`gmbot game seats NAME`): each seat's
player, or, for an open seat, since when and why it is open; each player's run of phases
without orders against the game's missed-orders policy."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.service.seats.bot_seats import bot_keys, bot_rules
from gmbot.service.seats.disorder import open_keys
from gmbot.service.seats.heir import SEAT_OPENED
from gmbot.service.seats.rules import nmr_policy, standby_list
from gmbot.service.seats.streak import missed_in_a_row
from gmbot.store.models import Event, Game


@dataclass
class Seat:
    key: str
    address: str | None  # None: open
    missed: int = 0  # phases in a row without orders (a seated player's)
    opened: str = ""  # for an open seat: why and when


WHY = {"resigned": "resigned", "missed_orders": "civil disorder (missed orders)",
       "gm": "civil disorder (the GM's DISORDER)"}


def seats(session: Session, game: Game) -> list[Seat]:
    out = [Seat(p.key, p.address, missed_in_a_row(session, game, p.key))
           for p in game.players if p.active]
    opened = {}
    for event in session.scalars(select(Event).where(Event.game_id == game.id,
                                                     Event.kind == SEAT_OPENED)
                                 .order_by(Event.id)):
        data = event.data or {}
        opened[data.get("power")] = (f"{WHY.get(data.get('why', ''), data.get('why'))} in "
                                     f"{data.get('phase') or '-'}, {event.at:%Y-%m-%d %H:%M} "
                                     f"UTC, left by {data.get('address')}")
    for key in open_keys(game):
        out.append(Seat(key, None, opened=opened.get(key, "no active player")))
    return out


def open_seat_lines(session: Session, game: Game) -> list[str]:
    """The game's open seats as the GM's STATUS lists them after the players, and
    `gmbot game status` and `show` too: powers in civil disorder or played by a bot,
    waited for by nobody."""
    bots = bot_keys(session, game)
    return [f"  {key}: open seat, {'played by a bot' if key in bots else 'in civil disorder'}"
            " (not waited for)" for key in dict.fromkeys([*open_keys(game), *bots])]


def seats_lines(session: Session, game: Game, home_standby: tuple[str, ...] = ()) -> list[str]:
    policy = nmr_policy(session, game)
    lines = [f"{game.name}: missed orders: {policy.describe()}"]
    bots = bot_keys(session, game)
    lines.append(f"Bots: {bot_rules(game).describe()}")
    for seat in seats(session, game):
        if seat.address is None and seat.key in bots:
            lines.append(f"  {seat.key}: BOT, {seat.opened}")
        elif seat.address is None:
            lines.append(f"  {seat.key}: OPEN, {seat.opened}")
        else:
            lines.append(f"  {seat.key}: {seat.address}, {seat.missed} "
                         f"{'phase' if seat.missed == 1 else 'phases'} in a row without orders")
    called = standby_list(session, game, home_standby)
    lines.append(f"Standby list: {', '.join(called) or 'empty'}")
    return lines
