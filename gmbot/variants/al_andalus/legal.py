"""The court orders a Prince or a Wazir may give this phase (for the engine's legal
orders): a Prince's HIRE of each Wazir, ARREST, APPOINT GENERAL of each of his units,
EXECUTE and TAKE of a Wazir he holds; a Wazir's GO TO COURT of each Prince, PLUNDER and
a Wazir-General's RESIGN. Court orders are given in movement phases only. The unit
orders a Wazir may give (his Prince's units, or a Wazir-General's own) come from the
board, by `may_order`; the reading of each line keeps only those the rules allow now."""

from __future__ import annotations

from gmbot.engine.state import MOVEMENT, GameState
from gmbot.variants.al_andalus.court import Court


def court_lines(state: GameState, power: str, generals: bool) -> list[str]:
    if state.phase.kind != MOVEMENT:
        return []
    court = Court.of(state)
    if power in state.map.powers:
        lines = [f"HIRE {key}" for key in sorted(court.wazirs) if court.active(key)]
        lines.append("ARREST")
        if generals:
            lines += [f"APPOINT GENERAL {unit}" for unit in
                      sorted(state.units_of(power), key=lambda u: u.prov)]
        for key, captor in sorted(court.captives.items()):
            if captor == power:
                lines += [f"EXECUTE {key}", f"TAKE {key}"]
        return lines
    if court.active(power) is None:
        return []
    lines = [f"GO TO COURT {prince}" for prince in state.map.powers]
    return [*lines, "PLUNDER", *(["RESIGN"] if generals else [])]
