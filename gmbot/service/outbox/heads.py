"""The header lines fixed when a mail is queued and written above the rest at every
attempt (the outbox row's `head`): the list headers (which game, how to stop the mail:
gmbot/mail/outgoing/lists.py) and the judge's DKIM signature over the whole mail. A
signature made when the mail is sent would differ at each attempt, and cost the CPU of
signing at every resend; made here, once, the mail sent again is the same bytes.

The heads of a home are the session's (`session.info[HEADS]`, set by open_app), so that
every use case that queues mail signs it without being handed the key."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from gmbot.config import Config, ConfigError
from gmbot.mail.keyfile import home_key
from gmbot.mail.outgoing.dkim import DkimKey, DkimKeyError
from gmbot.mail.outgoing.lists import AUTO_SUPPRESS, header_lines, list_id, list_unsubscribe
from gmbot.mail.outgoing.verp import ReturnPath
from gmbot.service.outbox.site_key import site_key
from gmbot.service.outbox.stop_links import stop_of, stop_url

if TYPE_CHECKING:
    from gmbot.mail.compose import Outgoing
    from gmbot.store.models import Game

HEADS = "gmbot.heads"  # the key in session.info
BOUNCE_KEY = "bounce.key"  # the home's key of return paths (gmbot/mail/outgoing/verp.py)
log = logging.getLogger("gmbot")


@dataclass(frozen=True)
class Heads:
    """What a home adds on top of its mail."""

    dkim: DkimKey | None = None
    # The one-click links' base (gmbot.yaml site.url, which `gmbot web` serves) and key;
    # None: the mailto link alone.
    web: tuple[str, bytes] | None = None
    # The signed return paths of a home that reads its bounces (`bounces:`); None: the
    # envelope sender is the judge's own address.
    return_path: ReturnPath | None = None

    @classmethod
    def of(cls, config: Config) -> Heads:
        web = None
        if config.site is not None and config.site.url:
            try:
                web = (config.site.url, site_key(config.home))
            except OSError:  # a home the judge cannot write: mailto links only
                log.exception("the site key cannot be read or made; no one-click links")
        paths = None
        if config.bounces is not None:
            try:
                key = home_key(config.home / BOUNCE_KEY)
            except OSError as e:
                raise ConfigError(f"{config.home / BOUNCE_KEY}: {e.strerror or e}") from None
            paths = ReturnPath(key, config.bounces.delimiter)
        if config.dkim is None:
            return cls(web=web, return_path=paths)
        try:
            dkim = DkimKey.load(config.dkim.domain, config.dkim.selector, config.dkim.key_file)
        except DkimKeyError as e:
            raise ConfigError(str(e)) from None
        return cls(dkim=dkim, web=web, return_path=paths)

    def envelope(self, sender: str, row_id: int, recipient: str, message_id: str) -> str:
        """The envelope sender of an outbox row: its signed return path, or the bare
        address of its sender."""
        bare = sender
        if "<" in sender or " " in sender:  # a display name: only the address is sent
            from email.utils import parseaddr

            bare = parseaddr(sender)[1] or sender
        if self.return_path is None or "@" not in bare:
            return bare
        return self.return_path.address(bare, row_id, recipient, message_id)

    def signed(self, lists: str, out: Outgoing) -> str:
        """The lines on top of `out` (ASCII, CRLF lines) in a home with a key: the
        signature of `lists` (its list headers) with the rest, and `lists`."""
        assert self.dkim is not None
        from gmbot.mail.wire import wire_bytes  # the email package: slow to import

        head = lists.encode("ascii")
        return (self.dkim.signature(head + wire_bytes(out)) + head).decode("ascii")


def list_fields(game: Game | None, kind: str, sender: str, recipient: str,
                heads: Heads | None = None) -> str:
    """The list headers of a mail of `game` (None: no game's) of `kind` from `sender` to
    `recipient`. List-Unsubscribe only where the reader may stop the mail (stop_links.py):
    never on what a player or the GM needs (results, acks, deadlines); with the one-click
    link (List-Unsubscribe-Post) where the home's web endpoint serves it."""
    fields = [AUTO_SUPPRESS]
    if game is not None:
        fields.append(list_id(game.name, sender))
        stop = stop_of(game, kind, recipient)
        if stop is not None:
            web = heads.web if heads is not None else None
            url = stop_url(*web, game, recipient, stop.scope) if web else None
            fields.extend(list_unsubscribe(sender, stop.command, stop.subject, url))
    return header_lines(fields)


def outgoing(*, sender: str, recipient: str, subject: str, body: str, message_id: str,
             date: datetime, in_reply_to: str | None, parts: bytes | None,
             head: str | None = None, envelope: str | None = None,
             picture: bytes | None = None) -> Outgoing:
    """The mail as the transports get it, from what its outbox row holds; the same when
    it is queued (and signed) and at every attempt to send it. `picture`: its map, kept
    apart (outbox/pictures.py); a row queued before that holds it in its parts."""
    # Imported here: the email package is slow to import, and most ticks send nothing.
    from gmbot.mail.compose import Outgoing
    from gmbot.mail.parts import unpack

    packed = unpack(parts)  # the HTML part and the calendar (and an old row's picture)
    return Outgoing(sender=sender, recipient=recipient, subject=subject, body=body,
                    message_id=message_id, date=date, in_reply_to=in_reply_to,
                    picture=picture or packed.picture, html=packed.html,
                    calendar=packed.calendar,
                    auto="auto-replied" if in_reply_to else "auto-generated",
                    head=head.encode("ascii") if head else b"", envelope=envelope)
