"""When a player is done for early processing: his orders complete, and nothing of his own
holding the phase. Two things hold it: refused lines in his latest orders mail (a mistake
is not adjudicated before he could fix it: a later mail without refused lines, or READY,
lifts it), and WAIT (his own wish to hold early processing this phase, until READY). A
refused line that a later line of the same mail corrected, giving its unit an order that
stands, does not hold (engine/corrections.py says which: never a spell, a bribe, a vote
or a build; views/refused_lines.py keeps the mark with the line).

The hold is kept with each order set (OrderSet.hold): a new orders mail keeps a WAIT and
drops a READY, so that a READY forgives only the refused lines it was sent after."""

from __future__ import annotations

from typing import Any

from gmbot.service.views.refused_lines import holds
from gmbot.store.models import OrderSet

WAIT, READY = "wait", "ready"  # OrderSet.hold
REFUSED_LINES = "refused lines"  # why a player is held: his last orders mail's refused lines
WAITING = "WAIT"  # ... or his WAIT


def held_by(row: OrderSet | None) -> str | None:
    """What of the player's own holds early processing, from his latest set: WAITING,
    REFUSED_LINES or None."""
    return None if row is None else hold_of(row.errors, row.hold)


def hold_of(errors: list[Any] | None, hold: str | None) -> str | None:
    """`held_by` of a set's refused lines (as stored) and hold."""
    if hold == WAIT:
        return WAITING
    if errors and hold != READY and holds(errors):
        return REFUSED_LINES
    return None


def carried_hold(last_hold: str | None, commands: list[str]) -> str | None:
    """The hold of a player's new set: the mail's last WAIT or READY if it has one, else a
    WAIT carried over from his last set (a READY is not: it was for the lines before)."""
    for name in reversed(commands):
        if name == "WAIT":
            return WAIT
        if name == "READY":
            return READY
    return WAIT if last_hold == WAIT else None


def hold_note(held: str | None) -> str | None:
    """What the player is told of his hold (acknowledgement, STATUS, READY and WAIT)."""
    if held == WAITING:
        return ("You sent WAIT: the phase is not processed early while you wait; send "
                "READY when you are done (the deadline still stands).")
    if held == REFUSED_LINES:
        return ("Your last orders mail had refused lines: the phase is not processed early "
                "until a later mail has none, or you send READY to let your orders stand "
                "as they are.")
    return None
