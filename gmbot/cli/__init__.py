"""The `gmbot` command. Each command family lives in its own module and imports its
heavy dependencies lazily, so `gmbot adjudicate` and `gmbot tick` start fast. The group
itself is in root.py; importing the command modules here registers them."""

from __future__ import annotations

from gmbot.cli import (  # noqa: F401  (registers)
    adjudicate,
    botmail,
    demo,
    dkim,
    game,
    mail,
    picture,
    seats,
    site,
)
from gmbot.cli.root import app_from, main

__all__ = ["app_from", "main"]
