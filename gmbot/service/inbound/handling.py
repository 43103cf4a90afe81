"""One mail on its way through the inbound flow: the Handling the gates pass along (the
mail, its record, who it proves to be from, and what the gates learn of it: its game and
seat), the Outcome that ends it, and the writing of its record."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

import msgspec
from sqlalchemy import insert, update
from sqlalchemy.orm import Session

from gmbot.mail.auth import Evidence
from gmbot.mail.message import InboundMail
from gmbot.service.app import App
from gmbot.service.batch_rows import kept_rows
from gmbot.service.inbound.commands.parse import parse_request
from gmbot.service.inbound.commands.request import Request
from gmbot.service.inbound.lookups import Lookups, Route
from gmbot.store.models import Game, Inbound, Player


@dataclass
class Outcome:
    status: str  # handled | refused | ignored | duplicate | failed
    reason: str = ""
    game: str | None = None
    replies: list[str] = field(default_factory=list)
    parked: str | None = None  # the game was parked while reading it: the operator's line


def duplicate() -> Outcome:
    return Outcome("duplicate", "this message was handled before")


@dataclass
class Handling:
    """A mail in its transaction, as the gates (gates.py) see it and fill it in."""

    app: App
    s: Session
    mail: InboundMail
    record: Inbound  # its Inbound row, written once it is routed (write_record)
    evidence: Evidence  # who wrote it, examined before the transaction (evidence.py)
    lookups: Lookups  # the store's answers, per mail or read ahead for a batch
    game: Game | None = None  # set by routing: the game it is for
    player: Player | None = None  # the sender's seat in it; None for its GM
    unrouted: str = ""  # why no game was found, if none was
    known: Route | None = None  # set by routing: the sender's seats and games
    seats: list[tuple[Game, Player | None]] | None = None  # all he holds (proof.seats)
    proof: str | None = None  # set by authentication: how the author proved himself
    wrong_password: bool = False  # set by authentication: a PASSWORD line checked, wrong
    password_unchecked: bool = False  # ...not checked: its seat had too many wrong ones
    # The game was parked while this mail was read (record.py reads it again): even its
    # GM's mail is answered with the notice, as his commands need the position.
    parked_now: bool = False

    @cached_property
    def request(self) -> Request:
        """The mail's lines read: game, password, commands, orders, press. Read when a gate
        first needs it, so that mail ended before costs no parsing."""
        return parse_request(self.mail.lines, self.mail.subject)


class RecordRow(msgspec.Struct):
    """An Inbound row kept to be written with the batch's others (service/batch_rows.py)."""

    id: int
    message_id: str | None
    sender: str
    subject: str
    received_at: datetime
    size: int
    status: str
    reason: str | None
    game_id: int | None
    raw: bytes | None
    signature: str | None


def write_record(s: Session, record: Inbound) -> None:
    """Write the mail's Inbound row now. The session's own (single mail): flushed. A
    batch's, which the session does not hold: one INSERT, its id set on the object; or,
    in a batch whose rows are written together, kept with them and given its id."""
    if record in s:
        s.flush()
        return
    values = {c.key: getattr(record, c.key) for c in _RECORD_COLUMNS}
    rows = kept_rows(s)
    if rows is not None:
        record.id = rows.record_id()
        rows.keep(_INSERT_KEPT, RecordRow(id=record.id, **values))
        return
    record.id = s.execute(_INSERT_RECORD, values).scalar_one()


def rewrite_record(s: Session, record: Inbound, status: str, reason: str | None,
                   raw: bytes | None) -> None:
    """The written record's outcome, if it changed since it was written."""
    rows = kept_rows(s)
    kept = rows.rows.get(_INSERT_KEPT, []) if rows is not None else []
    row = next((r for r in reversed(kept)
                if isinstance(r, RecordRow) and r.id == record.id), None)
    if row is not None:  # not written yet: only its row changes
        row.status, row.reason, row.raw = status, reason, raw
        return
    s.execute(update(Inbound).where(Inbound.id == record.id)
              .values(status=status, reason=reason, raw=raw))


_RECORD_COLUMNS = [c for c in Inbound.__table__.columns if c.key != "id"]
# Built once: building a statement (and its cache key) costs more than running this one.
_INSERT_RECORD = insert(Inbound.__table__).returning(Inbound.__table__.c.id)  # Core, not ORM bulk
_INSERT_KEPT = insert(Inbound.__table__)  # its id given
