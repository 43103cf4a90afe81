"""The list headers of the judge's mail: List-Id (RFC 2919) naming the game, so a
reader's filters and the big providers tell one game's mail from another's;
List-Unsubscribe (RFC 2369) on the mail a reader may stop; X-Auto-Response-Suppress,
which tells Exchange and Outlook to send no out-of-office answer (RFC 3834's
Auto-Submitted says the same to everyone else)."""

from __future__ import annotations

import re
from urllib.parse import quote

AUTO_SUPPRESS = ("X-Auto-Response-Suppress", "All")
_NOT_ATOM = re.compile(r"[^A-Za-z0-9-]+")


def list_id(game: str, judge: str) -> tuple[str, str]:
    """`"gmbot game NAME" <NAME.JUDGE.DOMAIN>`: one id per game and judge address, a
    dot-atom of letters, digits and hyphens."""
    local, _, domain = judge.lower().rpartition("@")
    parts = [_NOT_ATOM.sub("-", p).strip("-") or "x" for p in (game, local)]
    return "List-Id", f'"gmbot game {_NOT_ATOM.sub("-", game)}" <{".".join(parts)}.{domain}>'


def list_unsubscribe(judge: str, command: str, subject: str | None = None,
                     url: str | None = None) -> list[tuple[str, str]]:
    """A mailto link to the judge whose subject and body are the command that stops the
    mail (RFC 6068: a mail client sends both as they are; commands are read from the
    body); with `url`, first the one-click link and List-Unsubscribe-Post (RFC 8058),
    which a mailbox provider's unsubscribe button POSTs to."""
    mailto = f"<mailto:{judge}?subject={quote(subject or command)}&body={quote(command)}>"
    if url is None:
        return [("List-Unsubscribe", mailto)]
    return [("List-Unsubscribe", f"<{url}>, {mailto}"),
            ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")]


def header_lines(fields: list[tuple[str, str]]) -> str:
    """The fields as header lines (CRLF), each short enough not to be folded."""
    return "".join(f"{name}: {value}\r\n" for name, value in fields)
