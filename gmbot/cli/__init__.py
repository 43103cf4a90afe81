"""The `gmbot` command. Each command family lives in its own module and imports its
heavy dependencies lazily, so `gmbot adjudicate` and `gmbot tick` start fast; the group
(root.py) imports a command's module only when it is run."""

from __future__ import annotations

from gmbot.cli.root import app_from, main

__all__ = ["app_from", "main"]
