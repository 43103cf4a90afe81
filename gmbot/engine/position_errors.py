"""Every error of a position at once, for a GM fixing his game file (the position schema,
engine/position.py, stops at the first)."""

from __future__ import annotations

import copy
import re
from typing import Any

from gmbot.engine.map import GameMap
from gmbot.engine.position import PositionError, state_from_dict
from gmbot.engine.state import GameState

_PATH = re.compile(r"(?P<top>[a-z_]+)(?:\.(?P<key>[^.\[]+))?(?:\[(?P<n>\d+)\])?")


def position_errors(data: dict[str, Any], gmap: GameMap) -> tuple[GameState | None,
                                                                   list[PositionError]]:
    """Every error of a position, not only the first (for a GM fixing his game file):
    the entry at fault is left out and the rest read again, until it reads. Returns the
    state when there was no error. `state_from_dict` itself stops at the first error: it
    reads every position of every phase and must stay lean."""
    errors: list[PositionError] = []
    data = copy.deepcopy(data)
    dropped: dict[tuple[str, str | None], list[int]] = {}  # list -> its original indexes left out
    while True:
        try:
            state = state_from_dict(data, gmap)
        except PositionError as e:
            m = _PATH.match(e.path)
            if m is None or len(errors) > 500:
                return None, [*errors, e]
            where, n = (m["top"], m["key"]), m["n"]
            if n is not None:  # name the entry by its index in the file, not in what is left
                index = int(n)
                for gone in sorted(dropped.get(where, ())):
                    index += gone <= index
                e = PositionError(e.path.replace(f"[{n}]", f"[{index}]", 1), e.reason)
                dropped.setdefault(where, []).append(index)
            errors.append(e)
            if not _drop(data, m["top"], m["key"], n):
                return None, errors
            continue
        return (None if errors else state), errors


def _drop(data: dict[str, Any], top: str, key: str | None, n: str | None) -> bool:
    """Leave out the entry an error path names; False if it cannot be found."""
    if top not in data:
        return False
    section = data[top]
    if key is None and n is None:
        del data[top]
        return True
    if key is None and isinstance(section, list) and int(n or 0) < len(section):
        del section[int(n or 0)]
        return True
    if not isinstance(section, dict) or key not in section:
        return False
    if n is not None and isinstance(section[key], list) and int(n) < len(section[key]):
        del section[key][int(n)]
    else:
        del section[key]
    return True
