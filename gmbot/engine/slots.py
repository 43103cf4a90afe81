"""Setters of a frozen, slotted dataclass's fields, for hand-written __init__s.

The engine's value objects (units, orders, phases, states) are frozen dataclasses with
slots whose fields are read far more often than an object is made. Their __init__s set
each slot through the slot's own descriptor: object.__setattr__, the usual way past the
frozen guard, looks the name up on the type at every call, about twice the cost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any


def slot_setters(cls: type, *names: str) -> tuple[Callable[[Any, Any], None], ...]:
    """The setters of the slots `cls` itself declares, in the order of `names` (by
    default all of its dataclass fields, in their order)."""
    return tuple(cls.__dict__[name].__set__ for name in names or [f.name for f in fields(cls)])
