"""What a variant's cases may expect and how it is checked: one vocabulary per case format."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Check = Callable[[dict[str, Any], dict[str, Any], str], None]


@dataclass(frozen=True)
class Vocabulary:
    check: Check  # (a step's `expect`, run_case's result, where) -> AssertionError or None
    keys: frozenset[str]  # the `expect` keys `check` reads: any other is a typo
    # A case without `centers` starts with no centre owned (the DATC's format), or with the
    # map's starting owners (the formats of Al-Andalus and of home centres).
    no_centres_unless_given: bool = False
