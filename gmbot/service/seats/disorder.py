"""The missed-orders policy at work (gmbot/gamefile/settings/nmr.py), in the transaction that
processes a phase: a player whose run of phases without orders reaches the policy's
`after` goes into civil disorder (his seat opened, opening.py), or, by `tell_gm`, the GM
is told once. And which seats the phase adjudicated in civil disorder."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy.orm import Session

from gmbot.engine.pending import has_duty
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState
from gmbot.gamefile.settings.nmr import HOLD
from gmbot.service.outbox.queue import queue_mail
from gmbot.service.outbox.render import render
from gmbot.service.runtime import active_players, log_event
from gmbot.service.seats.opening import MISSED, open_seat
from gmbot.service.seats.rules import nmr_policy
from gmbot.service.seats.streak import missed_in_a_row
from gmbot.store.models import Game, PhaseRow


def open_keys(game: Game) -> list[str]:
    """The seats opened in the game (a former player's, none active), in seat order."""
    held = {p.key for p in game.players if p.active}
    return list(dict.fromkeys(p.key for p in game.players if not p.active
                              and p.key not in held))


def in_disorder(game: Game, state: GameState, rules: StandardRules) -> list[str]:
    """The open seats with something to order in `state`: adjudicated without orders."""
    return [key for key in open_keys(game) if has_duty(state, rules, key)]


def after_phase(session: Session, game: Game, phase: PhaseRow, nmr: Iterable[str],
                now: datetime, home_standby: Iterable[str] = (),
                undeliverable: Iterable[str] = ()) -> list[str]:
    """Apply the policy to the players who sent no orders for `phase` (just processed,
    its result stored); returns a line per seat opened or GM told. `undeliverable`: those
    whose mail bounces, so the GM's notice says so."""
    policy = nmr_policy(session, game)
    if policy.then == HOLD:
        return []
    lines = []
    players = {p.key: p for p in active_players(game)}
    for key in nmr:
        player = players.get(key)
        if player is None:
            continue
        missed = missed_in_a_row(session, game, key)
        if missed < policy.after:
            continue
        if policy.opens_seats:
            lines.append(open_seat(session, game, player, MISSED, now, home_standby,
                                   missed=missed))
        elif missed == policy.after:  # tell_gm: once, when the run reaches it
            event = log_event(session, game, "nmr_reported", now, power=key, missed=missed,
                              phase=phase.name)
            subject, body = render("gm_nmr_warning.txt.j2", game=game, who=key,
                                   address=player.address, missed=missed,
                                   policy=policy.describe(),
                                   undeliverable=key in set(undeliverable))
            queue_mail(session, key=f"seat:{event}:gm:{game.gm}", kind="gm",
                       sender=game.judge, recipient=game.gm, subject=subject, body=body,
                       now=now, game=game)
            lines.append(f"the GM was told: {key} sent no orders for {missed} "
                         f"{'phase' if missed == 1 else 'phases'}")
    return lines
