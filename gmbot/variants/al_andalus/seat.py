"""What an Al-Andalus seat is while nobody plays it, for the notice of an opened seat
(guide.md, "Leaving the game"): a Prince's NMR acts as ARREST every phase, and a Wazir's
seat is as if he gave no orders, which a Wazir may always do (ruling 17)."""

from __future__ import annotations

from gmbot.engine.state import GameState
from gmbot.variants.al_andalus.court import Court, general_unit, prince_name
from gmbot.variants.al_andalus.report import dinars

_UNTIL = "Until a new player takes it over,"


def prince_seat(state: GameState, prince: str, generals: bool, removals: str) -> str:
    """A Prince who sends no orders is an NMR, which acts as ARREST (ruling 16); his
    removals are made `removals` (the rules' disorder_removals)."""
    wazir = Court.of(state).wazir_of(prince)
    held = "all its units hold"
    if generals and wazir is not None and general_unit(state, wazir.key) is not None:
        held += " (its Wazir-General's too, and the ARREST ends his command)"
    arrest = (f", and its Wazir {wazir.key} is arrested: half his dinars go to the Prince "
              "and he becomes a free agent" if wazir is not None else "")
    return (f"{_UNTIL} {prince} is in civil disorder: it sends no orders, and in each "
            f"movement phase that is an NMR, which acts as ARREST: {held}{arrest}. It hires "
            f"no Wazir and builds nothing, and the removals it owes are made {removals}.")


def wazir_seat(state: GameState, key: str, generals: bool) -> str | None:
    """A Wazir nobody plays gives no orders, as any Wazir may: he stays where he is, with
    his dinars; None for a key that is no Wazir still in the game."""
    court = Court.of(state)
    wazir = court.active(key)
    if wazir is None:
        return None
    unit = general_unit(state, key) if generals else None
    if wazir.court:
        prince = prince_name(state, wazir.court)
        where = (f"he stays at the court of {prince} with his {dinars(wazir.dinars)}, and "
                 f"is paid as before for each of its units that holds; {prince} orders its "
                 f"{'other ' if unit is not None else ''}units alone")
    elif key in court.captives:
        where = (f"he stays the captive of {prince_name(state, court.captives[key])}, who "
                 f"decides his fate as before; his {dinars(wazir.dinars)} stay his")
    else:
        where = (f"he stays a free agent at no court, earning nothing; his "
                 f"{dinars(wazir.dinars)} stay his")
    general = ""
    if unit is not None:
        whose = "his own unit" if unit.power == key else "the unit he commands as Wazir-General"
        general = (f" {unit}, {whose}, holds (only he may order it), and is disbanded if "
                   "it is dislodged.")
    return (f"{_UNTIL} {key} gives no orders, as a Wazir may: {where}.{general} A Wazir's "
            "orders are optional, so the game never waits for this seat.")
