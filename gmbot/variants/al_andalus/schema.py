"""The types of what Al-Andalus keeps in a position (gmbot/variants/case_schema.py)."""

from __future__ import annotations

from typing import Any, TypedDict


class _Wazir(TypedDict, total=False):
    court: str | None
    dinars: int
    executed: bool
    centres: list[str]


POWER_ATTRS: dict[str, Any] = {"dinars": int}
UNIT_ATTRS: dict[str, Any] = {"general": str}
EXTRA: dict[str, Any] = {"wazirs": dict[str, _Wazir | None], "captives": dict[str, str],
                         "owners": list[str]}
OPTIONS: dict[str, Any] = {"wazir_generals": bool}
