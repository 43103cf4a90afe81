"""The end of a game: the "game is over" mail with the final summary (a year-by-year
table of supply centres), sent to every player and the GM when a solo or a draw ends the
game, and the same summary as the answer to players' later mails."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import msgspec
from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.engine.state import Phase
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render, render_html
from gmbot.service.runtime import active_players, log_event
from gmbot.service.views.calendar_entry import cancellation
from gmbot.service.views.pictures import phase_picture
from gmbot.service.views.record import Ending, seat_history
from gmbot.service.views.shown import BoardRow
from gmbot.store.models import Event, Game, PhaseRow


class YearCentres(msgspec.Struct, frozen=True):
    """Each owner's supply centres at the end of `year` (most first); `last`: the year the
    game ended (or is in)."""
    year: int
    counts: list[tuple[str, int]]
    last: bool


def centre_history(session: Session, game: Game) -> list[YearCentres]:
    """Per year, each owner's supply centres at its end.
    A year ends with the first position of a later year (or the game's final one)."""
    rows = session.scalars(
        select(PhaseRow).where(PhaseRow.game_id == game.id, PhaseRow.superseded.is_(False))
        .order_by(PhaseRow.seq)
    ).all()
    return history_of(rows)


def history_of(rows: Sequence[PhaseRow]) -> list[YearCentres]:
    """centre_history of the game's phase rows (in order, none superseded), already read."""
    if not rows:
        return []
    positions: list[tuple[int, dict[str, Any]]] = [
        (Phase.parse(r.name).year, r.state) for r in rows]
    years = range(positions[0][0], positions[-1][0] + 1)  # the years the game was played
    last = rows[-1]
    if last.result and last.result.get("position"):
        # A game ended by a solo has no next phase: its final position is in the result.
        final = last.result["position"]
        positions.append((Phase.parse(str(final["phase"])).year, final))
    out = []
    for year in years:
        later = next((p for y, p in positions if y > year), None)
        end = later if later is not None else positions[-1][1]
        counts = sorted(((power, len(centres))
                         for power, centres in (end.get("centers") or {}).items() if centres),
                        key=lambda pc: (-pc[1], pc[0]))
        # The game's last year ends with the game: its counts are the final ones.
        out.append(YearCentres(year, counts, later is None))
    return out


def game_over_mail(session: Session, game: Game) -> tuple[str, str] | None:
    """The subject and body of the game's game-over mail as a player reads it, from how it
    ended as logged (None if the game has not ended)."""
    context = _ending(session, game)
    return None if context is None else render("game_over.txt.j2", **context,
                                               addresses=players_see(game))


def players_see(game: Game) -> bool:
    """Whether the players see each other's addresses (the file's opt-in; never in an
    anonymous game). Observers see what the public does: none; the GM all."""
    return bool(game.settings.players_see_addresses and not game.settings.anonymous)


def _ending(session: Session, game: Game) -> dict[str, Any] | None:
    """What the game-over mail says: how the game ended as logged, the centres by year."""
    ending = session.scalars(
        select(Event.data).where(Event.game_id == game.id, Event.kind == "game_over")
        .order_by(Event.id.desc()).limit(1)
    ).first()
    if ending is None or game.status != "finished":
        return None
    # Who played whom, revealed at the end unless the game keeps its players anonymous.
    seats = [] if game.settings.anonymous else seat_history(session, game)
    told = msgspec.convert(ending, Ending)
    return {"game": game, "history": centre_history(session, game),
            "debrief": game.settings.press.ended_allows(), "seats": seats,
            **{f: getattr(told, f) for f in told.__struct_fields__}}


def _final_picture(session: Session, game: Game) -> bytes | None:
    """The map of the game's last phase, as the public saw it: the final position."""
    last = _last_phase(session, game)
    return None if last is None else phase_picture(session, game, last.name, None)


def _last_phase(session: Session, game: Game) -> PhaseRow | None:
    return session.scalars(
        select(PhaseRow).where(PhaseRow.game_id == game.id, PhaseRow.superseded.is_(False))
        .order_by(PhaseRow.seq.desc()).limit(1)).first()


def end_game(session: Session, game: Game, now: datetime, *, phase: str,
             winner: str | None = None, survivors: list[str] | None = None,
             lines: list[str] | None = None, board: list[BoardRow] | None = None,
             how: str = "board", named: bool = False) -> None:
    """Record how the game ended and mail the summary, with the final map, to every
    player and the GM. `phase`: the long name of the last phase; a solo `winner`, or the
    `survivors` who share a draw; `lines`: what the variant adds; `board`: the final
    board summary; `how`: "board" (a solo), "gm" (the GM's draw), "vote" (a voted draw),
    "concession" (to `winner`) or "cancelled"; `named`: a draw of some survivors."""
    game.status = "finished"
    event = log_event(session, game, "game_over", now, phase=phase, winner=winner,
                      survivors=survivors or [], lines=lines or [],
                      board=msgspec.to_builtins(board or []),
                      how=how, named=named)
    context = _ending(session, game)
    assert context is not None
    session.flush()
    picture = _final_picture(session, game)
    # The last phase's deadline leaves the readers' calendars with the game.
    withdrawn = cancellation(game, _last_phase(session, game), now, "the game is over")
    # Observers too: the summary is public; what it shows of the players depends on who
    # reads it (players_see).
    seats = {p.address: p for p in active_players(game)}
    audiences = [([p.address for p in active_players(game)], players_see(game)),
                 ([game.gm], True), (list(game.settings.observers), False)]
    texts: dict[bool, tuple[str, str, str]] = {}
    for addresses, shown in audiences:
        if shown not in texts:
            subject, body = render("game_over.txt.j2", **context, addresses=shown)
            html = render_html("game_over.html.j2", subject, has_map=picture is not None,
                               **context, addresses=shown)
            texts[shown] = (subject, body, html)
        subject, body, html = texts[shown]
        for address in addresses:
            queue_mail(session, key=f"over:{event}:{address}", kind="results",
                       sender=game.judge, recipient=address, subject=subject, body=body,
                       now=now, game=game, picture=picture, html=html,
                       calendar=withdrawn.of(seats.get(address)) if withdrawn else None)
