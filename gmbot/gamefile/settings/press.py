"""A game's press rules (the game file's `press:` section) and the one check every
press message passes before anything of it is delivered. Pure: no store, no mail.

The default, with no `press:` section: signed press, private and broadcast, in every
phase; no fake signatures; the GM gets no copies of private press; the per-mail and
per-hour press limits of gmbot/press/limits.py. After the end of the game (`after_end`),
the debrief: by default what the game allowed, and broadcasts even in a game without
press; signed or grey as the sender likes, since there is nothing left to hide, and no
phase to wait for.

Part of a game's settings (this package), read once with them; the per-mail and per-hour
counting is gmbot/press/limits.py's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from gmbot.press import limits
from gmbot.press.limits import PER_HOUR, PER_MAIL, Allowance

ALLOWED = ("all", "public", "none")  # private and broadcast / broadcast only / no press
SIGNING = ("white", "grey", "both")
PHASE_TYPES = ("movement", "retreat", "adjustment")
KEYS = ("allowed", "signing", "fake", "phases", "gm_copies", "after_end", "display_names",
        "per_mail", "per_hour")
_PHASE_LETTER = {"M": "movement", "R": "retreat", "A": "adjustment"}


class PressRules(msgspec.Struct, frozen=True, kw_only=True):
    """As the game keeps them (GameSettings.press); a game stored before a key existed
    takes its default, the limits too."""

    allowed: str = "all"
    signing: str = "white"
    fake: bool = False  # grey press may be signed with another player's name
    phases: tuple[str, ...] = PHASE_TYPES
    gm_copies: bool = False  # the GM receives a copy of all private press
    after_end: str | None = None  # one of ALLOWED; None: the default (see ended_allows)
    # Players' display names (the game file's `name:`) are public: press may be addressed
    # by them. Off by default: the answer to PRESS TO ALICE would say which power she plays.
    display_names: bool = False
    per_mail: Allowance = PER_MAIL  # press one mail may relay (messages, copies, bytes)
    per_hour: Allowance = PER_HOUR  # ... and one sender in an hour, this mail included

    def ended_allows(self) -> str:
        """What press goes after the end of the game: `after_end`, else what the game
        allowed, but at least broadcasts (the debrief of a game without press)."""
        return self.after_end or ("all" if self.allowed == "all" else "public")

    def default_grey(self) -> bool:
        """How press is signed when the sender does not say: white where allowed."""
        return self.signing == "grey"

    def summary(self) -> str:
        """One line for HELP and the acks: what this game allows."""
        if self.allowed == "none":
            return "This game has no press (press to the GM only)."
        what = {"all": "private press and broadcasts", "public": "broadcasts only"}[self.allowed]
        how = {"white": "signed", "grey": "anonymous (grey)",
               "both": "signed or anonymous (grey)"}[self.signing]
        when = ("in every phase" if set(self.phases) == set(PHASE_TYPES)
                else "in " + " and ".join(f"{p} phases" for p in self.phases) + " only")
        extra = ", fake signatures allowed" if self.fake else ""
        copies = "; the GM receives a copy of all private press" if self.gm_copies else ""
        copies += "; players may be addressed by name" if self.display_names else ""
        after = {"all": "private press and broadcasts", "public": "broadcasts only",
                 "none": "no press"}[self.ended_allows()]
        return (f"Press: {what}, {how}{extra}, {when}{copies}. After the game's end: {after}. "
                f"Limits: {self.per_mail.text()} per mail, {self.per_hour.text()} per hour.")


@dataclass(frozen=True)
class Attempt:
    """What a press message asks for, as the rules see it."""

    private: bool  # not to every player (a partial broadcast is private)
    grey: bool
    fake: bool
    phase: str  # the open phase's name, e.g. S1901M; "" when none is open
    to_gm_only: bool = False
    by_gm: bool = False
    ended: bool = False  # the game is over: the debrief rules (after_end) apply


def refusal(rules: PressRules, attempt: Attempt) -> str | None:
    """Why the game's rules forbid this press, or None. Press to the GM alone is always
    allowed (as in njudge: players may always write to the master), and the GM's own
    press is never limited."""
    if attempt.by_gm or attempt.to_gm_only:
        return None
    if attempt.ended:
        return _ended_refusal(rules, attempt)
    if not attempt.phase:
        return "no phase is open: press goes only while the game runs"
    if rules.allowed == "none":
        return "this game has no press (you may still write to the GM: PRESS TO GM)"
    if attempt.private and rules.allowed == "public":
        return "this game allows broadcasts only, no private press"
    phase_type = _PHASE_LETTER.get(attempt.phase[-1:], "")
    if phase_type not in rules.phases:
        return (f"this game has press only in {' and '.join(rules.phases)} phases, "
                f"not in this {phase_type} phase")
    if attempt.grey and rules.signing == "white":
        return "this game allows signed (white) press only, not grey"
    if not attempt.grey and rules.signing == "grey":
        return "this game allows anonymous (grey) press only; drop WHITE"
    if attempt.fake and not rules.fake:
        return "this game does not allow fake signatures"
    return None


def _ended_refusal(rules: PressRules, attempt: Attempt) -> str | None:
    after = rules.ended_allows()
    if after == "none":
        return "this game has no press after its end (you may still write to the GM)"
    if attempt.private and after == "public":
        return "after the end of this game only broadcasts are relayed"
    if attempt.fake and not rules.fake:
        return "this game does not allow fake signatures"
    return None


def check_section(data: Any) -> tuple[PressRules | None, list[tuple[str, str]]]:
    """The game file's `press:` mapping checked: the rules, or the problems found."""
    problems: list[tuple[str, str]] = []
    if data is None:
        return PressRules(), problems
    if not isinstance(data, dict):
        return None, [("", "expected a mapping, e.g. {allowed: all, signing: both}")]
    for key in data:
        if key not in KEYS:
            problems.append((str(key), f"unknown key {key!r} (allowed: {', '.join(KEYS)})"))
    values: dict[str, Any] = {}
    for key, choices in (("allowed", ALLOWED), ("signing", SIGNING), ("after_end", ALLOWED)):
        value = data.get(key)
        if value is None:
            continue
        if str(value).lower() not in choices:
            problems.append((key, f"{value!r}: use one of {', '.join(choices)}"))
        else:
            values[key] = str(value).lower()
    for key in ("fake", "gm_copies", "display_names"):
        value = data.get(key)
        if value is None:
            continue
        if not isinstance(value, bool):
            problems.append((key, f"{value!r}: use true or false"))
        else:
            values[key] = value
    written, wrong = limits.check_keys(data)
    values.update(written)
    problems += wrong
    phases = data.get("phases")
    if phases is not None:
        items = phases if isinstance(phases, list) else [phases]
        wanted = [str(p).lower() for p in items]
        bad = [p for p in wanted if p not in PHASE_TYPES]
        if bad or not wanted:
            problems.append(("phases", f"{', '.join(bad) or 'empty'}: list of "
                             f"{', '.join(PHASE_TYPES)}"))
        else:
            values["phases"] = tuple(p for p in PHASE_TYPES if p in wanted)
    if values.get("fake") and values.get("signing", "white") == "white":
        problems.append(("fake", "fake signatures are grey press: set signing to grey or both"))
    if problems:
        return None, problems
    return PressRules(**values), problems
