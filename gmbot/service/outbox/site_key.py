"""The home's secret for the links the judge hands out (a player's private pages, a
reader's one-click unsubscribe link): a file of the home (`site.key`), made at first use
and readable by its owner only; deleting it changes every link."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

KEY_NAME = "site.key"


def site_key(home: Path) -> bytes:
    """The home's key for private links, made (32 random bytes, mode 0600) if missing."""
    path = home / KEY_NAME
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    home.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32).encode("ascii")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first: use that one
        return path.read_bytes()
    with os.fdopen(fd, "wb") as f:
        f.write(key)
    return key
