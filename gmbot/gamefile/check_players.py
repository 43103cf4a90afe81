"""The game file's people: the players (an address and a power or a role each, none
twice), the observers and the standby list (addresses not already in the game)."""

from __future__ import annotations

from typing import Any

from gmbot.gamefile.check_fields import FieldChecks
from gmbot.gamefile.schema import EMAIL_RE, PLAYER_KEYS, POWER_RE, ROLE_RE
from gmbot.gamefile.spec import Player


class PlayerChecks(FieldChecks):
    open_powers: list[str]

    def players(self, value: Any, present: bool,  # noqa: C901 - each player field checked
                open_seats: bool = False) -> list[Player | None] | None:
        """`open_seats`: a game open for sign-up, where a power listed without an address
        is a seat to fill by mail (self.open_powers), and the list may be left out."""
        self.open_powers = []
        if value is None and open_seats:
            return []
        if value is None:
            self.problem("players", "required" if not present else "must list the players")
            return None
        if not isinstance(value, list) or not value:
            self.problem("players", "expected a non-empty list of players")
            return None
        result: list[Player | None] = []
        seen: dict[tuple[str, str], int] = {}

        def unique(kind: str, key: str, path: str, i: int) -> None:
            first = seen.setdefault((kind, key.lower()), i)
            if first != i:
                self.problem(path, f"{kind} {key!r} already used by players[{first}]")

        for i, item in enumerate(value):
            path = f"players[{i}]"
            entry = self.mapping(item, path, PLAYER_KEYS)
            if entry is None:
                result.append(None)
                continue
            power = self.text(entry, "power", path)
            if open_seats and entry.get("address") is None and entry.get("role") is None \
                    and power is not None:
                self.open_powers.append(power.upper())
                unique("power", power.upper(), f"{path}.power", i)
                result.append(None)
                continue
            address = self.address(entry, "address", path)
            role = self.text(entry, "role", path)
            name = self.text(entry, "name", path)
            password = self.secret(entry, "password", path)
            backup = self.text(entry, "backup", path)
            if backup is not None and not EMAIL_RE.fullmatch(backup):
                self.problem(f"{path}.backup", f"not an email address: {backup!r}")
                backup = None
            elif backup is not None and address is not None \
                    and backup.lower() == address.lower():
                self.problem(f"{path}.backup", "give another address than the player's own")
                backup = None
            if power is not None and role is not None:
                self.problem(path, "give either power or role, not both")
            elif entry.get("power") is None and entry.get("role") is None:
                self.problem(path, "give a power (or a role for variants without powers)")
            if power is not None:
                power = power.upper()
                if not POWER_RE.fullmatch(power):
                    self.problem(f"{path}.power", f"not a power key: {power!r}")
                else:
                    unique("power", power, f"{path}.power", i)
            if role is not None and power is None:
                role = role.lower()
                if not ROLE_RE.fullmatch(role):
                    self.problem(f"{path}.role", f"{role!r}: use a lower-case word")
                if entry.get("name") is None:
                    self.problem(f"{path}.name", "required for a player with a role")
            if address is not None:
                unique("address", address, f"{path}.address", i)
            if name is not None:
                unique("name", name, f"{path}.name", i)
            one_of = (power is None) != (role is None)
            result.append(Player(address, power, role, name, password, backup)
                          if address is not None and one_of else None)
        return result

    def observers(self, value: Any, gm: str | None, judge: str | None,
                  players: list[Player | None]) -> tuple[str, ...]:
        return self.addresses("observers", value, gm, judge, players)

    def standby(self, value: Any, gm: str | None, judge: str | None,
                players: list[Player | None]) -> tuple[str, ...]:
        """Who is called when a seat opens (gmbot/gamefile/settings/nmr.py): not the game's own."""
        return self.addresses("standby", value, gm, judge, players)

    def addresses(self, key: str, value: Any, gm: str | None, judge: str | None,
                  players: list[Player | None]) -> tuple[str, ...]:
        """A list of addresses not already in the game, none twice."""
        if value is None:
            return ()
        if not isinstance(value, list):
            self.problem(key, "expected a list of addresses")
            return ()
        taken = {a.lower(): what for a, what in ((gm, "the gm"), (judge, "the judge"))
                 if a} | {p.address.lower(): "a player" for p in players if p}
        out: list[str] = []
        for i, item in enumerate(value):
            path = f"{key}[{i}]"
            text = self.tree.raw.get(path, item) if not isinstance(item, str) else item
            address = str(text).strip().lower()
            if not EMAIL_RE.fullmatch(address):
                self.problem(path, f"not an email address: {text!r}")
            elif address in taken:
                self.problem(path, f"{address} is {taken[address]} of this game")
            elif address in out:
                self.problem(path, f"{address} is listed twice")
            else:
                out.append(address)
        return tuple(out)
