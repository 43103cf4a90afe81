"""Press: each message as relayed, and each copy delivered (its own Message-ID, so that a
reply names the press it answers): gmbot/service/inbound/commands/relay.py."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from gmbot.store.base import Base
from gmbot.store.models import Game, Inbound, Player


class Press(Base):
    """One press message as relayed: who really sent it (kept from every recipient but
    the GM's copy when the message is grey), how it was signed, and its text."""

    __tablename__ = "press"
    __table_args__ = (Index("ix_press_game", "game_id", "id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey(Game.id))
    phase: Mapped[str] = mapped_column(String(16), default="")  # the phase open when sent
    sender_id: Mapped[int | None] = mapped_column(ForeignKey(Player.id))  # None: the GM
    sender_key: Mapped[str] = mapped_column(String(64))  # FRANCE, BOB, or GM
    broadcast: Mapped[bool] = mapped_column(default=False)  # to every player and observer
    grey: Mapped[bool] = mapped_column(default=False)
    signed_as: Mapped[str | None] = mapped_column(String(200))  # as shown; None when grey
    recipients: Mapped[list[Any]] = mapped_column(default=list)  # seat keys, as shown
    text: Mapped[str] = mapped_column(Text)
    reply_to_id: Mapped[int | None] = mapped_column(ForeignKey("press.id"))
    inbound_id: Mapped[int | None] = mapped_column(ForeignKey(Inbound.id))
    created_at: Mapped[datetime]
    copies: Mapped[list[PressCopy]] = relationship(back_populates="press",
                                                  order_by="PressCopy.id")
    reply_to: Mapped[Press | None] = relationship(remote_side=[id])


class PressCopy(Base):
    """One delivered copy of a press message: its own Message-ID, so a reply to it
    (In-Reply-To / References) is known to answer this press."""

    __tablename__ = "press_copies"
    __table_args__ = (Index("ix_press_copies_message", "message_id"),
                      Index("ix_press_copies_digest", "digest"))
    id: Mapped[int] = mapped_column(primary_key=True)
    press_id: Mapped[int] = mapped_column(ForeignKey("press.id"))
    kind: Mapped[str] = mapped_column(String(16))  # recipient | gm-copy | observer
    player_id: Mapped[int | None] = mapped_column(ForeignKey(Player.id))
    address: Mapped[str] = mapped_column(String(320))
    message_id: Mapped[str] = mapped_column(String(998))
    # The outbox key of the daily digest this copy goes out in (SET MAIL PRESS DIGEST);
    # None: it was mailed as it came.
    digest: Mapped[str | None] = mapped_column(String(300))
    press: Mapped[Press] = relationship(back_populates="copies")
