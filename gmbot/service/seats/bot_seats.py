"""Bot seats: a seat without a player (seats/__init__.py) that the judge's bot plays
instead of leaving its power in civil disorder. The bot takes a seat by the game file's
`bots:` rule (gmbot/gamefile/settings/bots.py: `fill` once the seat has waited `after`;
`smart_cd` at once when a player is put in civil disorder or resigns) or by the GM's ADD
BOT; it leaves by the GM's REMOVE BOT or when a human takes the seat over (TAKEOVER,
REPLACE: the seat is no longer open). Each change is an event, `bot_seated` or
`bot_removed`, and every player, observer and the GM is told. A seat's latest event says
what it is: a bot seat is one still open whose latest event is `bot_seated`; after a REMOVE
BOT the rule leaves the seat alone until it is taken and left again."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.engine.state import GameState, Phase
from gmbot.gamefile.settings.bots import BotRules
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render, text_html
from gmbot.service.runtime import (
    StoredPositionError,
    active_players,
    current_phase,
    latest_orders,
    log_event,
    rules_for,
    state_of,
)
from gmbot.service.seats.bot_orders import play, seat_row
from gmbot.service.seats.heir import SEAT_OPENED
from gmbot.service.seats.unplayed import unplayed_words
from gmbot.store.models import Event, Game, OrderSet, PhaseRow

BOT_SEATED, BOT_REMOVED = "bot_seated", "bot_removed"
TAKEN = ("player_replaced", "seat_taken")  # a human has the seat (their key is `who`)
BY_RULE, BY_GM, SMART_CD = "rule", "gm", "smart_cd"  # who put the bot in (the event's `by`)


class BotSeatError(ValueError):
    """Why the GM's ADD BOT or REMOVE BOT cannot be done (the refusal names the rule)."""


def bot_rules(game: Game) -> BotRules:
    return game.settings.bots


def vacant(game: Game, state: GameState) -> list[str]:
    """The seats without a player: powers still in the game no active row holds, and the
    role seats their players left."""
    held = {p.key for p in game.players if p.active}
    powers = [p for p in state.powers if state.in_game(p) and p not in held]
    return powers + list(dict.fromkeys(p.key for p in game.players if not p.active
                                       and p.power is None and p.key not in held))


def _latest(session: Session, game: Game) -> dict[str, Event]:
    """Each seat's latest event that changes what it is."""
    kinds = (SEAT_OPENED, BOT_SEATED, BOT_REMOVED, *TAKEN)
    out: dict[str, Event] = {}
    for event in session.scalars(select(Event).where(
            Event.game_id == game.id, Event.kind.in_(kinds)).order_by(Event.id)):
        data = event.data or {}
        key = data.get("power") if event.kind not in TAKEN else data.get("who")
        if key:
            out[str(key)] = event
    return out


def bot_keys(session: Session, game: Game, state: GameState | None = None) -> list[str]:
    """The seats the bot plays now, in seat order."""
    if game.status == "finished":
        return []
    latest = _latest(session, game)
    if not any(e.kind == BOT_SEATED for e in latest.values()):
        return []  # no bot ever: the position need not be read
    state = state if state is not None else _state(session, game)
    if state is None:
        return []
    return [k for k in vacant(game, state) if k in latest and latest[k].kind == BOT_SEATED]


def _state(session: Session, game: Game) -> GameState | None:
    phase = current_phase(session, game)
    if phase is None:
        return None
    try:
        return state_of(game, phase)
    except StoredPositionError:
        return None  # a parked game's seats wait for the GM


def fill_seats(session: Session, game: Game, now: datetime) -> list[str]:
    """Seat the bot where the game file's rule says it is due; a note per seat taken."""
    rules = bot_rules(game)
    if (rules.fill is None and not rules.smart_cd) or game.status not in ("active", "paused"):
        return []
    phase = current_phase(session, game)
    state = _state(session, game)
    if phase is None or state is None:
        return []
    latest = _latest(session, game)
    notes = []
    for key in vacant(game, state):
        event = latest.get(key)
        if event is not None and event.kind in (BOT_SEATED, BOT_REMOVED):
            continue  # the bot plays it already, or the GM took it out
        opened = event is not None and event.kind == SEAT_OPENED
        if rules.smart_cd and opened:
            notes.append(seat_bot(session, game, key, now, SMART_CD))
        elif rules.fills(key) and _waited(rules, game, phase, event, now):
            notes.append(seat_bot(session, game, key, now, BY_RULE))
    return notes


def _waited(rules: BotRules, game: Game, phase: PhaseRow, opened: Event | None,
            now: datetime) -> bool:
    """Whether the seat has waited for a human as long as the rule asks: from when it
    was left open, or, for a seat nobody ever held, from the game's start."""
    if rules.after_phase is not None:
        return Phase.parse(phase.name) >= Phase.parse(rules.after_phase)
    since = opened.at if opened is not None else min(
        (p.opened_at for p in game.phases), default=now)
    return now - _aware(since, now) >= timedelta(seconds=rules.after_seconds)


def _aware(at: datetime, now: datetime) -> datetime:
    # SQLite gives back naive times; the store keeps UTC.
    return at.replace(tzinfo=now.tzinfo) if at.tzinfo is None else at


def seat_bot(session: Session, game: Game, key: str, now: datetime, by: str) -> str:
    """The bot takes the open seat of `key`: announced to everyone, and its orders for the
    open phase chosen at once (they stand for whoever takes the seat over)."""
    phase = current_phase(session, game)
    event = log_event(session, game, BOT_SEATED, now, power=key, by=by,
                      phase=phase.name if phase else None)
    seat_row(game, key)
    _tell(session, game, event, "bot_seated.txt.j2", now, key, by=by)
    if phase is not None:
        rules = rules_for(game)
        play(session, game, phase, state_of(game, phase, rules), rules, [key], now)
    why = {SMART_CD: " (smart civil disorder)", BY_GM: " (the GM's ADD BOT)"}.get(by, "")
    return f"{key} is played by a bot{why}; {len(active_players(game))} players told"


def add_bot(session: Session, game: Game, who: str, now: datetime) -> str:
    """The GM's ADD BOT: the bot takes an open seat."""
    key = who.strip().upper()
    state = _state(session, game)
    if game.status not in ("active", "paused") or state is None:
        raise BotSeatError(f"game {game.name} is not running: a bot plays only a running "
                           "game's seats")
    if any(p.active and p.key == key for p in game.players):
        raise BotSeatError(f"{key} has a player: put it in civil disorder first "
                           f"(DISORDER {key}), then ADD BOT {key}")
    if key in bot_keys(session, game, state):
        raise BotSeatError(f"{key} is played by a bot already")
    if key not in vacant(game, state):
        raise BotSeatError(f"{key} is no seat of game {game.name} still in the game "
                           f"(open seats: {', '.join(vacant(game, state)) or 'none'})")
    return seat_bot(session, game, key, now, BY_GM)


def remove_bot(session: Session, game: Game, who: str, now: datetime) -> str:
    """The GM's REMOVE BOT: the seat stays open, its power in civil disorder, and the
    file's rule no longer fills it; the bot's orders for the open phase are withdrawn."""
    key = who.strip().upper()
    if key not in bot_keys(session, game):
        raise BotSeatError(f"{key} is not played by a bot in game {game.name} (bots: "
                           f"{', '.join(bot_keys(session, game)) or 'none'})")
    phase = current_phase(session, game)
    event = log_event(session, game, BOT_REMOVED, now, power=key,
                      phase=phase.name if phase else None)
    if phase is not None:
        _withdraw(session, phase, seat_row(game, key).id, now)
    _tell(session, game, event, "bot_removed.txt.j2", now, key,
          unplayed=unplayed_words(game, phase, key))
    return f"the bot no longer plays {key}: it is in civil disorder; the players told"


def _withdraw(session: Session, phase: PhaseRow, row_id: int, now: datetime) -> None:
    stood = latest_orders(session, phase).get(row_id)
    if stood is not None and stood.lines:
        session.add(OrderSet(phase_id=phase.id, player_id=row_id, version=stood.version + 1,
                             lines=[], errors=[], message_id=None, created_at=now))


def _tell(session: Session, game: Game, event: int, template: str, now: datetime,
          key: str, **more: Any) -> None:
    """Every player, every observer and the GM are told, each mail keyed by the event."""
    phase = current_phase(session, game)
    to = [(p.address, p) for p in active_players(game)] + [
        (a, None) for a in game.settings.observers or ()] + [(game.gm, None)]
    for address, player in to:
        subject, body = render(template, game=game, who=key, player=player,
                               gm=address == game.gm, phase=phase.name if phase else "-",
                               rules=bot_rules(game).describe(), **more)
        # A player's or an observer's mail keeps its lines on a phone (docs/mails.md); the
        # GM's notice is text, as his other notices.
        queue_mail(session, key=f"bot:{event}:{address}", kind="announce", sender=game.judge,
                   recipient=address, subject=subject, body=body, now=now, game=game,
                   html=None if address == game.gm else text_html(subject, body))


def bot_lines(session: Session, game: Game) -> list[str]:
    """STATUS's and the GM's lines of the bot seats (none when there are none)."""
    keys = bot_keys(session, game)
    if not keys:
        return []
    return [f"Played by a bot: {', '.join(keys)} (a human may take a bot's seat over: "
            f"TAKEOVER {game.name} {keys[0]})"]



def bot_periods(session: Session, game: Game) -> list[str]:
    """SUMMARY's lines of the seats a bot played: from when, and until what."""
    open_: dict[str, str] = {}
    out: list[tuple[str, str]] = []
    for event in session.scalars(select(Event).where(
            Event.game_id == game.id, Event.kind.in_((BOT_SEATED, BOT_REMOVED, *TAKEN)))
            .order_by(Event.id)):
        data = event.data or {}
        key = str(data.get("who") if event.kind in TAKEN else data.get("power"))
        if event.kind == BOT_SEATED:
            open_[key] = f"from {data.get('phase') or 'the start'}"
        elif key in open_:
            end = ("until the GM took it back" if event.kind == BOT_REMOVED
                   else "until a player took it over")
            out.append((key, f"{open_.pop(key)} {end}"
                             f"{' in ' + data['phase'] if data.get('phase') else ''}"))
    out += list(open_.items())
    return [f"{key}: the judge's bot, {span}" for key, span in sorted(out)]
