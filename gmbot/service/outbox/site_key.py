"""The home's secret for the links the judge hands out (a player's private pages, a
reader's one-click unsubscribe link): a file of the home (`site.key`), made at first use
and readable by its owner only; deleting it changes every link."""

from __future__ import annotations

from pathlib import Path

from gmbot.mail.keyfile import home_key

KEY_NAME = "site.key"


def site_key(home: Path) -> bytes:
    """The home's key for private links, made (32 random bytes, mode 0600) if missing."""
    return home_key(home / KEY_NAME)
