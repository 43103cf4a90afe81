"""The types of what Warlock keeps in a position (gmbot/variants/case_schema.py)."""

from __future__ import annotations

from typing import Any, TypedDict


class _Aloft(TypedDict):
    unit: str
    power: str


class _ExtraBuild(TypedDict):
    year: int


POWER_ATTRS: dict[str, Any] = {"spells": dict[str, int], "extra_build": _ExtraBuild,
                               "fallen": int, "purgatory": bool, "undead": int,
                               "undead_home": str}
UNIT_ATTRS: dict[str, Any] = {"invisible": str, "ghost": bool, "any_terrain": bool,
                              "secret_spells": list[str], "walk_water": str, "swim_land": str}
EXTRA: dict[str, Any] = {"aloft": dict[str, _Aloft], "moved_centres": dict[str, str],
                         "bottle": dict[str, str], "catastrophe": dict[str, str]}
