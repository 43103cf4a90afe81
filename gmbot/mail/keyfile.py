"""A secret of the home kept in a file of its own (the site's private links, the return
paths of bounces): made at first use, 32 random bytes in hex, readable by its owner only;
deleting it voids everything it signed."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def home_key(path: Path) -> bytes:
    """The key in `path`, made (mode 0600) if missing; a key another process made first
    is the one used."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32).encode("ascii")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_bytes()
    with os.fdopen(fd, "wb") as f:
        f.write(key)
    return key
