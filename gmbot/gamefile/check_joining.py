"""The game file's joining sections: `signup:` (a game open for sign-up by mail: how many
seats, whether the GM approves each joiner, whether observers may sign on, when sign-up
closes) and `takeover:` (whether the GM approves a standby's TAKEOVER of an open seat).
docs/game-file.md and docs/joining.md say what each means."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from gmbot.gamefile.check_fields import FieldChecks
from gmbot.gamefile.paths import child
from gmbot.gamefile.spec import Signup

SIGNUP_KEYS = ("seats", "approval", "observers", "close")
TAKEOVER_KEYS = ("approval",)


class JoiningChecks(FieldChecks):
    def signup(self, value: Any, present: bool) -> Signup | None:
        if value is None:
            if present:
                self.problem("signup", "expected a mapping, e.g. {seats: 7}")
            return None
        if value is True:
            return Signup()  # `signup: true`: every seat the file leaves open
        entry = self.mapping(value, "signup", SIGNUP_KEYS)
        if entry is None:
            return None
        seats = entry.get("seats")
        if seats is not None and (isinstance(seats, bool) or not isinstance(seats, int)
                                  or seats < 1):
            self.problem("signup.seats", f"expected a whole number of seats, 1 or more, "
                                         f"not {seats!r}")
            seats = None
        return Signup(seats=seats,
                      approval=self.flag(entry, "approval", "signup", False),
                      observers=self.flag(entry, "observers", "signup", False),
                      close=self.moment(entry, "close", "signup"))

    def takeover_approval(self, value: Any) -> bool:
        if value is None:
            return False
        entry = self.mapping(value, "takeover", TAKEOVER_KEYS)
        return False if entry is None else self.flag(entry, "approval", "takeover", False)

    def flag(self, data: dict[str, Any], key: str, path: str, default: bool) -> bool:
        value = data.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            self.problem(child(path, key), f"expected true or false, not {value!r}")
            return default
        return value

    def moment(self, data: dict[str, Any], key: str, path: str) -> datetime | None:
        """A date, or a date and time (UTC), written as 2026-04-01 or 2026-04-01 18:00."""
        text = self.text(data, key, path)
        if text is None:
            return None
        try:
            found = datetime.fromisoformat(text)
        except ValueError:
            self.problem(child(path, key), f"expected a date such as 2026-04-01 or "
                                           f"2026-04-01 18:00 (UTC), not {text!r}")
            return None
        return found if found.tzinfo else found.replace(tzinfo=UTC)
