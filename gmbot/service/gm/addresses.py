"""An address a GM's command or a sign-up names, read and checked as the game file checks
its addresses. Apart from the GM's use cases (admin.py), which every sign-up mail would
otherwise import (the pipe's worker: benchmarks/instructions.py)."""

from __future__ import annotations

from email.utils import parseaddr

from gmbot.gamefile import EMAIL_RE
from gmbot.service.gm.errors import AdminError


def plain_address(text: str) -> str:
    """The address in `text` ("Luca <luca@x>" or "luca@x"), checked as the game file
    checks its addresses, lower-cased."""
    name, address = parseaddr(text.strip())
    if not address or not EMAIL_RE.fullmatch(address):
        raise AdminError(f"not an email address: {text.strip()!r} "
                         "(write it as luca@example.org or \"Luca <luca@example.org>\")")
    return address.lower()


def address_name(text: str) -> str | None:
    """The name written with the address in `text` ("Luca" of "Luca <luca@x>"), if any."""
    name = " ".join(parseaddr(text.strip())[0].split())
    return name or None
