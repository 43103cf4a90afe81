"""The refusal of a command: a GM's or a player's action that cannot be done raises
AdminError, whose message is the reason the reply gives (commands/table.py). Its own module
so that a command module needs not import the GM's use cases (admin.py) to refuse: a mail
runs one or two commands (benchmarks/instructions.py, the pipe's worker)."""

from __future__ import annotations


class AdminError(ValueError):
    pass
