"""The game file's `absences:` section: the limits on players' declared absences (ABSENCE,
VACATION, BACK by mail; docs/absences.md). Plain data in, an immutable AbsenceRules out,
every problem named by its path in the section."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import msgspec

from gmbot.gamefile.settings.deadlines import PolicyError, _unknown
from gmbot.gamefile.settings.durations import Duration

_INTS = ("days_per_year", "at_once", "max_length_days", "notice_hours")
_BOOLS = ("allowed", "public")
KEYS = (*_BOOLS, *_INTS, "after_return")


class AbsenceRules(msgspec.Struct, frozen=True, kw_only=True):
    """What a game allows. The defaults are a GM's usual: two weeks a year, at most two
    weeks at once, one player away at a time, no notice asked, and a day's time to order
    after an absence ends."""

    allowed: bool = True
    days_per_year: int = 14  # per player and calendar year (the game's time zone)
    at_once: int = 1  # players absent (or declared absent) at the same time
    max_length_days: int = 14  # one absence at most
    notice_hours: int = 0  # an absence must be declared this long before it starts
    after_return: str = "24h"  # a deadline is never sooner than this after an absence ends
    public: bool = True  # players see who is absent (njudge shows absences to all)

    @property
    def after(self) -> timedelta:
        return Duration.parse(self.after_return).total

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None) -> AbsenceRules:
        """Build the rules from the section (None: the defaults). Raises PolicyError
        listing every problem with its path in the section."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise PolicyError([("", "expected a mapping, e.g. {days_per_year: 14, at_once: 1}")])
        problems: list[tuple[str, str]] = []
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            key = str(key)
            if key not in KEYS:
                problems.append((key, _unknown(key, KEYS)))
            elif value is None:
                continue
            elif key in _BOOLS:
                if isinstance(value, bool):
                    kwargs[key] = value
                else:
                    problems.append((key, "expected true or false"))
            elif key in _INTS:
                least = 1 if key in ("at_once", "max_length_days") else 0
                if isinstance(value, bool) or not isinstance(value, int) or value < least:
                    problems.append((key, f"expected a whole number of at least {least}"))
                elif value > 3660:
                    problems.append((key, "at most 3660"))
                else:
                    kwargs[key] = value
            else:  # after_return
                try:
                    duration = Duration.parse(value)
                except ValueError as e:
                    problems.append((key, str(e)))
                else:
                    if duration.total > timedelta(days=14):
                        problems.append((key, "at most 14d"))
                    else:
                        kwargs[key] = str(duration)
        if problems:
            raise PolicyError(problems)
        return cls(**kwargs)
