"""The GM's actions, shared by GM mail commands and CLI verbs. Each runs inside the
caller's transaction; the CLI wraps each in its own."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.engine.state import Phase
from gmbot.gamefile.settings.durations import Duration
from gmbot.service.deadline.absences import honour
from gmbot.service.deadline.ballot import conclude
from gmbot.service.deadline.motions import DRAW, Motion
from gmbot.service.deadline.parking import PARKED
from gmbot.service.gm.addresses import address_name, plain_address
from gmbot.service.gm.announce import announce, deadline_of, told
from gmbot.service.gm.credentials import settle_secret, welcome
from gmbot.service.gm.errors import AdminError
from gmbot.service.runtime import (
    StoredPositionError,
    active_players,
    current_phase,
    deadline_after,
    latest_orders,
    log_event,
    policy_of,
    rules_for,
    state_of,
)
from gmbot.service.seats.disorder import open_keys
from gmbot.service.seats.opening import BY_GM, SeatError, open_seat
from gmbot.service.seats.vote_owner import forget_vote
from gmbot.service.views.calendar_entry import cancellation, deadline_calendar, joined
from gmbot.service.views.open_deadline import left_text
from gmbot.service.views.results import deadline_text
from gmbot.store.models import Game, OrderSet, PhaseRow, Player


def _when(game: Game, at: datetime | None) -> str:
    """A time as the GM reads it: the game's time zone, UTC in brackets."""
    return deadline_text(policy_of(game), at, utc=True)


def find_game(session: Session, name: str) -> Game:
    game = session.scalars(select(Game).where(Game.name == name)).first()
    if game is None:
        raise AdminError(f"no game named {name!r}")
    return game


def _open(session: Session, game: Game) -> PhaseRow:
    phase = current_phase(session, game)
    if phase is None:
        raise AdminError(f"game {game.name} has no open phase")
    return phase


def _not_over(game: Game) -> None:
    """A finished game takes no deadline, processing or new player (as PAUSE refuses it);
    ROLLBACK is how the GM reopens it."""
    if game.status == "finished":
        raise AdminError(f"game {game.name} is over; ROLLBACK reopens it")


def process_now(session: Session, game: Game, now: datetime) -> str:
    """Make the current phase due now; the deadline job processes it right away."""
    _not_over(game)
    phase = _open(session, game)
    if game.status in ("paused", PARKED):
        raise AdminError(f"game {game.name} is {game.status}; RESUME it first")
    phase.deadline_at = now
    # Marks the request: due now even with a grace period, and no "late" notice to the GM.
    phase.reminders_sent = sorted({*(phase.reminders_sent or []), "process", "late"})
    log_event(session, game, "process_requested", now, phase=phase.name)
    return f"{phase.name} will be processed now"


def extend(session: Session, game: Game, text: str, now: datetime) -> str:
    _not_over(game)
    phase = _open(session, game)
    try:
        duration = Duration.parse(text)
    except ValueError as e:
        raise AdminError(f"EXTEND needs a duration such as 24h or 2d: {e}") from None
    if phase.paused_remaining is not None:
        # Paused: the clock is stopped, so the extension adds to the time left.
        phase.paused_remaining += duration.total.total_seconds()
        event = log_event(session, game, "deadline_extended", now, phase=phase.name,
                          by=str(duration))
        left = left_text(timedelta(seconds=phase.paused_remaining))
        n = announce(session, game, event, "announce_extend.txt.j2", now, phase=phase.name,
                     observers=True, paused=True, left=left, deadline=None,
                     calendar=deadline_calendar(game, phase, now))
        return f"{phase.name} will have {left} left when the game resumes; {told(n)}"
    base = max(phase.deadline_at or now, now)
    phase.deadline_at = base + duration.total
    honour(session, game, phase, now)  # a deadline never falls in a declared absence
    event = log_event(session, game, "deadline_extended", now, phase=phase.name,
                      by=str(duration), deadline=phase.deadline_at.isoformat())
    n = announce(session, game, event, "announce_extend.txt.j2", now, phase=phase.name,
                 observers=True, paused=False, left=None,
                 deadline=deadline_of(game, phase.deadline_at),
                 calendar=deadline_calendar(game, phase, now))
    return f"deadline of {phase.name} moved to {_when(game, phase.deadline_at)}; {told(n)}"


def pause(session: Session, game: Game, now: datetime) -> str:
    if game.status != "active":
        raise AdminError(f"game {game.name} is {game.status}, not active")
    phase = _open(session, game)
    game.status = "paused"
    if phase.deadline_at is not None:
        phase.paused_remaining = max((phase.deadline_at - now).total_seconds(), 0.0)
    event = log_event(session, game, "paused", now, phase=phase.name,
                      remaining=phase.paused_remaining)
    n = announce(session, game, event, "announce_pause.txt.j2", now, phase=phase.name,
                 observers=True, calendar=deadline_calendar(game, phase, now))
    return f"game {game.name} paused; {told(n)}"


def resume(session: Session, game: Game, now: datetime) -> str:
    if game.status == PARKED:
        return _unpark(session, game, now)
    if game.status != "paused":
        raise AdminError(f"game {game.name} is not paused")
    phase = _open(session, game)
    if phase.paused_remaining is not None:
        # At least an hour, so players can react to the news that the game goes on.
        phase.deadline_at = now + timedelta(seconds=max(phase.paused_remaining, 3600))
        phase.paused_remaining = None
        honour(session, game, phase, now)
    game.status = "active"
    event = log_event(session, game, "resumed", now, phase=phase.name)
    n = announce(session, game, event, "announce_resume.txt.j2", now, phase=phase.name,
                 observers=True, deadline=deadline_of(game, phase.deadline_at),
                 calendar=deadline_calendar(game, phase, now))
    return (f"game {game.name} resumed; deadline {_when(game, phase.deadline_at)}; "
            f"{told(n)}")


def _unpark(session: Session, game: Game, now: datetime) -> str:
    """A parked game goes on once its position reads (deadline/parking.py); at least an
    hour before its deadline, so players can react to the news."""
    phase = _open(session, game)
    try:
        state_of(game, phase)
    except StoredPositionError as e:
        raise AdminError(f"game {game.name} stays parked: {e}; correct the position (a "
                         f"`position:` in the game file, then `gmbot game load`) first") from None
    if phase.paused_remaining is not None:  # paused before it was parked
        phase.deadline_at = now + timedelta(seconds=max(phase.paused_remaining, 3600))
        phase.paused_remaining = None
    elif phase.deadline_at is not None and phase.deadline_at < now + timedelta(hours=1):
        phase.deadline_at = now + timedelta(hours=1)
    game.status = "active"
    event = log_event(session, game, "resumed", now, phase=phase.name, parked=True)
    n = announce(session, game, event, "announce_resume.txt.j2", now, phase=phase.name,
                 observers=True, deadline=deadline_of(game, phase.deadline_at),
                 calendar=deadline_calendar(game, phase, now))
    return (f"game {game.name} un-parked and resumed; deadline "
            f"{_when(game, phase.deadline_at)}; {told(n)}")


def rollback(session: Session, game: Game, target: str, now: datetime) -> str:
    """Reopen an earlier phase: later phases are kept in history as superseded."""
    try:
        name = str(Phase.parse(target))
    except ValueError as e:
        raise AdminError(str(e)) from None
    rows = session.scalars(
        select(PhaseRow).where(PhaseRow.game_id == game.id, PhaseRow.superseded.is_(False))
        .order_by(PhaseRow.seq)
    ).all()
    matches = [r for r in rows if r.name == name]
    if not matches:
        raise AdminError(f"game {game.name} has no phase {name}")
    chosen = matches[-1]
    # The phase open until now: its entry is withdrawn from the readers' calendars.
    left = rows[-1] if rows[-1].processed_at is None else None
    for row in rows:
        if row.seq >= chosen.seq:
            row.superseded = True
    reopened = PhaseRow(game_id=game.id, seq=rows[-1].seq + 1, name=chosen.name,
                        state=chosen.state, opened_at=now,
                        deadline_at=deadline_after(game, chosen.name, now),
                        processed_at=None, result=None,
                        # Restored orders are complete at once: early processing waits
                        # for players to confirm or change them (see due.why_due).
                        reminders_sent=["rolled_back"])
    honour(session, game, reopened, now)
    session.add(reopened)
    session.flush()
    orders_of = _restore_orders(session, chosen, reopened, now)
    if game.status == "finished":
        game.status = "active"
    event = log_event(session, game, "rolled_back", now, to=name)
    n = announce(session, game, event, "announce_rollback.txt.j2", now, phase=name,
                 observers=True, orders_of=orders_of,
                 deadline=deadline_of(game, reopened.deadline_at),
                 calendar=joined(
                     cancellation(game, left, now, f"the game was rolled back to {name}"),
                     deadline_calendar(game, reopened, now)))
    return f"game {game.name} rolled back to {name}; the orders that stood for it are kept; " \
        f"{told(n)}"


def _restore_orders(session: Session, old: PhaseRow, new: PhaseRow,
                    now: datetime) -> dict[int, list[str]]:
    """Each player's orders as they stood for `old`, copied to the reopened `new`, so
    processing it again adjudicates the same orders unless players change them."""
    out: dict[int, list[str]] = {}
    for player_id, row in latest_orders(session, old).items():
        session.add(OrderSet(phase_id=new.id, player_id=player_id, version=1,
                             lines=list(row.lines), errors=list(row.errors),
                             message_id=None, created_at=now))  # None: restored
        out[player_id] = list(row.lines)
    return out


def replace_player(session: Session, game: Game, who: str, address: str, now: datetime) -> str:
    _not_over(game)
    new_name, address = address_name(address), plain_address(address)
    target = who.strip().upper()
    player = next(
        (p for p in game.players if p.active and (p.key == target or p.address == who.lower())),
        None,
    )
    was_open = player is None
    if player is None:
        player = _open_seat_row(game, target)
    if player is None:
        raise AdminError(f"no active player {who!r} in game {game.name}")
    if any(p.active and p.address == address for p in game.players):
        raise AdminError(f"{address} already plays in game {game.name}")
    old, old_name = player.address, player.name
    player.active = True  # an open seat (RESIGN, civil disorder) is taken again
    player.address = address  # same row: standing orders and history stay with the power
    # ... but not the old player's vote on ending the game: the new one casts his own.
    forget_vote(session, game, player.key)
    # A new secret: the one the old player knew must not serve the new one.
    player.secret_hash, secret = settle_secret(None, None, True, game.settings.auth)
    welcome(session, game, player, now, secret, catch_up=True)  # as a TAKEOVER newcomer's
    event = log_event(session, game, "player_replaced", now, who=player.key, old=old,
                      new=address, old_name=old_name, new_name=new_name)
    phase = current_phase(session, game)
    others = [p for p in active_players(game) if p is not player]
    n = announce(session, game, event, "announce_replace.txt.j2", now, players=others,
                 observers=True, topic=player.key, who=player.key,
                 phase=phase.name if phase else "-",
                 deadline=deadline_of(game, phase.deadline_at if phase else None))
    if not was_open:  # the old address hears it once: he is no longer a player of the game
        gone = Player(address=old, power=player.power, name=player.name, role=player.role)
        announce(session, game, event, "announce_replaced_out.txt.j2", now, players=[gone],
                 topic=player.key, who=player.key)
    return f"{player.key} is now played by {address}; {told(n)}"


def _open_seat_row(game: Game, key: str) -> Player | None:
    """The last row of an open seat (gmbot/service/seats), which REPLACE seats again."""
    if key in open_keys(game):
        return next(p for p in reversed(game.players) if p.key == key)
    return None


def put_in_disorder(session: Session, game: Game, who: str, now: datetime,
                    home_standby: Iterable[str] = (), inbound_id: int | None = None) -> str:
    """The GM's DISORDER: open a player's seat by hand, his power left to civil disorder,
    a call for a replacement sent as the game's policy says."""
    target = who.strip().upper()
    player = next((p for p in game.players if p.active and p.key == target), None)
    if player is None:
        if target in open_keys(game):
            raise AdminError(f"{target} has no player already: its seat is open and it is "
                             "in civil disorder")
        raise AdminError(f"no active player {who!r} in game {game.name}")
    try:
        return open_seat(session, game, player, BY_GM, now, home_standby,
                         inbound_id=inbound_id)
    except SeatError as e:
        raise AdminError(str(e)) from None


def declare_draw(session: Session, game: Game, now: datetime,
                 *powers: str) -> str:
    """End the game in a draw shared by the surviving powers, or by the survivors named
    (DRAW FRANCE GERMANY): the open phase is left unadjudicated (ROLLBACK reopens the
    game) and everyone is told, with what the variant adds (e.g. Al-Andalus ranks its
    Wazirs). The GM may name any surviving powers, whatever the game allows players."""
    if game.status == "finished":
        raise AdminError(f"game {game.name} is already over")
    phase = _open(session, game)
    rules = rules_for(game)
    state = state_of(game, phase, rules)
    named = tuple(sorted({p.upper() for p in powers}))
    survivors = rules.draw_powers(state)
    wrong = [p for p in named if p not in survivors]
    if wrong:
        raise AdminError(f"a draw names surviving powers only ({', '.join(survivors)}), "
                         f"not {', '.join(wrong)}")
    log_event(session, game, "draw_declared", now, phase=phase.name,
              survivors=list(named or survivors))
    return conclude(session, game, phase, state, rules, now, Motion(DRAW, named), by="gm")
