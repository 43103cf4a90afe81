"""The court's decisions of a movement phase that follow the plan (plan.py): the
conqueror's EXECUTE or TAKE of a captive Wazir, a Wazir-General's RESIGN and a Prince's
APPOINT GENERAL, on the courts as the phase leaves them."""

from __future__ import annotations

from gmbot.engine.orders import Order
from gmbot.engine.state import GameState
from gmbot.variants.al_andalus.court import Court, general_unit, prince_name
from gmbot.variants.al_andalus.grammar import Appoint, Execute, Resign, Take
from gmbot.variants.al_andalus.plan import Plan


def court_decisions(state: GameState, plan: Plan, orders: list[Order],
                    generals: bool) -> None:
    """EXECUTE / TAKE of captive Wazirs, and Wazir-General appointments, on plan.court."""
    court = plan.court
    assert court is not None
    start = Court.of(state)
    for o in orders:
        wazir = court.wazirs.get(getattr(o, "wazir", ""))
        if isinstance(o, (Execute, Take)) and court.captives.get(o.wazir) == o.power \
                and wazir is not None:
            del court.captives[o.wazir]
            who = prince_name(state, o.power)
            if isinstance(o, Execute):
                wazir.executed, wazir.dinars, wazir.court = True, 0, None
                plan.public.append(f"{who} executes Wazir {o.wazir}; his dinars are lost.")
                unit = general_unit(state, o.wazir) if generals else None
                if unit is not None:
                    plan.public.append(f"Wazir {o.wazir}'s unit {unit} is disbanded; his "
                                       f"centres are no one's.")
            elif court.wazir_of(o.power) is None:
                wazir.court = o.power
                wazir.dinars += court.held.pop(o.power, 0)
                plan.public.append(f"{who} takes Wazir {o.wazir} into his court.")
                if generals and general_unit(state, o.wazir) is not None:
                    # He joins a court: his unit and his centres pass to the new Prince.
                    plan.transfers[o.wazir] = o.power
            else:
                plan.public.append(f"{who} cannot take Wazir {o.wazir}, having a Wazir: "
                                   f"{o.wazir} is a free agent.")
    for w, captor in sorted(court.captives.items()):
        # The captor's first movement phase after the conquest was his time to decide.
        del court.captives[w]
        plan.public.append(f"{prince_name(state, captor)} neither executed nor took Wazir "
                           f"{w}: he is a free agent.")
    if not generals:
        return
    for o in orders:
        wazir = court.active(o.power)
        if isinstance(o, Resign) and wazir is not None and o.power not in plan.transfers \
                and o.power not in plan.demoted:
            # He cedes the unit and his centres to the Prince he serves after the phase;
            # serving none, he has no one to cede them to: the unit is disbanded.
            plan.demoted.add(o.power)
            wazir.centres = []
            plan.public.append(
                f"Wazir {o.power} gives up his command; his unit and centres are "
                f"{prince_name(state, wazir.court)}'s." if wazir.court else
                f"Wazir {o.power} gives up his command; serving no Prince, his unit is "
                f"disbanded and his centres are no one's.")
    for o in orders:
        if not isinstance(o, Appoint):
            continue
        before, after = start.wazir_of(o.power), court.wazir_of(o.power)
        unit = state.units.get(o.unit)
        who = prince_name(state, o.power)
        if before is None or after is None or before.key != after.key or unit is None:
            plan.public.append(f"{who} appoints a Wazir-General: failed, no Wazir stays at "
                               f"the court.")
            continue
        plan.appointed[o.unit] = after.key
        plan.public.append(f"{who} appoints Wazir {after.key} general of {unit}.")
