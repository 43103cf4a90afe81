"""The outbox's tables: every mail gmbot sends, queued in the transaction that caused it
(gmbot/service/outbox/), and the map pictures its unsent mails show."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from gmbot.store.base import Base
from gmbot.store.models import Game


class Outbound(Base):
    """The outbox: every mail gmbot sends is queued here in the transaction that caused it."""

    __tablename__ = "outbound"
    __table_args__ = (
        Index("ix_outbound_status", "status", "next_attempt_at"),
        # The recent notices of a kind (rate notices, refusals to strangers): inbound/lookups.py.
        Index("ix_outbound_kind_created", "kind", "created_at"),
        # "one notice an hour to this address": looked up per refused mail
        Index("ix_outbound_recipient_kind", "recipient", "kind", "created_at"),
        # "is this picture still wanted": looked up as mails are marked sent
        Index("ix_outbound_picture_key", "picture_key"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(300), unique=True)  # never queue one mail twice
    game_id: Mapped[int | None] = mapped_column(ForeignKey(Game.id))
    kind: Mapped[str] = mapped_column(String(32))
    sender: Mapped[str] = mapped_column(String(320))
    recipient: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str] = mapped_column(String(998))
    body: Mapped[str] = mapped_column(Text)
    message_id: Mapped[str] = mapped_column(String(998))
    in_reply_to: Mapped[str | None] = mapped_column(String(998))
    created_at: Mapped[datetime]
    status: Mapped[str] = mapped_column(String(16), default="queued")  # queued|sent|parked
    attempts: Mapped[int] = mapped_column(default=0)
    next_attempt_at: Mapped[datetime | None]
    last_error: Mapped[str | None] = mapped_column(Text)
    sent_at: Mapped[datetime | None]
    # The map picture (PNG) and the HTML part that shows it inline, packed together by
    # gmbot/mail/parts.py (the name is from when it held the picture alone), rendered when
    # the mail is queued, so that a resend is the identical message; dropped once sent.
    picture: Mapped[bytes | None] = mapped_column(LargeBinary)
    # The map of a mail queued since 0024: kept once in mail_pictures (MailPicture) for all
    # the mails that show it, as a phase's results show one board to every player; `picture`
    # then holds the HTML part and the calendar entry alone. Dropped once sent, too.
    picture_key: Mapped[str | None] = mapped_column(String(64))
    # The header lines written above the rest, as queued (CRLF lines): the list headers
    # and the judge's DKIM signature (gmbot/service/outbox/heads.py); None: none.
    head: Mapped[str | None] = mapped_column(Text)


class MailPicture(Base):
    """A map picture (PNG) of mails not yet sent, kept once for all of them by its SHA-256
    (Outbound.picture_key): a phase's eight results mails carried eight copies of one
    board, read, written and freed eight times (benchmarks/ingest.py, stages 3 and 4).
    Deleted when the last mail showing it is sent."""

    __tablename__ = "mail_pictures"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    png: Mapped[bytes] = mapped_column(LargeBinary)
