"""Processing a due phase: adjudicate it, open the next phase, mail the results
(results.py), store the result, then what follows it (the game's end, or the missed-orders
policy and the standing votes).

Processing is one transaction: the result, the next phase and every results mail are
written together, so a crash leaves either all of it or none; outbox keys make a re-run
harmless and results are never queued twice."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime

from sqlalchemy.exc import DBAPIError

from gmbot.engine.adjudicate import adjudicate
from gmbot.engine.position import state_to_dict
from gmbot.engine.record import report_of
from gmbot.engine.report import encode_report
from gmbot.engine.state import GameState
from gmbot.gamefile.settings.deadlines import deadline_for
from gmbot.service.app import App
from gmbot.service.deadline.absences import honour
from gmbot.service.deadline.ballot import settle
from gmbot.service.deadline.context import Adjudicated, PhaseContext
from gmbot.service.deadline.due import why_due
from gmbot.service.deadline.gameover import end_game
from gmbot.service.deadline.parking import GameParked, park_game
from gmbot.service.deadline.results import PublicResults, mail_results
from gmbot.service.locks import locked_game
from gmbot.service.outbox.bounces import undeliverable
from gmbot.service.runtime import StoredPositionError, current_phase, log_event, rules_for
from gmbot.service.seats.bot_orders import play
from gmbot.service.seats.bot_seats import bot_keys, fill_seats
from gmbot.service.seats.disorder import after_phase, in_disorder
from gmbot.service.seats.streak import DISORDER, ORDERED
from gmbot.store.models import PhaseRow

log = logging.getLogger("gmbot")


def process_game(app: App, game_id: int, force: bool = False) -> str | None:
    """Adjudicate the game's open phase if it is due (or `force`). Returns a summary.
    A phase that cannot be processed (an error of the engine or of the stored position)
    parks its game and raises GameParked: the other games go on."""
    now = app.now()
    where = "its open phase"
    try:
        with app.db.transaction() as s:
            # Locked against a second daemon on PostgreSQL (SQLite serialises writers
            # anyway): one game per transaction, so no lock order to keep.
            game = locked_game(s, game_id)
            if game is None:
                return None
            phase = current_phase(s, game)
            if phase is None:
                return None
            at = PhaseContext(s, game, phase)
            reason = "forced" if force else why_due(at, now)
            if not reason:
                return None  # someone else processed it, or it is no longer due
            where = phase.name
            return _process(app, at, reason, now)
    except DBAPIError:
        raise  # the database's trouble, not the game's: the next run tries again
    except StoredPositionError as e:
        why = str(e)
    except Exception as e:  # noqa: BLE001 - the engine failed on this game's phase
        log.exception("processing game %s failed", game_id)
        why = f"processing {where} failed: {type(e).__name__}: {e}"
    line = park_game(app, game_id, why)
    raise GameParked(line or why)


def _process(app: App, at: PhaseContext, reason: str, now: datetime) -> str:
    fill_seats(at.session, at.game, now)  # a seat that has waited long enough
    done = _adjudicate(at, reason, now)
    if done.nmr and app.config.bounces is not None:
        missed = [p for p in at.players if p.key in done.nmr]
        bouncing = undeliverable(at.session, app.config.bounces,
                                 [p.address for p in missed], now)
        done = replace(done, undeliverable=tuple(p.key for p in missed
                                                 if p.address.lower() in bouncing))
    next_row = None if done.finished else _open_next(at, done, now)
    public = mail_results(app.config, at, done, next_row, now)
    _store(at, done, public, now)
    if done.finished:
        at.session.flush()  # the final position is read back for the year-by-year summary
        end_game(at.session, at.game, now, phase=public.view.public.phase_long,
                 winner=done.outcome.winner, board=public.view.public.board)
    else:  # the game's missed-orders policy, after the results (gmbot/gamefile/settings/nmr.py)
        after_phase(at.session, at.game, at.phase, done.nmr, now, app.config.standby,
                    undeliverable=done.undeliverable)
        if next_row is not None:
            # A power eliminated in this phase no longer votes: the others may now agree.
            at.session.flush()
            settle(at.session, at.game, next_row, done.after, at.rules, now)
            _bots_next(at, next_row, done.after, now)
    return f"{at.game.name}: {at.phase.name} processed ({reason}); next {done.after.phase}"


def _adjudicate(at: PhaseContext, reason: str, now: datetime) -> Adjudicated:
    # The bots' orders first (gmbot/service/seats/bot_orders.py): those still missing
    # are chosen now, at the deadline.
    bots = play(at.session, at.game, at.phase, at.state, at.rules,
                bot_keys(at.session, at.game, at.state), now)
    sets = at.sets
    orders = {p.key: list(sets[p.id].lines) for p in at.players if p.id in sets}
    orders.update(bots)
    # No orders: nothing sent, only CLEAR, or only refused lines; their units hold.
    duty = [p for p in at.players if at.has_duty(p)]
    nmr = [p.key for p in duty if not (p.id in sets and sets[p.id].lines)]
    # Open seats (gmbot/service/seats): their powers are adjudicated without orders.
    disorder = [k for k in in_disorder(at.game, at.state, at.rules) if k not in bots]
    outcome = adjudicate(at.state, at.rules, orders)
    return Adjudicated(outcome=outcome, report=report_of(outcome), nmr=nmr,
                       ordered=[p.key for p in duty if p.key not in nmr],
                       disorder=disorder, reason=reason)


def _bots_next(at: PhaseContext, row: PhaseRow, state: GameState, now: datetime) -> None:
    """The new phase's bot seats: the file's rule applied (smart civil disorder for a
    seat the missed-orders policy just opened), then each bot's orders chosen, so that
    they stand from the phase's start."""
    if at.game.status == "finished":
        return  # ended by the standing votes
    at.session.flush()
    fill_seats(at.session, at.game, now)
    play(at.session, at.game, row, state, rules_for(at.game),
         bot_keys(at.session, at.game, state), now)


def _open_next(at: PhaseContext, done: Adjudicated, now: datetime) -> PhaseRow:
    name = str(done.after.phase)
    row = PhaseRow(game_id=at.game.id, seq=at.phase.seq + 1, name=name,
                   state=state_to_dict(done.after), opened_at=now,
                   deadline_at=deadline_for(at.policy, name[-1], now),
                   processed_at=None, result=None)
    at.session.add(row)
    honour(at.session, at.game, row, now)  # a deadline in a player's absence moves past it
    return row


def _store(at: PhaseContext, done: Adjudicated, public: PublicResults,
           now: datetime) -> None:
    """The result on the phase row, and the events the GM's log shows."""
    s, game, phase, report = at.session, at.game, at.phase, done.report
    phase.result = {**encode_report(report), "public_text": public.text,
                    "nmr": done.nmr, "reason": done.reason, ORDERED: done.ordered,
                    DISORDER: done.disorder,
                    **({"undeliverable": list(done.undeliverable)} if done.undeliverable
                       else {})}
    phase.processed_at = now
    log_event(s, game, "phase_processed", now, phase=phase.name, reason=done.reason,
              next=str(done.after.phase), winner=done.outcome.winner, nmr=done.nmr,
              disorder=done.disorder)
    if report.random_notes:
        # What the seeded draws gave, so the GM can see a re-run would give the same.
        log_event(s, game, "random_draws", now, phase=phase.name,
                  seed=at.rules.options.get("seed", 0), draws=report.random_notes)
