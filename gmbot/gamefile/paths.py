"""Field paths such as `players[2].address` or `position.units.FRANCE[1]`: how a path is
built and cut, and the line of the nearest path the file gave one, for problems."""

from __future__ import annotations

from collections.abc import Mapping


def child(path: str, key: str) -> str:
    return f"{path}.{key}" if path and key else path or key


def parent(path: str) -> str | None:
    if not path:
        return None
    cut = max(path.rfind("."), path.rfind("["))
    return path[:cut] if cut > 0 else ""


def nearest_line(lines: Mapping[str, int], path: str) -> int | None:
    at: str | None = path
    while at is not None:
        if at in lines:
            return lines[at]
        at = parent(at)
    return None
