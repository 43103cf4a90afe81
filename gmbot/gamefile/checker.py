"""The whole game file checked, section by section, into a GameSpec: the top-level keys
here, the people and the position in their own checks."""

from __future__ import annotations

import re
from typing import Any

from gmbot.gamefile.check_joining import JoiningChecks
from gmbot.gamefile.check_players import PlayerChecks
from gmbot.gamefile.check_position import PositionChecks
from gmbot.gamefile.paths import child
from gmbot.gamefile.schema import AUTH_MODES, NAME_RE, TOP_KEYS
from gmbot.gamefile.settings.absences import AbsenceRules
from gmbot.gamefile.settings.bots import read_bots
from gmbot.gamefile.settings.deadlines import DeadlinePolicy, PolicyError
from gmbot.gamefile.settings.nmr import NmrPolicy, NmrPolicyError, read_policy
from gmbot.gamefile.settings.press import PressRules, check_section
from gmbot.gamefile.settings.votes import VoteRules, check_votes
from gmbot.gamefile.spec import GameSpec
from gmbot.press.limits import broadcast_problems


class Checker(PlayerChecks, PositionChecks, JoiningChecks):
    """Checks converted game-file data; every problem goes to the tree's list."""

    def game(self, data: Any) -> GameSpec | None:
        top = self.mapping(data, "", TOP_KEYS)
        if top is None:
            return None
        name = self.text(top, "name", "", required=True)
        if name is not None and not NAME_RE.fullmatch(name):
            self.problem("name", f"{name!r}: use lower-case letters, digits and hyphens")
        title = self.text(top, "title", "")
        rules_link = self.web_address(top, "rules_link")
        variant = self.text(top, "variant", "", required=True)
        options = top.get("options")
        if options is None:
            options = {}
        elif not isinstance(options, dict):
            self.problem("options", "expected a mapping, e.g. {solo: 17}")
        gm = self.address(top, "gm", "")
        judge = self.address(top, "judge", "")
        signup = self.signup(top.get("signup"), "signup" in top)
        players = self.players(top.get("players"), "players" in top, open_seats=signup is not None)
        takeover_approval = self.takeover_approval(top.get("takeover"))
        if judge and gm and judge.lower() == gm.lower():
            self.problem("judge", "the judge address must differ from the gm address")
        for i, p in enumerate(players or ()):
            if judge and p and p.address.lower() == judge.lower():
                self.problem(f"players[{i}].address", "the judge's own address cannot play")
        deadlines = self.deadlines(top.get("deadlines"))
        absences = self.absences(top.get("absences"))
        nmr = self.nmr(top)
        auth = (self.text(top, "auth", "") or "on").lower()
        if auth not in AUTH_MODES:
            self.problem("auth", f"unknown mode {auth!r} (allowed: {', '.join(AUTH_MODES)})")
        gm_password = self.secret(top, "gm_password", "")
        position = self.position(top.get("position"))
        press, press_problems = check_section(top.get("press"))
        for sub, message in press_problems:
            self.problem(child("press", sub) if sub else "press", message)
        observers = self.observers(top.get("observers"), gm, judge, players or [])
        standby = self.standby(top.get("standby"), gm, judge, players or [])
        votes, anonymous = self.votes(top)
        see_addresses = self.flag_at(top, "players_see_addresses")
        bots, bot_problems = read_bots(top.get("bots"))
        for sub, message in bot_problems:
            self.problem(child("bots", sub) if sub else "bots", message)
        if press is not None:
            seats = sum(1 for p in players or () if p)
            for sub, message in broadcast_problems(press.per_mail, press.per_hour,
                                                   seats + len(observers)):
                self.problem(child("press", sub), message)
        if not variant or not isinstance(options, dict):
            return None  # nothing to check against a variant's map
        if any(p.path.startswith("position") for p in self.tree.problems):
            position = None  # its shape is wrong: its contents cannot be checked
        # With problems this is the partial spec (see GameFileError.partial).
        return GameSpec(
            name=name or "",
            title=title,
            variant=variant,
            options=options,
            gm=gm or "",
            judge=judge or "",
            players=tuple(p for p in players or () if p),
            player_rows=tuple(i for i, p in enumerate(players or ()) if p),
            deadlines=deadlines or DeadlinePolicy(),
            nmr=nmr.name,
            nmr_policy=nmr,
            auth=auth,
            gm_password=gm_password,
            position=position,
            press=press or PressRules(),
            observers=observers,
            rules_link=rules_link,
            absences=absences or AbsenceRules(),
            signup=signup,
            open_powers=tuple(self.open_powers),
            takeover_approval=takeover_approval,
            standby=standby,
            votes=votes or VoteRules(),
            anonymous=anonymous,
            players_see_addresses=see_addresses and not anonymous,
            bots=bots,
            filename=self.tree.filename,
            lines=dict(self.tree.lines),
        )

    def votes(self, top: dict[str, Any]) -> tuple[VoteRules | None, bool]:
        """The `votes:` section and the `anonymous:` flag."""
        votes, problems = check_votes(top.get("votes"))
        for sub, message in problems:
            self.problem(child("votes", sub) if sub else "votes", message)
        anonymous = top.get("anonymous", False)
        if not isinstance(anonymous, bool):
            self.problem("anonymous", f"expected true or false, not {anonymous!r}")
            anonymous = False
        return votes, anonymous

    def flag_at(self, top: dict[str, Any], key: str) -> bool:
        """A top-level true/false key (false when absent)."""
        value = top.get(key, False)
        if not isinstance(value, bool):
            self.problem(key, f"expected true or false, not {value!r}")
            return False
        return value

    def web_address(self, top: dict[str, Any], key: str) -> str | None:
        """An optional web page the GM names (rules_link: RULES mails it)."""
        value = self.text(top, key, "")
        if value is not None and (not re.fullmatch(r"https?://\S+", value) or len(value) > 500):
            self.problem(key, "expected one web address (https://...), at most 500 characters")
            return None
        return value

    def absences(self, value: Any) -> AbsenceRules | None:
        """The limits on players' absences (docs/absences.md)."""
        try:
            return AbsenceRules.from_mapping(value)
        except PolicyError as exc:
            for sub, message in exc.problems:
                self.problem(child("absences", sub) if sub else "absences", message)
            return None
    def nmr(self, top: dict[str, Any]) -> NmrPolicy:
        """The `nmr:` policy (gmbot/gamefile/settings/nmr.py); a plain word is read as written."""
        value = top.get("nmr")
        if value is not None and not isinstance(value, dict | list):
            value = self.text(top, "nmr", "")
        try:
            return read_policy(value)
        except NmrPolicyError as exc:
            for sub, message in exc.problems:
                self.problem(child("nmr", sub) if sub else "nmr", message)
            return NmrPolicy()

    def deadlines(self, value: Any) -> DeadlinePolicy | None:
        try:
            return DeadlinePolicy.from_mapping(value)
        except PolicyError as exc:
            for sub, message in exc.problems:
                self.problem(child("deadlines", sub), message)
            return None
