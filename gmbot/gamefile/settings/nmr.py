"""The game file's `nmr:` policy: what becomes of a power whose player stops ordering.

`hold` (the default) keeps the old behaviour: a power without orders holds, phase after
phase, and nobody is told. Anything else counts the phases in a row in which the player
had something to order and sent nothing; at `after` of them `then` happens:
`civil_disorder` opens his seat (he is no longer a player; the power is adjudicated
without orders until someone takes it over) and, with `replace`, a call for a replacement
goes to the standby list; `tell_gm` only tells the GM. Whether a TAKEOVER of the open
seat needs the GM's approval is the game file's one `takeover: {approval: ...}` (an
`nmr: {approval: ...}` is refused, pointing there). Named forms: `hold`,
`civil_disorder` (the defaults below), or a mapping of any of the three keys."""

from __future__ import annotations

from typing import Any

import msgspec

HOLD, CIVIL_DISORDER, TELL_GM = "hold", "civil_disorder", "tell_gm"
THEN = (CIVIL_DISORDER, TELL_GM)
KEYS = ("after", "then", "replace")
MOST_PHASES = 20  # a longer patience is no policy: the GM would rather watch by hand


class NmrPolicyError(ValueError):
    """(sub-path, message) problems of an `nmr:` value."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(m for _, m in problems))


class NmrPolicy(msgspec.Struct, frozen=True, kw_only=True):
    """As the game keeps it (GameSettings.missed_orders; stored empty: hold)."""

    then: str = HOLD  # hold | civil_disorder | tell_gm
    after: int = 2  # phases in a row without orders (only phases he had to order in)
    replace: bool = True  # a call for a replacement goes to the standby list

    @property
    def name(self) -> str:
        """What GameSettings.nmr keeps: the policy's kind."""
        return self.then

    @property
    def opens_seats(self) -> bool:
        return self.then == CIVIL_DISORDER

    def describe(self) -> str:
        """One line for players and the GM."""
        if self.then == HOLD:
            return "a power without orders holds; nobody is put in civil disorder"
        what = ("its seat is opened and the power is in civil disorder"
                if self.opens_seats else "the GM is told")
        return (f"after {self.after} {'phase' if self.after == 1 else 'phases'} in a row "
                f"without orders {what}")


NAMED = {HOLD: NmrPolicy(), CIVIL_DISORDER: NmrPolicy(then=CIVIL_DISORDER)}


def read_policy(value: Any) -> NmrPolicy:
    """The policy an `nmr:` value says (None: the default, hold). Raises NmrPolicyError
    naming each wrong field."""
    if value is None:
        return NAMED[HOLD]
    if isinstance(value, str):
        policy = NAMED.get(value.strip().lower())
        if policy is None:
            raise NmrPolicyError([("", f"unknown policy {value!r} (allowed: hold, "
                                       "civil_disorder, or a mapping such as "
                                       "{after: 2, then: civil_disorder, replace: true})")])
        return policy
    if not isinstance(value, dict):
        raise NmrPolicyError([("", "expected hold, civil_disorder or a mapping such as "
                                   "{after: 2, then: civil_disorder}")])
    problems: list[tuple[str, str]] = []
    for key in value:
        if key == "approval":  # one setting for it, read by TAKEOVER: not two that disagree
            problems.append(("approval", "the GM's approval of a TAKEOVER is set by "
                                         "`takeover: {approval: true}`, not under nmr:"))
        elif key not in KEYS:
            problems.append((str(key), f"unknown key {key!r} (allowed: {', '.join(KEYS)})"))
    then = value.get("then", CIVIL_DISORDER)
    if not isinstance(then, str) or then.strip().lower() not in THEN:
        problems.append(("then", f"expected one of {', '.join(THEN)}, not {then!r}"))
        then = CIVIL_DISORDER
    after = value.get("after", 2)
    if isinstance(after, bool) or not isinstance(after, int) or not 1 <= after <= MOST_PHASES:
        problems.append(("after", f"expected a number of phases from 1 to {MOST_PHASES}, "
                                  f"not {after!r}"))
        after = 2
    replace = value.get("replace", True)
    if not isinstance(replace, bool):
        problems.append(("replace", f"expected true or false, not {replace!r}"))
    if problems:
        raise NmrPolicyError(problems)
    return NmrPolicy(then=then.strip().lower(), after=after, replace=replace)
