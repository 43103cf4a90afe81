"""The mail Context: what a command handler works with. Apart from the reply that builds it
(gmbot/service/inbound/reply.py), so that the commands need not import it and it can
import the commands without a circle."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy.orm import Session

from gmbot.mail.message import InboundMail
from gmbot.service.app import App
from gmbot.service.inbound.commands.request import Request
from gmbot.store.models import Game, Inbound, Player


class AskConfirmation(Exception):  # noqa: N818 -- a question back, not a failure
    """An action that asks the sender to confirm it first (a bare RESIGN): its message
    says how; the mail is answered as received, not as an error."""


@dataclass
class Context:
    """The open session, the mail and its (proven) sender, and the reply being built."""

    app: App
    session: Session
    mail: InboundMail
    request: Request
    game: Game
    player: Player | None  # None when the sender is the GM
    record: Inbound
    sections: list[str] = field(default_factory=list)  # reply text, in order
    errors: int = 0
    title: str = "Received"  # the reply's subject when there is no error
    picture: bytes | None = None  # a map shown in the reply (HISTORY)
    proof: str | None = None  # how the sender proved himself (gmbot/mail/auth)
    # Run once the mail's actions are done: a section written before them that an action
    # may make untrue (the ack's deadline, moved by a VACATION below the orders).
    after_actions: list[Callable[[], None]] = field(default_factory=list)

    @property
    def is_gm(self) -> bool:
        return self.player is None
