"""The types of what Capitalist keeps in a position (gmbot/variants/case_schema.py)."""

from __future__ import annotations

from typing import Any

POWER_ATTRS: dict[str, Any] = {"capital": str, "balance": int, "income_phase": str}
OPTIONS: dict[str, Any] = {"capital_min_distance": int}
