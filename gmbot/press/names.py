"""Who a press header names. A press recipient is a seat: a power (FRANCE, written
`France`, `FRA`, `F` or any of the map's names for it) or a role player by his name
(an Al-Andalus Wazir: `BOB`, `Wazir Bob`), or the GM; where the game makes players'
display names public, a power's player by his name too (`Alice`). Pure: the caller
gives the seats, the display names and the map's name lookup."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

GM_NAMES = {"GM", "MASTER", "GAMEMASTER", "M"}
GM = "GM"


@dataclass(frozen=True)
class Seat:
    key: str  # the engine's name: FRANCE, or a role player's name upper-cased (BOB)
    label: str  # as shown in press: "France", "Wazir Bob"
    role: str | None = None


class Names:
    def __init__(self, seats: list[Seat], map_power: Callable[[str], str | None],
                 display: dict[str, str] | None = None) -> None:
        """`display`: players' display names (as written) -> their seat keys."""
        self.seats = {s.key: s for s in seats}
        self.map_power = map_power
        initials: dict[str, list[str]] = {}
        for key in self.seats:
            initials.setdefault(key[0], []).append(key)
        # njudge writes recipients as initials (PRESS TO FG); only unambiguous ones count.
        self.initials = {c: keys[0] for c, keys in initials.items() if len(keys) == 1}
        self.display: dict[str, str] = {}
        written = [(" ".join(n.upper().split()), k) for n, k in (display or {}).items()]
        for name, key in written:
            # Only a name that names nobody else: not a power, a role player, the GM,
            # initials, or a second player (names differing in case only).
            if (key in self.seats and name and not self._one(name)
                    and sum(n == name for n, _ in written) == 1):
                self.display[name] = key

    def label(self, key: str) -> str:
        if key == GM:
            return "the GM"
        seat = self.seats.get(key)
        return seat.label if seat else key.title()

    def resolve(self, words: tuple[str, ...]) -> tuple[list[str], list[str]]:
        """The seats (and GM) named by the words, in order and once each, and the words
        that name nobody. Multi-word names (GREAT BRITAIN, WAZIR BOB) are tried first."""
        found: list[str] = []
        unknown: list[str] = []
        i = 0
        while i < len(words):
            for size in (3, 2, 1):
                if i + size > len(words):
                    continue
                keys = self._one(" ".join(words[i:i + size]))
                if keys:
                    found.extend(k for k in keys if k not in found)
                    i += size
                    break
            else:
                unknown.append(words[i])
                i += 1
        return found, unknown

    def _one(self, text: str) -> list[str]:
        word = text.upper()
        if word in GM_NAMES:
            return [GM]
        if word in self.seats:
            return [word]
        for seat in self.seats.values():
            if seat.role and word in (seat.label.upper(), f"{seat.role.upper()} {seat.key}"):
                return [seat.key]
        key = self.map_power(word)
        if key in self.seats:
            return [key]
        if word in self.display:
            return [self.display[word]]
        if word.isalpha() and " " not in word and all(c in self.initials for c in word):
            return [self.initials[c] for c in word]
        return []
