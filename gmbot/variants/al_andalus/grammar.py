"""The court orders of Al-Andalus and how they are written.

They name no unit (`loc` is empty), so the engine keeps them beside the unit orders.
Both the short forms and the rule text's sentences are understood:

    HIRE lordelindel                     The Prince of Zaragoza hires Wazir lordelindel.
    GO TO COURT ZARAGOZA                 I go to the court of the Prince of Zaragoza.
    PLUNDER    ARREST    APPOINT GENERAL A TOL    EXECUTE name    TAKE name    RESIGN
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gmbot.engine.orders import Order


@dataclass(frozen=True, slots=True)
class Hire(Order):
    wazir: str

    def __str__(self) -> str:
        return f"HIRE {self.wazir}"


@dataclass(frozen=True, slots=True)
class GoToCourt(Order):
    prince: str

    def __str__(self) -> str:
        return f"GO TO COURT {self.prince}"


@dataclass(frozen=True, slots=True)
class Plunder(Order):
    def __str__(self) -> str:
        return "PLUNDER"


@dataclass(frozen=True, slots=True)
class Arrest(Order):
    def __str__(self) -> str:
        return "ARREST"


@dataclass(frozen=True, slots=True)
class Appoint(Order):
    unit: str  # the province of the unit the Wazir will command

    def __str__(self) -> str:
        # The unit as the player wrote it, A ZAM (the ack echoed "APPOINT GENERAL ZAM").
        return f"APPOINT GENERAL {self.utype + ' ' if self.utype else ''}{self.unit}"


@dataclass(frozen=True, slots=True)
class Execute(Order):
    wazir: str

    def __str__(self) -> str:
        return f"EXECUTE {self.wazir}"


@dataclass(frozen=True, slots=True)
class Take(Order):
    wazir: str

    def __str__(self) -> str:
        return f"TAKE {self.wazir}"


@dataclass(frozen=True, slots=True)
class Resign(Order):
    """A Wazir-General gives up his command."""

    def __str__(self) -> str:
        return "RESIGN"


COURT_ORDERS = (Hire, GoToCourt, Plunder, Arrest, Appoint, Execute, Take, Resign)
RESIGN_WORDS = {"RESIGN", "RESIGN COMMAND", "GIVE UP COMMAND", "I GIVE UP COMMAND"}

HIRE_RE = re.compile(r"^(?:THE PRINCE OF (?P<prince>.+?) HIRES|HIRES?)(?: WAZIR)? (?P<who>.+)$")
GO_RE = re.compile(
    r"^(?:I )?GO(?:ES)? TO (?:THE )?COURT(?: OF)?(?: THE)?(?: PRINCE)?(?: OF)? (?P<prince>.+)$"
)
APPOINT_RE = re.compile(r"^APPOINT (?:\S+ )?(?:AS )?GENERAL (?:OF )?(?P<unit>.+)$")
NAMED_RE = re.compile(r"^(?P<verb>EXECUTE|TAKE)(?: WAZIR)? (?P<who>.+)$")


def normal(line: str) -> str:
    """Upper case, single spaces, no trailing full stop or quotes."""
    text = " ".join(line.replace('"', " ").split()).upper()
    return text.rstrip(".!").strip()


def name_key(text: str) -> str:
    """A Wazir's key from how a line names him (as `Player.key`: the name upper-cased)."""
    return " ".join(text.split()).upper()
