"""Which seats of a game are open.

- A running game's seat is open for TAKEOVER when its power (or role: an Al-Andalus
  Wazir) is still in the game and no active Player row holds it (the one rule LIST and
  TAKEOVER read, and the convention the other ways of leaving a seat keep: a player who
  resigns, or a power in civil disorder, has his row made inactive).
- A sign-up game's seats are the powers its file left open (the settings' `signup`);
  a seat is taken by a joiner once he is confirmed (and approved where the game asks)."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from gmbot.gamefile.settings.signup import SignupSettings
from gmbot.service.runtime import (
    SIGNUP,
    StoredPositionError,
    current_phase,
    rules_for,
    state_of,
)
from gmbot.store.models import Game, Signup

RUNNING = ("active", "paused")


def open_seats(session: Session, game: Game) -> list[str]:
    """The powers of a running game that are still in it and held by no active player,
    in the map's order; none for a game not running or whose position cannot be read."""
    if game.status not in RUNNING:
        return []
    phase = current_phase(session, game)
    if phase is None:
        return []
    try:
        state = state_of(game, phase)
    except StoredPositionError:
        return []  # a parked game's seats wait for the GM
    held = {p.key for p in game.players if p.active}
    seats = [power for power in state.powers if state.in_game(power) and power not in held]
    # A role player's seat (an Al-Andalus Wazir) its player left, while the role is still
    # in the game: a role still in it votes on how the game ends (the rules' voters).
    voters = set(rules_for(game).voters(state))
    return seats + list(dict.fromkeys(p.key for p in game.players if not p.active
                                      and p.power is None and p.key not in held
                                      and p.key in voters))


def signup_of(game: Game) -> SignupSettings:
    """The game's sign-up settings (no seats for a game not open for sign-up)."""
    return game.settings.signup or SignupSettings()


def seats_taken(session: Session, game: Game) -> int:
    """How many of a sign-up game's open seats are taken by confirmed joiners."""
    return int(session.scalar(select(func.count()).select_from(Signup).where(
        Signup.game_id == game.id, Signup.kind == "join", Signup.status == "seated")) or 0)


def free_seats(session: Session, game: Game) -> int:
    """How many seats of a sign-up game are still free (0 once it started)."""
    if game.status != SIGNUP:
        return 0
    return max(len(signup_of(game).open_powers) - seats_taken(session, game), 0)


def signup_line(session: Session, game: Game) -> str | None:
    """What a game open for sign-up waits for, as the GM's STATUS and `gmbot game status`
    and `show` say it; None for a game not open for sign-up."""
    if game.status != SIGNUP:
        return None
    seats = signup_of(game).open_powers
    return (f"Game {game.name} is open for sign-up: {free_seats(session, game)} of "
            f"{len(seats)} seats free ({', '.join(seats)}). It starts when every seat is "
            "taken.")


WAITING = {"unconfirmed": "not yet confirmed by its sender",
           "awaiting": "confirmed, awaiting your approval (APPROVE or REJECT)"}


def pending_lines(session: Session, game: Game) -> list[str]:
    """The game's sign-up requests not yet decided, one a line, for the GM: who asked
    what and what it waits for (nothing when none is pending)."""
    rows = session.scalars(select(Signup).where(Signup.game_id == game.id,
                                                Signup.status.in_(tuple(WAITING)))
                           .order_by(Signup.id)).all()
    if not rows:
        return []
    lines = ["Pending sign-up requests:"]
    for row in rows:
        wish = f" {' '.join(row.powers)}" if row.powers else ""
        lines.append(f"  {row.address}: {row.kind.upper()}{wish}, {WAITING[row.status]}")
    return lines


def takes_observers(game: Game) -> bool:
    return bool(signup_of(game).observers)
