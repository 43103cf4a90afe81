"""The header lines fixed when a mail is queued and written above the rest at every
attempt (the outbox row's `head`): the judge's DKIM signature over the whole mail. A
signature made when the mail is sent would differ at each attempt, and cost the CPU of
signing at every resend; made here, once, the mail sent again is the same bytes.

The heads of a home are the session's (`session.info[HEADS]`, set by open_app), so that
every use case that queues mail signs it without being handed the key."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from gmbot.config import Config, ConfigError
from gmbot.mail.outgoing.dkim import DkimKey, DkimKeyError

if TYPE_CHECKING:
    from gmbot.mail.compose import Outgoing

HEADS = "gmbot.heads"  # the key in session.info


@dataclass(frozen=True)
class Heads:
    """What a home adds on top of its mail."""

    dkim: DkimKey | None = None

    @classmethod
    def of(cls, config: Config) -> Heads:
        if config.dkim is None:
            return cls()
        try:
            key = DkimKey.load(config.dkim.domain, config.dkim.selector, config.dkim.key_file)
        except DkimKeyError as e:
            raise ConfigError(str(e)) from None
        return cls(dkim=key)

    def head(self, out: Outgoing) -> str | None:
        """The lines on top of `out` (ASCII, CRLF lines), or None: nothing to add."""
        if self.dkim is None:
            return None
        from gmbot.mail.wire import wire_bytes  # the email package: slow to import

        return self.dkim.signature(wire_bytes(out)).decode("ascii")


def outgoing(*, sender: str, recipient: str, subject: str, body: str, message_id: str,
             date: datetime, in_reply_to: str | None, parts: bytes | None,
             head: str | None = None) -> Outgoing:
    """The mail as the transports get it, from what its outbox row holds; the same when
    it is queued (and signed) and at every attempt to send it."""
    # Imported here: the email package is slow to import, and most ticks send nothing.
    from gmbot.mail.compose import Outgoing
    from gmbot.mail.parts import unpack

    html, picture = unpack(parts)  # the HTML part is packed with the picture
    return Outgoing(sender=sender, recipient=recipient, subject=subject, body=body,
                    message_id=message_id, date=date, in_reply_to=in_reply_to,
                    picture=picture, html=html,
                    auto="auto-replied" if in_reply_to else "auto-generated",
                    head=head.encode("ascii") if head else b"")
