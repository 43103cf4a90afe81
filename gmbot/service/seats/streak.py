"""How many phases in a row a seat's player has sent no orders: the phases he had
something to order in, newest first, back to the first he ordered in, the phase his seat
was last in civil disorder (a new player took it over), or the moment he took the seat
(the GM's REPLACE, a TAKEOVER) or it was last opened. Phases with nothing to order (a
retreat without dislodged units, a winter without builds) neither count nor break the
run."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from gmbot.engine.pending import has_duty
from gmbot.service.runtime import rules_for, state_of
from gmbot.service.seats.heir import SEAT_OPENED
from gmbot.store.models import Event, Game, PhaseRow

# Events after which a seat has a new player, or will have: his run starts afresh. The
# GM's REPLACE, a takeover of an open seat, and the opening itself (a standby who takes
# the seat over within the phase it opened in must not inherit his predecessor's run).
SEATED = ("player_replaced", "seat_taken", SEAT_OPENED)
NMR, ORDERED, DISORDER = "nmr", "ordered", "disorder"  # lists of keys in PhaseRow.result


def missed_in_a_row(session: Session, game: Game, key: str) -> int:
    since = _seated_since(session, game, key)
    rows = session.scalars(
        select(PhaseRow).where(PhaseRow.game_id == game.id, PhaseRow.processed_at.is_not(None),
                               PhaseRow.superseded.is_(False))
        .order_by(PhaseRow.seq.desc()))
    rules = None
    count = 0
    for row in rows:
        if since is not None and row.processed_at is not None and row.processed_at <= since:
            break
        result = row.result or {}
        if key in result.get(NMR, ()):
            count += 1
        elif key in result.get(DISORDER, ()):
            break
        elif ORDERED in result:
            if key in result[ORDERED]:
                break
        else:  # processed before results kept who ordered: had he anything to order?
            rules = rules or rules_for(game)
            if has_duty(state_of(game, row, rules), rules, key):
                break
    return count


def _seated_since(session: Session, game: Game, key: str) -> datetime | None:
    events = session.scalars(select(Event).where(Event.game_id == game.id,
                                                 Event.kind.in_(SEATED)))
    times = [e.at for e in events if (e.data or {}).get("who") == key
             or (e.data or {}).get("power") == key]
    return max(times, default=None)
