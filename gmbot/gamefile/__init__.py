"""The game file a game master edits under games/: parsing and validation. Errors are
collected, not raised one by one, and reported together as a GameFileError.

A file's way through the package:
    1. parse.py            the entry: load_game_file, parse_game_text
    2. tree.py             the YAML composed into plain data keeping each field's line
                           (paths.py: field paths such as players[2].address)
    3. checker.py          the checks, section by section, into a GameSpec (spec.py):
       check_players.py    the players and observers,
       check_position.py   the position's shape,
       check_fields.py     what every section shares; schema.py the keys and forms allowed,
       deadlines.py        the deadline policy
    4. redact.py           the text the judge keeps: the file without its passwords
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gmbot.gamefile.parse import (
        LoadedFile,
        load_game_file,
        parse_game_text,
        read_game_source,
    )
    from gmbot.gamefile.redact import redact_secrets
    from gmbot.gamefile.schema import EMAIL_RE, REDACTED
    from gmbot.gamefile.spec import GameFileError, GameSpec, Player, Problem
    from gmbot.gamefile.tree import MAX_ALIASES, MAX_FILE_CHARS, MAX_NODES

# Each name by the module that holds it, imported when first asked for: every process
# reads a game's settings (gmbot/gamefile/settings/, which imports this package first),
# only one that loads a file needs the parser and its checks (benchmarks/instructions.py:
# the pipe's worker started 1.7% quicker in instructions).
_HOME = {
    "LoadedFile": "parse", "load_game_file": "parse", "parse_game_text": "parse",
    "read_game_source": "parse", "redact_secrets": "redact", "EMAIL_RE": "schema",
    "REDACTED": "schema", "GameFileError": "spec", "GameSpec": "spec", "Player": "spec",
    "Problem": "spec", "MAX_ALIASES": "tree", "MAX_FILE_CHARS": "tree", "MAX_NODES": "tree",
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'gmbot.gamefile' has no attribute {name!r}")
    return getattr(import_module(f"gmbot.gamefile.{home}"), name)


__all__ = [
    "EMAIL_RE",
    "MAX_ALIASES",
    "MAX_FILE_CHARS",
    "MAX_NODES",
    "REDACTED",
    "GameFileError",
    "GameSpec",
    "Player",
    "Problem",
    "LoadedFile",
    "load_game_file",
    "parse_game_text",
    "read_game_source",
    "redact_secrets",
]
