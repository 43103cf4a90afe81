"""Who has ordered in Al-Andalus: what a Prince or a Wazir still has to order, and what the
acknowledgement of his orders adds (the auto-hold to come, ARREST, HIRE, GO TO COURT)."""

from __future__ import annotations

from collections.abc import Sequence

from gmbot.engine.orders import Hold, Order
from gmbot.engine.pending import standard_missing
from gmbot.engine.state import MOVEMENT, RETREAT, GameState
from gmbot.variants.al_andalus.base import CourtBase
from gmbot.variants.al_andalus.court import Court, general_unit, prince_name
from gmbot.variants.al_andalus.grammar import Arrest, GoToCourt, Hire, Resign, Take
from gmbot.variants.al_andalus.plan import auto_hold_unit
from gmbot.variants.al_andalus.report import dinars


class CourtWaiting(CourtBase):
    """Missing orders and acknowledgements (see the module doc)."""

    def missing_orders(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        kind = state.phase.kind
        if not self.is_prince(state, power):
            # A Wazir's orders are optional (his NMR is as if he had no court); only a
            # Wazir-General's dislodged unit waits for him.
            return standard_missing(state, self, power, orders) if kind == RETREAT else []
        if kind != MOVEMENT:
            return super().missing_orders(state, power, orders)
        units = [u for u in state.units_of(power) if self.may_order(state, power, u)]
        if not units or any(isinstance(o, Arrest) for o in orders):
            return []
        ordered = {o.prov for o in orders}
        unordered = [str(u) for u in units if u.prov not in ordered]
        if not orders:
            return unordered  # nothing yet: an NMR, which would act as ARREST
        # One unit may stay unordered (it holds); one more if a Wazir may order it.
        sitting = Court.of(state).wazir_of(power)
        helped = sitting is not None and not (self.generals and general_unit(state, sitting.key))
        free = 2 if helped else 1
        return unordered if len(unordered) > free else []

    def ack_lines(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        if state.phase.kind != MOVEMENT:
            return []
        court = Court.of(state)
        if not self.is_prince(state, power):
            return self._wazir_ack(state, power, orders, court)
        lines = []
        sitting = court.wazir_of(power)
        if any(isinstance(o, Arrest) for o in orders):
            who = sitting.key if sitting else "?"
            lines.append(f"ARREST: all your units will hold; Wazir {who} loses half his "
                         f"dinars to you unless he leaves for another court.")
            return lines
        takes = [o for o in orders if isinstance(o, Take)]
        for o in orders:
            if isinstance(o, Hire) and takes:
                lines.append(f"HIRE {o.wazir}: it fails, your TAKE {takes[-1].wazir} fills "
                             f"your court this phase.")
            elif isinstance(o, Hire):
                lines.append(f"HIRE {o.wazir}: he joins your court only if he orders "
                             f"GO TO COURT {power} this phase.")
        mine = {o.prov: o for o in orders if o.loc}
        own = [u for u in state.units_of(power) if self.may_order(state, power, u)]
        general = general_unit(state, sitting.key) if sitting and self.generals else None
        if general is None and len(own) >= 2 and all(
            u.prov in mine and not isinstance(mine[u.prov], Hold) for u in own
        ):
            unit = auto_hold_unit(state, self, power, own)
            lines.append(f"You ordered every unit: if these orders stand, {unit} will hold "
                         f"(auto-hold), unless your Wazir orders one of your units "
                         f"differently: that unit then holds instead.")
        return lines

    def _wazir_ack(self, state: GameState, power: str, orders: list[Order],
                   court: Court) -> list[str]:
        wazir = court.active(power)
        if wazir is None:
            return []
        where = (f"You serve {prince_name(state, wazir.court)}" if wazir.court
                 else "You are a free agent")
        lines = [f"{where}; you have {dinars(wazir.dinars)}.", *self._own_unit(state, wazir)]
        for o in orders:
            if isinstance(o, GoToCourt):
                lines.append(f"GO TO COURT {o.prince}: you move only if "
                             f"{prince_name(state, o.prince)} HIREs you this phase; either "
                             f"way you give no unit orders this phase.")
            elif isinstance(o, Resign):
                # A bare RESIGN is this order, not the seat's: say which (the trial of 3
                # December read the ack's "you command A BUR" as RESIGN not taken).
                then = (f"it is {prince_name(state, wazir.court)}'s" if wazir.court else
                        "serving no Prince, it is disbanded")
                lines.append(f"RESIGN: after this phase you command no unit ({then}). You "
                             f"stay in the game: RESIGN {power} would give up your seat.")
        return lines

    def without_orders(self, state: GameState, power: str,
                       orders: Sequence[Order] = ()) -> str:
        court = Court.of(state)
        kind = state.phase.kind
        if self.is_prince(state, power):
            if kind != MOVEMENT:
                return super().without_orders(state, power, orders)
            sitting = court.wazir_of(power)
            if not orders:  # rule 16: an NMR acts as ARREST
                if sitting is None:
                    return ("Without them every unit of yours holds: a Prince's missed "
                            "orders act as ARREST (your court has no Wazir to arrest).")
                return (f"Without them your missed orders act as ARREST: every unit of "
                        f"yours holds, and Wazir {sitting.key} loses half his dinars to "
                        f"you and leaves your court a free agent (unless he moves to "
                        f"another court this phase).")
            helped = sitting is not None and not (
                self.generals and general_unit(state, sitting.key))
            return ("Without them the units you have not ordered hold"
                    + (", unless your Wazir orders one of them." if helped else "."))
        wazir = court.active(power)
        if wazir is None:
            return ""
        unit = general_unit(state, power) if self.generals else None
        if kind == RETREAT and unit is not None:
            return f"Without them {unit}, the unit you command as Wazir-General, is disbanded."
        if kind != MOVEMENT:
            return "A Wazir gives no orders in this phase: nothing waits for you."
        # Rule 17: a Wazir's orders are optional.
        if not wazir.court:
            own = f" and {unit} holds" if unit is not None else ""
            return (f"Without them you stay a free agent with your "
                    f"{dinars(wazir.dinars)}{own}.")
        led = f", {unit} holding" if unit is not None else ""
        return (f"Without them it is as if {prince_name(state, wazir.court)} had no "
                f"Wazir this phase: his orders stand{led}, and you are still paid for "
                f"his units that hold.")
