"""A game's `deadlines:` section as the game keeps it (GameSettings.deadlines): the
file's rules in the file's own words ("72h", "Mon 18:00", {after: 2d, at: "20:00"}), so
that LIST shows them as the GM wrote them, and the policy (deadlines.py) read from them.

A key left out (a game stored before it existed) takes the policy's default."""

from __future__ import annotations

from functools import lru_cache

import msgspec

from gmbot.gamefile.settings.deadlines import AfterAt, DeadlinePolicy, Every, PhaseRule, Weekly

_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
KINDS = ("movement", "retreat", "adjustment")


class AfterThenAt(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A rule `{after: 2d, at: "20:00"}`: the first such local time that long after."""

    after: str | int  # a duration: the file may write a bare 0 as a number
    at: str


Words = str | int | AfterThenAt  # one phase kind's rule as written


class DeadlineSection(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True,
                      forbid_unknown_fields=True):
    movement: Words | None = None  # "72h", "Mon 18:00" or AfterThenAt
    retreat: Words | None = None
    adjustment: Words | None = None
    timezone: str | None = None  # an IANA name
    grace: str | int | None = None  # a duration, "0h": none
    reminders: tuple[str | int, ...] | None = None  # durations before the deadline
    early: bool | None = None  # processed once every player has ordered

    def policy(self) -> DeadlinePolicy:
        """The policy these words say (raises PolicyError, naming each key, if they say
        none: a stored section is one a checked file gave)."""
        return _policy(self)

    def rule(self, kind: str) -> Words | None:
        """The words of one phase kind's rule (movement, retreat or adjustment)."""
        found: Words | None = getattr(self, kind)
        return found

    @classmethod
    def of(cls, policy: DeadlinePolicy) -> DeadlineSection:
        """The words of a checked file's policy, every key written."""
        return cls(movement=_words(policy.movement), retreat=_words(policy.retreat),
                   adjustment=_words(policy.adjustment), timezone=policy.timezone,
                   grace=str(policy.grace), reminders=tuple(str(r) for r in policy.reminders),
                   early=policy.early)


@lru_cache(maxsize=256)
def _policy(section: DeadlineSection) -> DeadlinePolicy:
    # Read once per distinct section (both are immutable): every flush that moves a
    # phase's wake-up asks for it, and games mostly share a few sections.
    return DeadlinePolicy.from_mapping(msgspec.json.decode(msgspec.json.encode(section)))


def _words(rule: PhaseRule) -> str | AfterThenAt:
    if isinstance(rule, Every):
        return str(rule.duration)
    if isinstance(rule, Weekly):
        return f"{_DAYS[rule.weekday]} {rule.time:%H:%M}"
    if isinstance(rule, AfterAt):
        return AfterThenAt(after=str(rule.duration), at=f"{rule.time:%H:%M}")
    raise TypeError(rule)
