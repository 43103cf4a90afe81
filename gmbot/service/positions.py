"""Stored positions decoded once: every mail of a game reads its open phase's position,
which does not change while the phase is open, and decoding it (engine/position.py) cost
more than the rest of reading an orders mail but the database.

The cache is keyed by the position's own content (its JSON bytes, and the map), never
by a phase id: a position corrected by loading the game file again, another database
with the same ids, or a dict changed in place, simply misses. Engine states are never
changed in place (the engine makes new ones), so one decoded state can serve every mail.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import orjson

from gmbot.engine.map import GameMap
from gmbot.engine.position import state_from_dict
from gmbot.engine.state import GameState

# Enough for the open phases of a judge's busy games; a standard position is a few kB.
SIZE = 512

_decoded: OrderedDict[tuple[int, bytes], tuple[GameMap, GameState]] = OrderedDict()
_lock = threading.Lock()  # the daemon's jobs may run in threads of their own


def decoded_state(data: dict[str, Any], gmap: GameMap) -> GameState:
    """state_from_dict(data, gmap), from the cache when this position was decoded before
    on this map."""
    try:
        blob = orjson.dumps(data)
    except TypeError:  # not plain JSON (a position built in memory): decoded as it is
        return state_from_dict(data, gmap)
    key = (id(gmap), blob)
    with _lock:
        hit = _decoded.get(key)
        if hit is not None and hit[0] is gmap:  # the map itself, not only its id, is the same
            _decoded.move_to_end(key)
            return hit[1]
    state = state_from_dict(data, gmap)
    with _lock:
        _decoded[key] = (gmap, state)
        if len(_decoded) > SIZE:
            _decoded.popitem(last=False)
    return state
