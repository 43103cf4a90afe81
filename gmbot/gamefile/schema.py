"""What a game file may say: its keys, the forms of its names and addresses, the
policies it may choose, and the stand-in for a password the judge does not keep."""

from __future__ import annotations

import re

NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]*")
POWER_RE = re.compile(r"[A-Z][A-Z0-9_-]*")
ROLE_RE = re.compile(r"[a-z][a-z0-9_-]*")
PHASE_RE = re.compile(r"[SFW][0-9]+[MRA]")
# Deliberately loose (single-label domains such as localhost are allowed): it catches typos,
# not every RFC 5322 corner case.
EMAIL_RE = re.compile(
    r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*"
)

TOP_KEYS = ("name", "title", "variant", "options", "gm", "judge", "players", "deadlines", "nmr",
            "position", "press", "observers", "auth", "gm_password", "rules_link",
            "absences", "signup", "takeover", "standby", "votes", "anonymous",
            "players_see_addresses", "bots")  # fmt: skip
AUTH_MODES = ("on", "none")  # docs/security.md
SECRET_KEYS = ("password", "gm_password")  # never kept in clear: see redact_secrets
REDACTED = "(not kept)"
PLAYER_KEYS = ("address", "power", "role", "name", "password", "backup")
POSITION_KEYS = ("phase", "units", "centers", "homes", "dislodged", "standoffs", "powers",
                 "extra_centres", "extra")
