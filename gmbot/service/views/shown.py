"""The records the results mails, the site's pages and the pictures are rendered from: one
recipient's view of a phase (its public part, redacted for him, and his private part) and
the board as the results list it. Built by views/results.py from the typed phase report;
the templates and gmbot/picture read their fields."""

from __future__ import annotations

import msgspec

from gmbot.engine.report import Mark, Row, Shown


class Piece(msgspec.Struct, frozen=True, omit_defaults=True):
    """A unit as a picture draws it: its type, place, what its label adds ("red",
    "Wazir-General X"), and `mark` how it is drawn ("aloft", "invisible")."""
    type: str
    loc: str
    note: str
    mark: str = ""


class BoardRow(msgspec.Struct, frozen=True):
    """One owner's line of the board: his centres, the units the viewer may see (labelled),
    his adjustment, how many units he has (`unseen` of them not shown), his home centres
    where the results list them (None: not listed) and the units for the picture."""
    power: str
    name: str
    centres: list[str]
    units: list[str]
    adjust: int
    counted: int
    unseen: int
    homes: list[str] | None
    pieces: list[Piece]


class CentreChange(msgspec.Struct):
    gained: list[str]
    lost: list[str]


class PublicView(msgspec.Struct, frozen=True):
    """What every reader of one view reads of a phase (a position alone has no orders,
    dislodged units, notes or changes): its rows per power, the dislodged units, the
    notes, the board after it, and the variants' marks and events he may see."""
    phase: str
    next_phase: str
    phase_long: str = ""
    next_phase_long: str = ""
    orders: dict[str, list[Row]] = {}
    dislodged: dict[str, Shown] = {}
    notes: list[str] = []
    winner: str | None = None
    eliminated: list[str] = []
    centre_changes: dict[str, CentreChange] = {}
    board: list[BoardRow] = []
    marks: dict[str, list[str]] = {}  # province -> the rules' board marks
    events: list[Mark] = []


class Refused(msgspec.Struct, frozen=True):
    """A line of a player's orders that was not accepted, and why."""
    line: str
    reason: str


class PrivateView(msgspec.Struct, frozen=True):
    """What only `viewer` may read: his units, what he must order, his refused lines, the
    phase's notes for him and the rules' private lines; `commands`: the units he orders
    that are not his (a Wazir's Prince's units, a Wazir-General's command)."""
    viewer: str
    units: list[str]
    to_order: list[str]
    rejected: list[Refused]
    extra: list[str]
    commands: list[str] = []


class MasterPart(msgspec.Struct, frozen=True):
    """One power's (or role's) part of the game master's copy: what its own section told
    it alone, in its order: what it must order next (not a movement's every unit, which
    the board lists), its refused lines, the phase's lines for it alone (a bribe and who
    offered it, a spell cast in secret) and where it stands (the rules' `master_lines`:
    builds and where, a balance, spells left)."""
    to_order: list[str] = []
    rejected: list[Refused] = []
    told: list[str] = []
    standing: list[str] = []


class MasterView(msgspec.Struct, frozen=True):
    """What the game master's copy adds, so that he can check the judge: per power, one
    part with what only that power reads (those with nothing to tell left out)."""
    powers: dict[str, MasterPart]


class View(msgspec.Struct, frozen=True):
    """One recipient's view: the public part as he may see it, and his own part (None
    for the public and the game master); `master` the game master's own part."""
    public: PublicView
    private: PrivateView | None = None
    master: MasterView | None = None


def view_key(view: View) -> str:
    """What a picture is drawn from: views with the same public part share one."""
    return msgspec.json.encode(view.public, order="deterministic").decode()
