"""Secrets of the players and the GM, and the welcome mail that tells each of them his
seat, the deadline, how to order and how the judge recognises him. Secrets are generated
here (or taken from the game file), renewed on request (NEWPASSWORD), and stored only as
hashes; the clear secret exists only in the welcome mail or the new-password mail, whose
text the outbox forgets once sent (both are of the kind "welcome")."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.engine.position import state_from_dict
from gmbot.engine.state import Phase
from gmbot.mail.auth.secrets import check_secret, hash_secret, new_secret
from gmbot.service.outbox.queue import is_queued, queue_mail
from gmbot.service.outbox.render import render, render_html
from gmbot.service.runtime import current_phase, latest_orders, map_for, rules_for, state_of
from gmbot.service.views.calendar_entry import deadline_calendar
from gmbot.service.views.help import help_context
from gmbot.service.views.open_deadline import open_deadline_text
from gmbot.service.views.pictures import PositionPictures
from gmbot.service.views.results import board_summary
from gmbot.store.models import Game, PhaseRow, Player


def settle_secret(stored: str | None, given: str | None, fresh: bool,
                  auth: str) -> tuple[str | None, str | None]:
    """(hash to store, clear secret to mail) for one seat. `given`: the game file's
    password; `fresh`: a new person takes the seat, so an old secret must not serve him.
    A file password is hashed again only when it changed: a new hash would void the
    reply tokens of every judge mail already sent."""
    if given:
        return (stored if check_secret(given, stored) else hash_secret(given)), None
    if stored and not fresh:
        return stored, None
    if auth == "none":
        return None, None  # the sender address is all: no secret to learn or to type
    secret = new_secret()
    return hash_secret(secret, generated=True), secret


class Welcomes:
    """What the welcome mails of one game at one moment (a load of its file, its start)
    share, worked out once for all of them: the open phase, its position and rules, the
    deadline in words and its calendar entry, and the pictures of the position (viewers
    who see the same board share one drawing)."""

    def __init__(self, session: Session, game: Game, now: datetime) -> None:
        self.now = now
        self.phase = current_phase(session, game)
        self.rules = rules_for(game)
        self.state = (state_of(game, self.phase, self.rules) if self.phase is not None
                      else state_from_dict({}, map_for(self.rules)))
        self.deadline = open_deadline_text(game, self.phase)
        self.calendar = deadline_calendar(game, self.phase, now)
        self._pictures: PositionPictures | None = None

    def picture(self, viewer: str | None) -> bytes | None:
        """The position's map as `viewer` (None: the GM) sees it."""
        if self._pictures is None:
            self._pictures = PositionPictures(self.state, self.rules)
        return self._pictures(viewer)


def welcome(session: Session, game: Game, player: Player | None, now: datetime,
            secret: str | None, shared: Welcomes | None = None,
            catch_up: bool = False) -> None:
    """Queue the welcome mail of `player` (None: the GM), with his map of the current
    position. `shared`: what the welcomes of one use case share (made at the same `now`).
    `catch_up`: a player who takes over a seat mid-game also reads the position and the
    last results in it."""
    shared = shared or Welcomes(session, game, now)
    phase = shared.phase
    extra: dict[str, Any] = {}
    if catch_up and phase is not None and player is not None:
        extra = _catch_up(session, game, phase, player)
    address = game.gm if player is None else player.address
    stored = game.gm_secret_hash if player is None else player.secret_hash
    seat = "" if player is None else _seat(player)
    context: dict[str, Any] = {  # of the text and of the HTML part
        **_own_game(game, shared, player),
        "game": game, "is_gm": player is None, "seat": seat, "secret": secret,
        "phase": Phase.parse(phase.name).long() if phase else None,
        "deadline": shared.deadline,
        **_gm_examples(game, phase), **extra}
    subject, body = render("welcome.txt.j2", address=address, has_secret=bool(stored),
                           role=None if player is None else player.role, **context)
    key = f"welcome:{game.id}:{address}:{(stored or '-')[-16:]}"
    picture = None
    if phase is not None and not is_queued(session, key):
        picture = shared.picture(None if player is None else player.key)
    # One welcome per person and secret: reloading the file does not send it again.
    html = render_html("welcome.html.j2", subject, picture is not None, text=body, **context)
    queue_mail(session, key=key, kind="welcome", sender=game.judge, recipient=address,
               subject=subject, body=body, now=now, game=game, picture=picture, html=html,
               calendar=shared.calendar.of(player) if shared.calendar else None)


def _own_game(game: Game, shared: Welcomes, player: Player | None) -> dict[str, Any]:
    """The reader's units and the order examples drawn from them and the game's map, as
    HELP has them (service/views/help.py), for the welcome's "how to order"."""
    context = help_context(game.variant, game.settings.options, shared.state, shared.rules,
                           None if player is None else player.key,
                           None if player is None else player.role)
    return {k: context[k] for k in ("ex", "units", "own_units", "data", "now", "viewer")}


def _gm_examples(game: Game, phase: PhaseRow | None) -> dict[str, str]:
    """A power and a phase of this game for the GM's command examples: an Iberian GM
    reads REPLACE CASTILLE, not standard's France."""
    powers = sorted(p.power for p in game.players if p.power)
    return {"example_power": powers[0] if powers else "FRANCE",
            "example_phase": phase.name if phase is not None else "S1901M"}


def _catch_up(session: Session, game: Game, phase: PhaseRow,
              player: Player) -> dict[str, Any]:
    """The position as `player` may see it, and the last results, for his welcome."""
    rules = rules_for(game)
    last = session.scalars(select(PhaseRow).where(
        PhaseRow.game_id == game.id, PhaseRow.processed_at.is_not(None),
        PhaseRow.superseded.is_(False)).order_by(PhaseRow.seq.desc()).limit(1)).first()
    standing = latest_orders(session, phase).get(player.id) if player.id else None
    state = state_of(game, phase, rules)
    return {"board": board_summary(state, rules, player.key),
            "standing": list(standing.lines) if standing else [],
            # What the seat alone knows, as its results' own section has it (the trial of
            # 3 December 2026, third: a Capitalist newcomer was never told his balance).
            "own_lines": rules.private_lines(state, player.key) if player.key else [],
            "last_phase": Phase.parse(last.name).long() if last else None,
            "last_results": ((last.result or {}).get("public_text") or "").strip()
            if last else None}


def _seat(player: Player) -> str:
    if player.power:
        return player.power.title()
    return f"{player.name} ({player.role})" if player.role else str(player.name)


def renew_secret(session: Session, game: Game, player: Player | None, now: datetime) -> None:
    """A new generated secret for `player` (None: the GM), mailed to his address alone:
    NEWPASSWORD by mail, or `gmbot game newpassword`. The old secret, and the reply token
    of every judge mail sent before (keyed with its hash), no longer prove him. Sent as a
    welcome mail is: its text is not kept once it has left (docs/security.md)."""
    secret = new_secret()
    stored = hash_secret(secret, generated=True)
    if player is None:
        game.gm_secret_hash = stored
    else:
        player.secret_hash = stored
    address = game.gm if player is None else player.address
    subject, body = render("new_password.txt.j2", game=game,
                           seat="the game master" if player is None else _seat(player),
                           secret=secret)
    queue_mail(session, key=f"welcome:{game.id}:{address}:{stored[-16:]}", kind="welcome",
               sender=game.judge, recipient=address, subject=subject, body=body, now=now,
               game=game)
