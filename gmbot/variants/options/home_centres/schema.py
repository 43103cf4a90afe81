"""The types of what changing home centres keeps in a position
(gmbot/variants/case_schema.py)."""

from __future__ import annotations

from typing import Any

POWER_ATTRS: dict[str, Any] = {"initial_homes": int, "owned_last_winter": list[str]}
