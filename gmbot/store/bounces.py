"""The bounces that came back for the judge's mail, and each address's bounce score
(gmbot/service/inbound/bounced.py records them, gmbot/service/outbox/bounces.py scores)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Float, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from gmbot.store.base import Base
from gmbot.store.outbox import Outbound


class Bounce(Base):
    """A bounce that came back to the return path of a mail the judge sent
    (gmbot/mail/outgoing/verp.py): one per mail at most, so a bounce sent again counts
    once."""

    __tablename__ = "bounces"
    __table_args__ = (Index("ix_bounces_address", "address", "received_at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    outbound_id: Mapped[int] = mapped_column(ForeignKey(Outbound.id), unique=True)
    address: Mapped[str] = mapped_column(String(320))  # the recipient, lower-cased
    kind: Mapped[str] = mapped_column(String(8))  # hard | soft
    status: Mapped[str] = mapped_column(String(16))  # the enhanced code, "" if none
    diagnostic: Mapped[str] = mapped_column(String(200))
    received_at: Mapped[datetime]


class BounceScore(Base):
    """An address's bounce score, as GNU Mailman 3 keeps a member's
    (gmbot/service/outbox/bounces.py); `bouncing_since`: when it reached the threshold."""

    __tablename__ = "bounce_scores"
    address: Mapped[str] = mapped_column(String(320), primary_key=True)
    score: Mapped[float] = mapped_column(Float)
    last_bounce_at: Mapped[datetime]
    bouncing_since: Mapped[datetime | None]
