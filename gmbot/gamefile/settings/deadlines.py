"""Deadline arithmetic: time-zone aware and safe across daylight-saving changes.

All datetimes going in must be aware; all coming out are aware and in UTC. Local wall-clock
times are resolved with two rules: a time that does not exist (the spring-forward gap) moves
forward to the first valid instant, i.e. the moment the clocks change; a time that occurs twice
(the autumn fold) means its first occurrence.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from gmbot.gamefile.settings.durations import Duration, as_duration

__all__ = [
    "AfterAt",
    "DeadlinePolicy",
    "Every",
    "PhaseRule",
    "PolicyError",
    "Weekly",
    "deadline_for",
    "final_deadline",
    "format_deadline",
    "parse_clock",
    "parse_rule",
    "parse_weekly",
    "reminder_times",
    "resolve_local",
]

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

_CLOCK = re.compile(r"(\d{1,2}):(\d{2})")


@dataclass(frozen=True)
class Every:
    """The deadline is a fixed length of time after the phase opened."""

    duration: Duration

    def __post_init__(self) -> None:
        object.__setattr__(self, "duration", as_duration(self.duration))
        if self.duration.total <= timedelta(0):
            raise ValueError("the duration must be positive")


@dataclass(frozen=True)
class Weekly:
    """The deadline is the next local weekday/time strictly after the phase opened."""

    weekday: int  # 0 = Monday, as datetime.weekday()
    time: time

    def __post_init__(self) -> None:
        if not 0 <= self.weekday <= 6:
            raise ValueError("weekday must be 0 (Monday) to 6 (Sunday)")
        if self.time.tzinfo is not None:
            raise ValueError("the time is local to the policy's timezone; give it naive")


@dataclass(frozen=True)
class AfterAt:
    """The deadline is the first local `time` at least `duration` after the phase opened."""

    duration: Duration
    time: time

    def __post_init__(self) -> None:
        object.__setattr__(self, "duration", as_duration(self.duration))
        if self.time.tzinfo is not None:
            raise ValueError("the time is local to the policy's timezone; give it naive")


PhaseRule = Every | Weekly | AfterAt

_KINDS = {"movement": "movement", "m": "movement", "retreat": "retreat", "r": "retreat",
          "adjustment": "adjustment", "a": "adjustment"}  # fmt: skip


def _hours(n: int) -> Duration:
    return Duration(exact=timedelta(hours=n))


@dataclass(frozen=True)
class DeadlinePolicy:
    """How a game's deadlines are set, per phase kind."""

    movement: PhaseRule = Every(_hours(72))
    retreat: PhaseRule = Every(_hours(24))
    adjustment: PhaseRule = Every(_hours(24))
    timezone: str = "UTC"  # IANA name; validated on construction
    grace: Duration = Duration()
    reminders: tuple[Duration, ...] = (_hours(24), _hours(4))
    early: bool = True  # process as soon as every player has ordered

    def __post_init__(self) -> None:
        _zone(self.timezone)
        object.__setattr__(self, "grace", as_duration(self.grace))
        object.__setattr__(self, "reminders", tuple(as_duration(r) for r in self.reminders))

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def rule(self, kind: str) -> PhaseRule:
        """The rule for a phase kind: movement/retreat/adjustment, or its letter M/R/A."""
        name = _KINDS.get(kind.lower())
        if name is None:
            raise ValueError(f"unknown phase kind {kind!r}")
        rule: PhaseRule = getattr(self, name)
        return rule

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None) -> DeadlinePolicy:  # noqa: C901 - each setting checked
        """Build a policy from the `deadlines:` section of a game file (plain data).

        Missing keys take the defaults. Raises PolicyError listing every problem, each with
        its path relative to the section ("adjustment.at", "reminders[1]").
        """
        problems: list[tuple[str, str]] = []
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise PolicyError([("", "expected a mapping")])
        allowed = ("timezone", "movement", "retreat", "adjustment", "grace", "reminders",
                   "early")  # fmt: skip
        for key in data:
            if key not in allowed:
                problems.append((str(key), _unknown(str(key), allowed)))
        kwargs: dict[str, Any] = {}

        def attempt(path: str, fn: Any, *args: Any) -> Any:
            try:
                return fn(*args)
            except ValueError as exc:
                problems.append((path, str(exc)))
                return None

        if data.get("timezone") is not None:
            kwargs["timezone"] = attempt("timezone", _timezone_name, data["timezone"])
        for kind in ("movement", "retreat", "adjustment"):
            if data.get(kind) is not None:
                kwargs[kind] = _rule_in(data[kind], kind, problems)
        if data.get("grace") is not None:
            kwargs["grace"] = attempt("grace", Duration.parse, data["grace"])
        if data.get("reminders") is not None:
            reminders = data["reminders"]
            if not isinstance(reminders, list):
                problems.append(("reminders", "expected a list of durations, e.g. [24h, 4h]"))
            else:
                parsed = []
                for i, item in enumerate(reminders):
                    d = attempt(f"reminders[{i}]", Duration.parse, item)
                    if d is not None and not d:
                        problems.append((f"reminders[{i}]", "a reminder must be before the "
                                         "deadline, not at it"))  # fmt: skip
                    elif d is not None:
                        parsed.append(d)
                kwargs["reminders"] = tuple(parsed)
        if data.get("early") is not None:
            if isinstance(data["early"], bool):
                kwargs["early"] = data["early"]
            else:
                problems.append(("early", "expected true or false"))
        if problems:
            raise PolicyError(problems)
        return cls(**{k: v for k, v in kwargs.items() if v is not None})


class PolicyError(ValueError):
    """Problems in a deadlines section: a list of (relative path, message)."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{p}: {m}" if p else m for p, m in problems))


def _unknown(key: str, allowed: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(key.lower(), allowed, n=1)
    hint = f"; did you mean {close[0]}?" if close else f" (allowed: {', '.join(allowed)})"
    return f"unknown key {key!r}{hint}"


def _rule_in(value: Any, path: str, problems: list[tuple[str, str]]) -> PhaseRule | None:
    if isinstance(value, Mapping):
        # Check the sub-keys here so that each problem gets its own path.
        bad = False
        for key in value:
            if key not in ("after", "at"):
                problems.append((f"{path}.{key}", _unknown(str(key), ("after", "at"))))
                bad = True
        parts: dict[str, Any] = {}
        for key, fn in (("after", Duration.parse), ("at", parse_clock)):
            if value.get(key) is None:
                problems.append((path, f'missing {key!r} (write {{after: 2d, at: "20:00"}})'))
                bad = True
                continue
            try:
                parts[key] = fn(value[key])
            except ValueError as exc:
                problems.append((f"{path}.{key}", str(exc)))
                bad = True
        return None if bad else AfterAt(parts["after"], parts["at"])
    try:
        return parse_rule(value)
    except ValueError as exc:
        problems.append((path, str(exc)))
        return None


def parse_rule(value: str | int | Mapping[str, Any]) -> PhaseRule:
    """Parse one phase rule: a duration, "Mon 18:00", or {after: 2d, at: "20:00"}."""
    if isinstance(value, Mapping):
        problems: list[tuple[str, str]] = []
        rule = _rule_in(value, "", problems)
        if rule is None:
            raise ValueError("; ".join(m for _, m in problems))
        return rule
    if isinstance(value, str) and value.strip()[:1].isalpha():
        word = value.split()[0].lower()
        if not any(word in (name, name[:3]) for name in WEEKDAYS):
            raise ValueError(f"not a duration (72h, 3d) nor a weekly time (Mon 18:00): {value!r}")
        return parse_weekly(value)
    duration = Duration.parse(value)
    if not duration:
        raise ValueError("the duration must be positive")
    return Every(duration)


def parse_clock(text: str) -> time:
    """Parse a local time of day, "18:00" or "9:30"."""
    m = _CLOCK.fullmatch(text.strip()) if isinstance(text, str) else None
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise ValueError(f"not a time of day: {text!r} (expected HH:MM)")
    return time(int(m.group(1)), int(m.group(2)))


def parse_weekly(text: str) -> Weekly:
    """Parse "Mon 18:00" or "monday 18:00" (weekday names or three-letter abbreviations)."""
    word, _, clock = text.strip().partition(" ")
    day = word.lower()
    for i, name in enumerate(WEEKDAYS):
        if day in (name, name[:3]):
            return Weekly(i, parse_clock(clock))
    raise ValueError(f"not a weekday: {word!r} in {text!r} (e.g. Mon 18:00)")


def _timezone_name(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not a time zone: {value!r}")
    _zone(value)
    return value


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        pass
    names = available_timezones()
    by_lower = {n.lower(): n for n in names}
    close = [by_lower[name.lower()]] if name.lower() in by_lower else []
    close = close or difflib.get_close_matches(name, names, n=1)
    hint = f"; did you mean {close[0]}?" if close else " (use an IANA name like Europe/London)"
    raise ValueError(f"unknown time zone {name!r}{hint}")


def _require_aware(dt: datetime, what: str) -> None:
    if not isinstance(dt, datetime) or dt.tzinfo is None or dt.utcoffset() is None:
        raise ValueError(f"{what} must be an aware datetime, got {dt!r}")


def resolve_local(naive: datetime, tz: tzinfo) -> datetime:
    """The UTC instant of a local wall-clock time: gap -> moves forward, fold -> first."""
    first = naive.replace(tzinfo=tz, fold=0).astimezone(UTC)
    if first.astimezone(tz).replace(tzinfo=None) == naive:
        return first  # exists; fold=0 is the earlier of two occurrences
    # In a gap: the two folds map to instants either side of the transition; bisect to it.
    other = naive.replace(tzinfo=tz, fold=1).astimezone(UTC)
    lo, hi = sorted((int(first.timestamp()), int(other.timestamp())))
    after = datetime.fromtimestamp(hi, UTC).astimezone(tz).utcoffset()
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if datetime.fromtimestamp(mid, UTC).astimezone(tz).utcoffset() == after:
            hi = mid
        else:
            lo = mid
    return datetime.fromtimestamp(hi, UTC)


def _at(day: date, clock: time, tz: tzinfo) -> datetime:
    return resolve_local(datetime.combine(day, clock), tz)


def _shift(dt: datetime, duration: Duration, tz: tzinfo, sign: int = 1) -> datetime:
    """Move dt by duration: days on the local wall clock, the rest in elapsed time."""
    dt = dt.astimezone(UTC)
    if duration.days:
        local = dt.astimezone(tz).replace(tzinfo=None)
        dt = resolve_local(local + timedelta(days=sign * duration.days), tz)
    return dt + sign * duration.exact


def deadline_for(policy: DeadlinePolicy, kind: str, opened_at: datetime) -> datetime:
    """The deadline (UTC) of a phase of `kind` (movement/retreat/adjustment) opened then."""
    _require_aware(opened_at, "opened_at")
    opened = opened_at.astimezone(UTC)
    rule, tz = policy.rule(kind), policy.tz
    if isinstance(rule, Every):
        return _shift(opened, rule.duration, tz)
    if isinstance(rule, Weekly):
        today = opened.astimezone(tz).date()
        ahead = (rule.weekday - today.weekday()) % 7
        candidate = _at(today + timedelta(days=ahead), rule.time, tz)
        if candidate <= opened:
            candidate = _at(today + timedelta(days=ahead + 7), rule.time, tz)
        return candidate
    earliest = _shift(opened, rule.duration, tz)
    day = earliest.astimezone(tz).date()
    candidate = _at(day, rule.time, tz)
    return candidate if candidate >= earliest else _at(day + timedelta(days=1), rule.time, tz)


def final_deadline(policy: DeadlinePolicy, deadline: datetime) -> datetime:
    """The deadline after the grace period for late players."""
    _require_aware(deadline, "deadline")
    return _shift(deadline, policy.grace, policy.tz)


def reminder_times(
    policy: DeadlinePolicy, deadline: datetime, now: datetime | None = None
) -> list[datetime]:
    """When to remind players with missing orders: sorted, distinct, and (given `now`) only
    those strictly after now."""
    _require_aware(deadline, "deadline")
    if now is not None:
        _require_aware(now, "now")
    times = {_shift(deadline, r, policy.tz, sign=-1) for r in policy.reminders}
    return sorted(t for t in times if now is None or t > now)


def format_deadline(dt: datetime, tz: tzinfo | str) -> str:
    """Human form in the game's zone, e.g. "Mon 3 Mar 2026 18:00 GMT" (locale-independent)."""
    _require_aware(dt, "dt")
    local = dt.astimezone(_zone(tz) if isinstance(tz, str) else tz)
    day = WEEKDAYS[local.weekday()][:3].capitalize()
    zone = local.tzname() or local.strftime("%z")
    return f"{day} {local.day} {_MONTHS[local.month - 1]} {local.year} {local:%H:%M} {zone}"
