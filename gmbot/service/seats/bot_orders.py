"""A bot seat's orders (gmbot/bots): chosen when its phase opens, when the bot takes the
seat, or at the deadline if still missing; checked by the engine's order checker, as a
player's lines are, and kept as the seat's order set, so that the results list them and a
human taking the seat over finds them standing. Seeded by the game's seed with the phase
and the power (the bot's own seeding), and each choice logged, like every random draw."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy.orm import Session

from gmbot.engine.adjudicate import accept_orders
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.service.runtime import latest_orders, log_event
from gmbot.store.models import Game, OrderSet, PhaseRow, Player

BOT_ORDERS = "bot_orders"  # the event of each choice


def seat_row(game: Game, key: str) -> Player:
    """The seat's own row, where its orders are kept (the one TAKEOVER reuses); a seat
    no player ever held gets one, with no address and never active."""
    row = next((p for p in sorted(game.players, key=lambda p: p.id or 0, reverse=True)
                if p.key == key and not p.active), None)
    if row is None:
        row = Player(address="", power=key, active=False)
        game.players.append(row)
    return row


def game_seed(rules: StandardRules) -> str:
    """The game's seed as the bot takes it (the variant option every random draw uses)."""
    return str(rules.options.get("seed", 0))


def play(session: Session, game: Game, phase: PhaseRow, state: GameState,
         rules: StandardRules, keys: Iterable[str], now: datetime) -> dict[str, list[str]]:
    """The bots' orders for `phase` (position `state`), by seat: those standing, or, for
    a seat without any, chosen now and stored. Returns only seats with orders."""
    keys = list(keys)
    if not keys:
        return {}
    # The bot itself only when a seat is the bot's: every mail's press imports this module
    # (bot_seats.bot_keys), and the pipe's worker should not pay for the bot's heuristics
    # (benchmarks/instructions.py).
    from gmbot.bots.heuristic import bot_orders

    session.flush()  # a row made by seat_row needs its id
    standing = latest_orders(session, phase)
    out: dict[str, list[str]] = {}
    seed = game_seed(rules)
    for key in keys:
        row = seat_row(game, key)
        session.flush()
        stood = standing.get(row.id)
        if stood is not None and stood.lines:
            out[key] = list(stood.lines)
            continue
        chosen = bot_orders(state, rules, key, seed)
        if not chosen:
            continue  # nothing to order this phase
        orders, refused = accept_orders(state, rules, key, chosen)
        lines = [str(o) for o in orders]
        session.add(OrderSet(phase_id=phase.id, player_id=row.id,
                             version=(stood.version if stood else 0) + 1, lines=lines,
                             errors=[[None, r.line, r.reason] for r in refused],
                             message_id=None, created_at=now))
        log_event(session, game, BOT_ORDERS, now, phase=phase.name, power=key, seed=seed,
                  lines=lines, refused=[[r.line, r.reason] for r in refused])
        out[key] = lines
    session.flush()
    return out
