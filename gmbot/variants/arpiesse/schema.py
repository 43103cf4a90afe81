"""The types of what Arpiesse keeps in a position (gmbot/variants/case_schema.py)."""

from __future__ import annotations

from typing import Any

UNIT_ATTRS: dict[str, Any] = {"colour": str}
