"""The checks every section of a game file shares: a mapping with known keys (unknown ones
get "did you mean"), a one-line text, an address, a password. Each section's checks
(check_players.py, check_position.py, checker.py) build on FieldChecks."""

from __future__ import annotations

import difflib
from typing import Any

from gmbot.gamefile.paths import child
from gmbot.gamefile.schema import EMAIL_RE, REDACTED
from gmbot.gamefile.tree import Tree


def suggest(key: str, allowed: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(key.lower(), allowed, n=1)
    return (
        f"unknown key {key!r}; did you mean {close[0]}?"
        if close
        else (f"unknown key {key!r} (allowed: {', '.join(allowed)})")
    )


class FieldChecks:
    """Problems are recorded in the tree, with their lines, never raised."""

    def __init__(self, tree: Tree, stored: bool = False) -> None:
        self.tree = tree
        self.stored = stored

    def problem(self, path: str, message: str) -> None:
        self.tree.problem(path, message)

    def mapping(self, value: Any, path: str, allowed: tuple[str, ...]) -> dict[str, Any] | None:
        if not isinstance(value, dict):
            self.problem(path, "expected a mapping (key: value lines)")
            return None
        for key in value:
            if key not in allowed:
                self.tree.problem(child(path, key), suggest(key, allowed))
        return value

    def text(self, data: dict[str, Any], key: str, path: str, required: bool = False) -> str | None:
        """A string field; numbers and booleans written plain are taken as their source text."""
        sub = child(path, key)
        value = data.get(key)
        if value is None:
            if required:
                self.problem(sub, "required" if key not in data else "must not be empty")
            return None
        if not isinstance(value, str):
            if sub not in self.tree.raw:
                self.problem(sub, "expected a single value, not a list or mapping")
                return None
            value = self.tree.raw[sub]
        value = value.strip()
        if not value:
            self.problem(sub, "must not be empty")
            return None
        return value

    def address(self, data: dict[str, Any], key: str, path: str) -> str | None:
        value = self.text(data, key, path, required=True)
        if value is not None and not EMAIL_RE.fullmatch(value):
            self.problem(child(path, key), f"not an email address: {value!r}")
            return None
        return value

    def secret(self, data: dict[str, Any], key: str, path: str) -> str | None:
        value = self.text(data, key, path)
        if value == REDACTED and self.stored:
            return None
        if value == REDACTED:
            self.problem(child(path, key), "write the password itself: this is the judge's "
                                            "stored copy, where passwords are not kept")
            return None
        if value is not None and any(c.isspace() for c in value):
            self.problem(child(path, key), "a password is one word: it is sent on a "
                                            "PASSWORD line")
            return None
        return value
