"""What shows an invisible unit: the text's three events, and nothing else. It supports a
unit, or bounces with another unit (its move meets a unit and fails, or a move into its
province meets it and fails), on any leg of a double order; taking a centre is seen at
the end of the Fall (after.py). A move that fails without meeting a unit (a convoy that
is disrupted or has no route) meets nobody and shows nothing; nor does dislodging
another unit, being supported or convoyed, or being dislodged."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmbot.engine.orders import Move, SupportHold, SupportMove
from gmbot.engine.state import GameState, Unit
from gmbot.variants.warlock.log import with_attrs

if TYPE_CHECKING:
    from gmbot.engine.resolve import Resolution

BOUNCED = "bounced"  # the resolver's code for a move that met a unit and failed


def reveal_reason(res: Resolution, i: int, turn: dict[str, Any],
                  renamed: dict[str, str] | None = None) -> str | None:
    """Why unit i of `res`, invisible, is seen after that resolution; None if it is not.
    A support a spell cut is a support given: its row is under the unit's name at the
    start of the turn (`renamed`: the names after the first legs to those)."""
    order = res.orders[i]
    name = str(res.units[i])
    row = (renamed or {}).get(name, name)
    if isinstance(order, (SupportHold, SupportMove)) or (
            turn["rows"].get(row, ["", ""])[1] == "cut"):
        return "it gave a support"
    if isinstance(order, Move):
        if res.move_ok(i):
            return None  # gone from its province: what fails there meets nobody
        if res.result_code(i) == BOUNCED:
            return "it bounced"
    if any(res.result_code(m) == BOUNCED for m in res.moves_into.get(res.src[i], ())):
        return "a unit bounced off it"
    return None


def seen(state: GameState, turn: dict[str, Any], unit: Unit, why: str,
         named: bool = False) -> Unit:
    """The public lines of an invisible unit seen (with the spells kept secret on it),
    and the unit as it is now: visible."""
    owner = state.map.powers[unit.power].name
    turn["public"].append(f"An invisible unit of {owner} is seen: {why}"
                          + (f": {unit}" if named else ""))
    for spell in unit.attrs.get("secret_spells", []):
        turn["public"].append(f"{owner} had cast on it: {spell}")
    return visible(unit)


def visible(unit: Unit) -> Unit:
    return with_attrs(unit, invisible=None, secret_spells=None)
