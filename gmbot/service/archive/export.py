"""Use case: a whole game in the gmbot export form (docs/export.md).

Two scopes. `public`, for sharing: every phase as the public results mail showed it, the
positions as the public board shows them (the same redaction point the mails use:
`views/results.py`, through the rules' `redact` and `shown_to` hooks), broadcasts only,
no addresses unless asked for. `full`, the GM's backup or move: the stored positions and
results as they are (a Warlock unit's invisibility, a Capitalist balance), every order
set, all press with its true senders, the addresses and the game file as last loaded:
the events the seats are read from (bot seats and the bot's choices, civil disorder,
takeovers): everything an import needs to continue the game. Neither ever holds a
password, a secret hash or a reply token."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec
from msgspec import to_builtins
from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.engine.report import Row, Shown, read_report
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState, Phase
from gmbot.service.archive.form import FORMAT, VERSION
from gmbot.service.positions import decoded_state
from gmbot.service.runtime import latest_orders_of, map_for, rules_for, state_of
from gmbot.service.seats.events import SEAT_EVENTS
from gmbot.service.views.press_record import visible_press
from gmbot.service.views.results import board_summary, phase_report, results_view
from gmbot.service.views.shown import BoardRow
from gmbot.store.models import Event, Game, PhaseRow, Player
from gmbot.store.press import Press

SCOPES = ("public", "full")
# Options a public file leaves out while the game runs: the seed of a variant's random
# draws would let anyone foresee them.
SECRET_OPTIONS = ("seed",)


def export_game(session: Session, game: Game, now: datetime, *, scope: str = "public",
                addresses: bool = False) -> dict[str, Any]:
    """The game as export data (JSON-ready). `scope`: public or full (full includes the
    addresses); `addresses`: a public file with the players' addresses too."""
    if scope not in SCOPES:
        raise ValueError(f"scope must be one of {SCOPES}")
    full = scope == "full"
    rules = rules_for(game)
    rows = [p for p in game.phases if full or not p.superseded]
    players = list(game.players)
    index = {p.id: n for n, p in enumerate(players)}
    sets = latest_orders_of(session, rows) if full else {}
    phases = []
    centres: dict[str, dict[str, int]] = {}
    for row in rows:
        before = state_of(game, row, rules)
        after = (decoded_state(row.result["position"], map_for(rules))
                 if row.result else None)
        entry = (_full_phase(row, before, after, rules, sets.get(row.id, {}), index) if full
                 else _public_phase(row, before, after, rules))
        phases.append(entry)
        if after is not None and not row.superseded:
            # The last phase of a year leaves its centres (public knowledge in every variant).
            centres[str(Phase.parse(row.name).year)] = _centre_counts(after, rules)
    return {
        "format": FORMAT, "version": VERSION, "scope": scope, "exported_at": _at(now),
        "game": _game(game, full),
        "players": [_player(game, p, full, addresses or full) for p in players],
        "phases": phases, "centres": centres,
        "press": _press(session, game, full, index),
        **({"events": _seat_events(session, game)} if full else {}),
    }


def _game(game: Game, full: bool) -> dict[str, Any]:
    settings: dict[str, Any] = msgspec.to_builtins(game.settings)
    if not full:  # no address leaves in a public file, nor the seed of a running game
        settings.pop("observers")
        settings.pop("standby")
        if settings["signup"] is not None:
            settings["signup"] = {k: v for k, v in settings["signup"].items()
                                  if k != "reserved"}
        if game.status != "finished":
            settings["options"] = {k: v for k, v in settings["options"].items()
                                   if k not in SECRET_OPTIONS}
    out: dict[str, Any] = {"name": game.name, "title": game.title, "variant": game.variant,
                           "status": game.status, **settings}
    if full:
        out.update(gm=game.gm, judge=game.judge, source=game.source)
    return out


def _player(game: Game, player: Player, full: bool, addresses: bool) -> dict[str, Any]:
    # A display name is public only where the game makes it so; a role player's name is
    # his seat (the engine knows him by it).
    # An anonymous game names nobody, whatever its press rules say.
    shown = full or bool(player.role) or (game.settings.press.display_names
                                          and not game.settings.anonymous)
    out: dict[str, Any] = {"power": player.power, "role": player.role,
                           "name": player.name if shown else None, "active": player.active}
    if addresses:
        out["address"] = player.address
    if full and player.mail_prefs:
        out["mail"] = player.mail_prefs
    return out


def _dislodged(dislodged: dict[str, Shown]) -> dict[str, Any]:
    """The dislodged units as the export has always written them: the map's note is the
    label's own words again, so it is left out."""
    out = to_builtins(dislodged)
    for unit in out.values():
        unit.pop("note", None)
    return dict(out)


def _public_phase(row: PhaseRow, before: GameState, after: GameState | None,
                  rules: StandardRules) -> dict[str, Any]:
    orders = result = None
    if row.result is not None and after is not None:
        view = results_view(rules, before, after, read_report(row.result), None).public
        orders = _rows(view.orders)
        result = {
            "next_phase": view.next_phase, "dislodged": _dislodged(view.dislodged),
            "centre_changes": to_builtins(view.centre_changes), "notes": view.notes,
            "winner": view.winner, "eliminated": view.eliminated,
            "position": _board(view.board), "marks": view.marks,
            "text": row.result.get("public_text"),
        }
    return {"seq": row.seq, "name": row.name, "opened_at": _at(row.opened_at),
            "deadline_at": _at(row.deadline_at), "processed_at": _at(row.processed_at),
            "position": _board(board_summary(before, rules, None)), "orders": orders,
            "result": result}


def _full_phase(row: PhaseRow, before: GameState, after: GameState | None,
                rules: StandardRules, sets: dict[int, Any],
                index: dict[int, int]) -> dict[str, Any]:
    orders = None
    if row.result is not None and after is not None:
        report = phase_report(before, after, read_report(row.result), rules)
        orders = _rows(report.orders)
    order_sets = [{"player": index[player_id], "lines": list(s.lines),
                   "errors": [list(e) for e in s.errors], "hold": s.hold}
                  for player_id, s in sorted(sets.items(), key=lambda kv: index[kv[0]])]
    return {"seq": row.seq, "name": row.name, "opened_at": _at(row.opened_at),
            "deadline_at": _at(row.deadline_at), "processed_at": _at(row.processed_at),
            "position": row.state, "orders": orders, "result": row.result,
            "superseded": row.superseded, "order_sets": order_sets,
            "reminders_sent": list(row.reminders_sent or []),
            "paused_remaining": row.paused_remaining}


def _rows(orders: dict[str, list[Row]]) -> dict[str, list[dict[str, Any]]]:
    """The results' rows as the export writes them: without the picture's strokes, which
    the stored report gives again, nor the facts' key (a view's rows have none)."""
    return {p: [{k: v for k, v in to_builtins(r).items() if k not in ("steps", "key")}
                for r in rows]
            for p, rows in orders.items()}


def _board(rows: list[BoardRow]) -> dict[str, dict[str, Any]]:
    """The public board, per owner: units as the results show them, centres, and the
    home centres where the results list them."""
    out = {}
    for r in rows:
        entry: dict[str, Any] = {"units": r.units, "centres": r.centres}
        if r.homes is not None:
            entry["homes"] = r.homes
        out[r.power] = entry
    return out


def _centre_counts(state: GameState, rules: StandardRules) -> dict[str, int]:
    return {r.power: len(r.centres) for r in board_summary(state, rules, None)
            if r.centres}


def _press(session: Session, game: Game, full: bool,
           index: dict[int, int]) -> list[dict[str, Any]]:
    """Full: every press message with its true sender. Public: the broadcasts, the game's
    public record, signed as their readers saw them (grey ones unsigned)."""
    if full:  # every message, private press between players too
        messages = list(session.scalars(select(Press).where(Press.game_id == game.id)
                                        .order_by(Press.id)))
    else:  # the record press_record.py calls public
        messages = [p for p in visible_press(session, game, None) if p.broadcast]
    position = {p.id: n for n, p in enumerate(messages)}
    out = []
    for p in messages:
        entry: dict[str, Any] = {
            "phase": p.phase, "broadcast": p.broadcast, "grey": p.grey,
            "signed_as": p.signed_as, "text": p.text, "created_at": _at(p.created_at),
            "reply_to": position.get(p.reply_to_id) if p.reply_to_id else None,
        }
        if full:
            entry.update(sender=index.get(p.sender_id) if p.sender_id else None,
                         sender_key=p.sender_key, recipients=list(p.recipients or []))
        out.append(entry)
    return out


def _seat_events(session: Session, game: Game) -> list[dict[str, Any]]:
    """Full: the events the seats are read from (bots, civil disorder, takeovers), oldest
    first, so that an imported game's seats are the original's."""
    return [{"kind": e.kind, "at": _at(e.at), "data": e.data} for e in session.scalars(
        select(Event).where(Event.game_id == game.id, Event.kind.in_(SEAT_EVENTS))
        .order_by(Event.id))]


def _at(when: datetime | None) -> str | None:
    return when.isoformat() if when else None
