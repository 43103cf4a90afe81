"""Recreating a game from a full export, inside the caller's transaction: the game's
settings, its players (each given a new secret: none ever leaves a home), every phase
with its position and result, the order sets that stand, the press record and the
seats' events (the bot's seats and choices, civil disorder, takeovers). The open
phase keeps its deadline, so the next tick processes it as the original judge would have,
and gives the same results: the positions, orders and variant state are the stored ones.
Everyone seated is welcomed again (his new password, the judge's address)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.engine.map import GameMap
from gmbot.engine.position import state_from_dict
from gmbot.engine.report import current_form
from gmbot.gamefile.schema import NAME_RE
from gmbot.service.archive.checks import check_file
from gmbot.service.archive.form import ExportFile, FormError
from gmbot.service.gm.credentials import settle_secret, welcome
from gmbot.service.runtime import log_event, map_for
from gmbot.service.settings import keep_settings
from gmbot.store.models import Game, OrderSet, PhaseRow, Player
from gmbot.store.press import Press
from gmbot.variants import VariantError, make_rules


def restore(session: Session, form: ExportFile, name: str, now: datetime) -> Game:
    """The game `form` describes, created as `name`; FormError (one line naming the
    field) when the file cannot make a game here."""
    _check(session, form, name)
    info = form.game
    game = Game(name=name, title=info.title, variant=info.variant,
                gm=str(info.gm), judge=str(info.judge), source=info.source or "",
                status=info.status, created_at=now)
    game.gm_secret_hash, gm_secret = settle_secret(None, None, True, info.auth)
    session.add(game)
    session.flush()
    keep_settings(game, info.settings())
    players: list[Player] = []
    secrets: list[str | None] = []
    for p in form.players:
        row = Player(game_id=game.id, address=str(p.address).lower(), power=p.power,
                     role=p.role, name=p.name, active=p.active, mail_prefs=p.mail)
        row.secret_hash, secret = (settle_secret(None, None, True, info.auth) if p.active
                                   else (None, None))
        game.players.append(row)
        players.append(row)
        secrets.append(secret)
    session.flush()
    for n, ph in enumerate(form.phases):
        phase = PhaseRow(game_id=game.id, seq=ph.seq, name=ph.name, state=ph.position,
                         opened_at=_when(ph.opened_at, f"phases[{n}].opened_at"),
                         deadline_at=_when(ph.deadline_at, f"phases[{n}].deadline_at"),
                         processed_at=_when(ph.processed_at, f"phases[{n}].processed_at"),
                         result=ph.result and current_form(ph.result), superseded=ph.superseded,
                         reminders_sent=list(ph.reminders_sent or []),
                         paused_remaining=ph.paused_remaining)
        session.add(phase)
        session.flush()
        for s in ph.order_sets or ():
            session.add(OrderSet(phase_id=phase.id, player_id=players[s.player].id, version=1,
                                 lines=s.lines, errors=s.errors, message_id=None,
                                 created_at=now, hold=s.hold))
    made: list[Press] = []
    for n, pr in enumerate(form.press):
        sender = players[pr.sender] if pr.sender is not None else None
        row_press = Press(game_id=game.id, phase=pr.phase,
                          sender_id=sender.id if sender else None,
                          sender_key=pr.sender_key or "GM", broadcast=pr.broadcast,
                          grey=pr.grey, signed_as=pr.signed_as,
                          recipients=list(pr.recipients or []), text=pr.text,
                          reply_to_id=made[pr.reply_to].id if pr.reply_to is not None
                          else None,
                          created_at=_when(pr.created_at, f"press[{n}].created_at"))
        session.add(row_press)
        session.flush()
        made.append(row_press)
    for n, event in enumerate(form.events):  # the seats' record, in its order
        log_event(session, game, event.kind, _when(event.at, f"events[{n}].at"), **event.data)
    if game.status != "finished":
        welcome(session, game, None, now, gm_secret)
        for seat, secret in zip(players, secrets, strict=True):
            if seat.active:
                welcome(session, game, seat, now, secret)
    log_event(session, game, "game_imported", now, original=info.name,
              phases=len(form.phases))
    return game


def _check(session: Session, form: ExportFile, name: str) -> None:
    if form.scope != "full":
        raise FormError("scope: this is a public export, which leaves out what continuing "
                        "the game needs (addresses, hidden units, order sets); import a file "
                        "written with `gmbot game export NAME --full`")
    if not NAME_RE.fullmatch(name) or len(name) > 64:
        raise FormError(f"name: {name!r} is no game name (lower-case letters, digits and "
                        "dashes)")
    if session.scalars(select(Game.id).where(Game.name == name)).first() is not None:
        raise FormError(f"game.name: a game named {name!r} exists already in this home "
                        "(import it with --name NEW)")
    info = form.game
    try:
        rules = make_rules(info.variant, info.options)
    except VariantError as e:
        raise FormError(f"game.variant: {e}") from None
    gmap = map_for(rules)
    check_file(form, gmap)
    _check_contents(form, gmap)


def _check_contents(form: ExportFile, gmap: GameMap) -> None:
    """The positions readable on the variant's map, and every index naming something."""
    for n, ph in enumerate(form.phases):
        _position(ph.position, gmap, f"phases[{n}].position")
        if ph.result is not None and isinstance(ph.result.get("position"), dict):
            _position(ph.result["position"], gmap, f"phases[{n}].result.position")
        for k, s in enumerate(ph.order_sets or ()):
            if not 0 <= s.player < len(form.players):
                raise FormError(f"phases[{n}].order_sets[{k}].player: no player {s.player}")
    for n, pr in enumerate(form.press):
        if pr.sender is not None and not 0 <= pr.sender < len(form.players):
            raise FormError(f"press[{n}].sender: no player {pr.sender}")
        if pr.reply_to is not None and not 0 <= pr.reply_to < n:
            raise FormError(f"press[{n}].reply_to: no earlier message {pr.reply_to}")


def _position(data: Any, gmap: GameMap, path: str) -> None:
    if not isinstance(data, dict):
        raise FormError(f"{path}: expected a position (an object)")
    try:
        state_from_dict(data, gmap)
    except Exception as e:  # noqa: BLE001 - any error of the data, named as the field's
        raise FormError(f"{path}: {' '.join(str(e).split()) or type(e).__name__}") from None


def _when(text: str | None, path: str) -> Any:
    if text is None:
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise FormError(f"{path}: {text!r} is no ISO date and time") from None
    if when.tzinfo is None:
        raise FormError(f"{path}: {text!r} has no time zone")
    return when
