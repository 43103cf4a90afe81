"""How a Warlock unit that shares its name with another is told apart: a ghost named as
its real unit, a balloon aloft over an army of the same name. Their rows and facts have
keys of their own (never a unit's name; cleared before any viewer reads a row), and a
player names them in EXPLAIN as his results do: `BALLOON A PAR`, `GHOST F EDI` (the
word GHOST his alone: to the others a ghost is a real unit), or a ghost made this turn
by where it went."""

from __future__ import annotations

from gmbot.engine.map import province_of
from gmbot.engine.report import PhaseReport
from gmbot.engine.state import MOVEMENT, GameState, Unit
from gmbot.engine.steps import steps_of_line

BALLOON, GHOST = "BALLOON", "GHOST"
# The words a player writes for one of them, and the one each means: the results list a
# balloon as "A PAR (aloft)" and announce it "In the air".
WORDS = {BALLOON: BALLOON, "ALOFT": BALLOON, "AIR": BALLOON, GHOST: GHOST}


def ghost_key(name: str) -> str:
    """What a ghost's row and facts are keyed by: its row is named as its real unit's."""
    return f"{name} (ghost)"


def balloon_key(name: str) -> str:
    """What the row and facts of a unit aloft at the start of the turn are keyed by: an
    army may stand below it under the same name."""
    return f"{name} (aloft)"


def fact_key(unit: Unit) -> str:
    if unit.attrs.get("ghost"):
        return ghost_key(str(unit))
    return balloon_key(str(unit)) if unit.attrs.get("aloft") else str(unit)


def word_of(unit: Unit, viewer: str | None) -> str:
    if unit.attrs.get("aloft"):
        return BALLOON  # everyone reads who is in the air
    return GHOST if unit.attrs.get("ghost") and viewer == unit.power else ""


def ghosts_made(before: GameState, report: PhaseReport) -> list[tuple[Unit, str]]:
    """The ghosts cast this turn, named as their rows are (as their real units), each
    with the province where it went (or faded). A ghost of an earlier turn stood on the
    board at the start: it is a unit of the phase already."""
    if report.hidden_notes is None:
        return []
    out = []
    for power, rows in sorted(report.hidden_notes.ghosts.items()):
        for row in rows:
            utype, _, loc = row.unit.partition(" ")
            here = before.units.get(province_of(loc))
            if here is not None and here.attrs.get("ghost"):
                continue
            steps = row.steps or steps_of_line(row.order, before.map, MOVEMENT)
            went = (steps[0].to or steps[0].at) if steps else loc
            out.append((Unit(power, utype, loc, {"ghost": True}), province_of(went)))
    return out

