"""What a mail asks for: the game it names, its password, its commands, its order lines and
its press blocks. Data only: parse.py splits a mail's lines into a Request."""

from __future__ import annotations

from dataclasses import dataclass, field

from gmbot.press.syntax import PressBlock


@dataclass(frozen=True)
class Line:
    number: int  # 1-based position among the mail's command lines
    text: str


@dataclass(frozen=True)
class Command:
    name: str
    args: tuple[str, ...]
    line: Line


@dataclass
class Request:
    game: str | None = None
    password: str | None = None
    commands: list[Command] = field(default_factory=list)
    orders: list[Line] = field(default_factory=list)
    press: list[PressBlock] = field(default_factory=list)  # never read as orders

    def has(self, name: str) -> bool:
        return any(c.name == name for c in self.commands)
