"""A length of time as a GM writes it ("36h", "3d", "2d 12h"): whole days, which keep the
local wall-clock time across a daylight-saving change, apart from elapsed hours and minutes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta

_UNITS = {
    "w": "w", "week": "w", "weeks": "w",
    "d": "d", "day": "d", "days": "d",
    "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
    "m": "m", "min": "m", "mins": "m", "minute": "m", "minutes": "m",
}  # fmt: skip
_TOKEN = re.compile(r"\s*(\d+)\s*([a-z]+)\s*")
@dataclass(frozen=True)
class Duration:
    """A length of time split into calendar days and elapsed time.

    Days (and weeks) keep the local wall-clock time when added across a DST change: "3d" from
    Friday 18:00 is Monday 18:00. Hours and minutes are absolute elapsed time: "72h" from
    Friday 18:00 may be Monday 17:00 or 19:00. A plain timedelta means elapsed time only.
    """

    days: int = 0
    exact: timedelta = timedelta(0)

    @classmethod
    def parse(cls, text: str | int) -> Duration:
        """Parse "90m", "36h", "3d", "1w", "2d 12h", "1 day 6 hours"; bare 0 means zero."""
        if isinstance(text, bool) or not isinstance(text, str | int):
            raise ValueError(f"expected a duration such as 36h or 3d, not {text!r}")
        s = str(text).strip().lower()
        if s == "0":
            return cls()
        if not s:
            raise ValueError("empty duration")
        pos, seen, days, minutes = 0, set(), 0, 0
        while pos < len(s):
            m = _TOKEN.match(s, pos)
            if not m or m.group(2) not in _UNITS:
                raise ValueError(
                    f"not a duration: {text!r} (use whole numbers with d, h or m, e.g. 2d 12h)"
                )
            unit = _UNITS[m.group(2)]
            if unit in seen:
                raise ValueError(f"not a duration: {text!r} (unit {unit} given twice)")
            seen.add(unit)
            n = int(m.group(1))
            if unit in "wd":
                days += n * (7 if unit == "w" else 1)
            else:
                minutes += n * (60 if unit == "h" else 1)
            pos = m.end()
        return cls(days=days, exact=timedelta(minutes=minutes))

    @property
    def total(self) -> timedelta:
        """The nominal length, counting each day as 24 hours."""
        return timedelta(days=self.days) + self.exact

    def __bool__(self) -> bool:
        return bool(self.days or self.exact)

    def __str__(self) -> str:
        parts = [f"{self.days}d"] if self.days else []
        hours, rest = divmod(int(self.exact.total_seconds()), 3600)
        parts += [f"{hours}h"] if hours else []
        parts += [f"{rest // 60}m"] if rest // 60 else []
        return " ".join(parts) or "0h"


def parse_duration(text: str | int) -> timedelta:
    """Parse a duration ("90m", "36h", "3d", "2d 12h") into its nominal timedelta.

    Raises ValueError. Use Duration.parse to keep whole days apart for DST-aware arithmetic.
    """
    return Duration.parse(text).total


def as_duration(value: Duration | timedelta) -> Duration:
    return value if isinstance(value, Duration) else Duration(exact=value)
