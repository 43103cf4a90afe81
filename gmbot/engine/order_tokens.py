"""A line's words as the order grammars read them, for one map: a power's label before a
colon dropped, arrows and dashes made one "-" (a hyphen inside a name of the map kept),
brackets and punctuation gone; and which runs of words name one of its places."""

from __future__ import annotations

import re

from gmbot.engine.map import GameMap, norm_name

_LABEL = re.compile(r"^\s*([^:]{1,40}):\s*(.*)$")
_ARROWS = re.compile(r"->|=>|→|–|—|-")
_PUNCT = re.compile(r"[(),.;:!?]")


class Tokenizer:
    """One map's tokenizer (built once per map, with its parser)."""

    def __init__(self, game_map: GameMap) -> None:
        self.map = game_map
        self.max_words = max(
            (len(n.split()) for p in game_map.provinces.values() for n in (p.name, *p.aliases)),
            default=1,
        )
        # Hyphens inside names ("Mid-Atlantic") are not move arrows. Only words spelt with a
        # hyphen in the map are protected: a bare join would read "SWE-DEN" as Sweden.
        hyphenated = sorted(
            {
                word.upper()
                for p in game_map.provinces.values()
                for n in (p.name, *p.aliases)
                for word in n.split()
                if "-" in word.strip("-")
            },
            key=len,
            reverse=True,
        )
        self._hyphen_words = (
            re.compile(r"(?<!\w)(" + "|".join(map(re.escape, hyphenated)) + r")(?!\w)")
            if hyphenated
            else None
        )

    def split(self, text: str) -> list[str]:
        # "Seville: A SEV - CAD", "Austria-Hungary: A VIE - GAL": a power name before a
        # colon is a label, even when the name is also a province.
        label = _LABEL.match(text)
        if label and self.map.power(label.group(1)):
            text = label.group(2)
        text = text.upper().replace("/", " / ")
        if self._hyphen_words is not None:
            text = self._hyphen_words.sub(lambda m: m.group(1).replace("-", " "), text)
        text = _ARROWS.sub(" - ", text)
        text = text.replace("+", " + ")
        # A "(nc)" coast keeps its meaning without the brackets.
        text = _PUNCT.sub(" ", text)
        toks = text.split()
        # "Germany: A MUN - BER" or "FRANCE A PAR ..." : a leading power name is noise,
        # unless it begins a place's name ("Castilla Vieja").
        if len(toks) > 1 and self.map.power(toks[0]) and not self.names_place(toks):
            toks = toks[1:]
        return toks

    def names_place(self, toks: list[str]) -> bool:
        """Whether the first words of `toks` name a place."""
        longest = min(len(toks), self.max_words + 1)
        return any(self.name_at(toks, 0, j) for j in range(1, longest + 1))

    def name_at(self, toks: list[str], start: int, end: int) -> str | None:
        """The province the words toks[start:end] name, if they name one."""
        words = toks[start:end]
        if "-" in words[1:-1] or words[-1] == "-":
            return None
        return self.map.names.get(norm_name("".join(words)))
