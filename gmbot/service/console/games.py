"""What the GM reads of his games on the command line: `gmbot game list`, `show` and
`status`, each in one transaction, as lines (or, for `show --json`, plain data)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.service.app import App
from gmbot.service.deadline.absences import status_lines as absence_lines
from gmbot.service.deadline.parking import parked_reason
from gmbot.service.gm.admin import find_game
from gmbot.service.joining.seats import pending_lines, signup_line
from gmbot.service.runtime import StoredPositionError, current_phase, policy_of
from gmbot.service.seats.roster import open_seat_lines
from gmbot.service.views.results import deadline_text
from gmbot.service.views.standing import Standing, standing_lines, standings
from gmbot.store.models import Game, PhaseRow

# What each `auth:` mode means, for the GM (docs/security.md has the rest).
AUTH_SHOWN = {"on": "mail must prove its author",
              "none": "OFF, the From address alone is trusted"}


def game_list(app: App) -> list[str]:
    """Each game, its current phase and deadline (in each game's time zone)."""
    with app.db.transaction() as s:
        lines = []
        for g in s.scalars(select(Game).order_by(Game.name)):
            phase = current_phase(s, g)
            due = (f"{phase.name}, deadline "
                   f"{deadline_text(policy_of(g), phase.deadline_at, utc=True)}"
                   if phase and phase.deadline_at else "-")
            lines.append(f"{g.name:20} {g.variant:12} {g.status:9} {due}")
        return lines


def show_lines(app: App, name: str) -> list[str]:
    """A game's current position, deadline and players."""
    with app.db.transaction() as s:
        g = find_game(s, name)
        phase = current_phase(s, g)
        state = dict(phase.state) if phase else {}
        rows, unreadable = _standings(s, g, phase)
        deadline = deadline_text(policy_of(g), phase.deadline_at if phase else None, utc=True)
        auth = g.settings.auth
        lines = [f"{g.name} ({g.variant}, {g.status}) at {state.get('phase', '-')}, "
                 f"deadline {deadline}", *_trouble(s, g, unreadable),
                 f"Authentication: {AUTH_SHOWN.get(auth, auth)} (auth: {auth})"]
        if not unreadable:
            for power, units in (state.get("units") or {}).items():
                centres = (state.get("centers") or {}).get(power, [])
                shown = ", ".join(u if isinstance(u, str) else u["unit"] for u in units)
                lines.append(f"  {power:9} {len(centres):2} centres  {shown}")
        return [*lines, "Players:", *standing_lines(g, rows), *_seat_lines(s, g)]


def show_data(app: App, name: str) -> dict[str, Any]:
    """`show --json`: the position in the position schema, with players and deadline."""
    with app.db.transaction() as s:
        g = find_game(s, name)
        phase = current_phase(s, g)
        rows, unreadable = _standings(s, g, phase)
        due = phase.deadline_at if phase else None
        return {
            "game": g.name, "variant": g.variant, "options": g.settings.options,
            "status": g.status, "auth": g.settings.auth, **(dict(phase.state) if phase else {}),
            "deadline": due.isoformat() if due else None,
            "deadline_text": deadline_text(policy_of(g), due, utc=True),
            "players": [r.as_dict(g) for r in rows],
            # Only when they apply: the rest is the position schema.
            **({"parked": parked_reason(s, g)} if g.status == "parked" else {}),
            **({"seats": seats} if (seats := _seat_lines(s, g)) else {}),
            **({"unreadable": unreadable} if unreadable else {})}


def status_lines(app: App, name: str) -> list[str]:
    """Who has ordered (fully, partly, not at all), last mail and NMR count per player."""
    with app.db.transaction() as s:
        g = find_game(s, name)
        phase = current_phase(s, g)
        where = "no open phase"
        if phase is not None:
            where = f"{phase.name}, deadline " + deadline_text(policy_of(g), phase.deadline_at,
                                                               utc=True)
        rows, unreadable = _standings(s, g, phase)
        return [f"{g.name} ({g.status}): {where}", *_trouble(s, g, unreadable),
                *standing_lines(g, rows), *_seat_lines(s, g),
                *(f"absence: {line}" for line in absence_lines(s, g, app.now(), None,
                                                                gm=True))]


def _seat_lines(s: Session, g: Game) -> list[str]:
    """The open seats and pending sign-ups, in the lines of the GM's STATUS by mail."""
    signup = signup_line(s, g)
    return [*([signup] if signup else []), *open_seat_lines(s, g), *pending_lines(s, g)]


def _standings(s: Session, g: Game, phase: PhaseRow | None) -> tuple[list[Standing], str | None]:
    """The players' standings, and why the position cannot be read if it cannot (then
    each player is shown without what his orders complete): one bad game is shown, not
    an error."""
    try:
        return standings(s, g, phase), None
    except StoredPositionError as e:
        return standings(s, g, None), str(e)


def _trouble(s: Session, g: Game, unreadable: str | None) -> list[str]:
    why = parked_reason(s, g)
    if why:
        return [f"PARKED: {why}",
                f"  correct the position, then `gmbot game resume {g.name}` (or RESUME)"]
    return [f"PROBLEM: {unreadable}"] if unreadable else []
