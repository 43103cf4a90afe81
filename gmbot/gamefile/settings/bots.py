"""The game file's `bots:` section: which seats the judge's bot (gmbot/bots) may play.

`fill`: `open` (any seat without a player) or a list of powers; absent, no seat is
filled by the rule (the GM may still ADD BOT). `after`: how long a seat waits for a
human before the bot takes it, a duration (`2d`, `36h`) from when it was left open, or
a phase (`S1903M`) from which on; absent, at once. `votes`: `draw_with_me` (the bot
accepts every draw that includes its power and never concedes or cancels) or `none`
(the bot's seat is no voter, like any open seat). `smart_cd`: a power whose player is
put in civil disorder or resigns is played by the bot from then on, at once, instead of
holding (DPjudge's SMART_CD), whatever `fill` says."""

from __future__ import annotations

from typing import Any

import msgspec

from gmbot.gamefile.schema import PHASE_RE, POWER_RE
from gmbot.gamefile.settings.durations import parse_duration

OPEN = "open"
DRAW_WITH_ME, NO_VOTE = "draw_with_me", "none"
VOTE_RULES = (DRAW_WITH_ME, NO_VOTE)
KEYS = ("fill", "after", "votes", "smart_cd")


class BotRules(msgspec.Struct, frozen=True, kw_only=True):
    """As the game keeps them (GameSettings.bots; stored empty: no bots, a game loaded
    before there were any)."""

    fill: tuple[str, ...] | None = None  # None: no seat by the rule; ("open",): every one
    after_seconds: float = 0.0  # a seat waits this long for a human
    after_phase: str | None = None  # ... or until this phase
    votes: str = DRAW_WITH_ME
    smart_cd: bool = False

    def fills(self, power: str) -> bool:
        """Whether the rule lets the bot take `power`'s seat (once it has waited)."""
        return self.fill is not None and (self.fill == (OPEN,) or power in self.fill)

    def unknown_seats(self, powers: list[str], roles: list[str]) -> list[str]:
        """A problem for each seat `fill` names that the game has not (the map's powers,
        the file's role players)."""
        return [f"unknown power {k} (powers: {', '.join(powers)})" for k in self.fill or ()
                if k != OPEN and k not in powers and k not in roles]

    @property
    def votes_draws(self) -> bool:
        return self.votes == DRAW_WITH_ME

    def describe(self) -> str:
        """One line for players and the GM."""
        if self.fill is None and not self.smart_cd:
            return "bots play only the seats the GM gives them"
        parts = []
        if self.fill is not None:
            which = "any seat without a player" if self.fill == (OPEN,) else ", ".join(self.fill)
            wait = (f" from {self.after_phase}" if self.after_phase else
                    f" after {self.after_seconds / 3600:g} hours without one"
                    if self.after_seconds else "")
            parts.append(f"a bot plays {which}{wait}")
        if self.smart_cd:
            parts.append("a power put in civil disorder is played by a bot")
        vote = ("a bot accepts any draw that includes it and never concedes"
                if self.votes_draws else "a bot does not vote")
        return "; ".join([*parts, vote])


def read_bots(value: Any) -> tuple[BotRules, list[tuple[str, str]]]:
    """The section read, with its problems as (sub-path, message) pairs."""
    if value is None:
        return BotRules(), []
    if not isinstance(value, dict):
        return BotRules(), [("", "expected a mapping, e.g. {fill: open, after: 2d, "
                                 "votes: draw_with_me}")]
    problems: list[tuple[str, str]] = []
    for key in value:
        if key not in KEYS:
            problems.append((str(key), f"unknown key {key!r} (allowed: {', '.join(KEYS)})"))
    fill = _fill(value.get("fill"), problems)
    seconds, phase = _after(value.get("after"), problems)
    votes = value.get("votes", DRAW_WITH_ME)
    if not isinstance(votes, str) or votes.strip().lower() not in VOTE_RULES:
        problems.append(("votes", f"expected {' or '.join(VOTE_RULES)}, not {votes!r}"))
        votes = DRAW_WITH_ME
    smart = value.get("smart_cd", False)
    if not isinstance(smart, bool):
        problems.append(("smart_cd", f"expected true or false, not {smart!r}"))
        smart = False
    return BotRules(fill=fill, after_seconds=seconds, after_phase=phase,
                    votes=votes.strip().lower(), smart_cd=smart), problems


def _fill(value: Any, problems: list[tuple[str, str]]) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, str) and value.strip().lower() == OPEN:
        return (OPEN,)
    if isinstance(value, list) and value and all(isinstance(p, str) for p in value):
        powers = tuple(dict.fromkeys(p.strip().upper() for p in value))
        bad = [p for p in powers if not POWER_RE.fullmatch(p)]
        if not bad:
            return powers
        problems.append(("fill", f"not a power's name: {', '.join(bad)}"))
        return None
    problems.append(("fill", f"expected open or a list of powers such as [FRANCE, ITALY], "
                             f"not {value!r}"))
    return None


def _after(value: Any, problems: list[tuple[str, str]]) -> tuple[float, str | None]:
    if value is None:
        return 0.0, None
    if isinstance(value, str) and PHASE_RE.fullmatch(value.strip().upper()):
        return 0.0, value.strip().upper()
    try:
        return parse_duration(value).total_seconds(), None
    except ValueError:
        problems.append(("after", f"expected a duration such as 2d or 36h, or a phase such "
                                  f"as S1903M, not {value!r}"))
        return 0.0, None
