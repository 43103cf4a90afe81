"""Al-Andalus's movement phase: the Prince's and the Wazir's orders made one plan (plan.py),
a Wazir-General's attack bonus, and the court's effects on the board after the moves,
the retreats and the winter (generals appointed and demoted, a Fall's captures)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmbot.engine.adjudicate import capture_centres
from gmbot.engine.orders import Move, Order
from gmbot.engine.report import LOSS, Mark
from gmbot.engine.resolve import ATTACK
from gmbot.engine.state import MOVEMENT, GameState, Unit
from gmbot.variants.al_andalus.base import CourtBase
from gmbot.variants.al_andalus.court import Court, general_unit, mark_owners, prince_name
from gmbot.variants.al_andalus.plan import court_decisions, plan_movement

if TYPE_CHECKING:
    from gmbot.engine.resolve import Resolution

GENERAL_BONUS = 0.5  # "A unit with a general attacks at 1.5 strength"


class CourtMovement(CourtBase):
    """The movement phase and the court's effects on the board (see the module doc)."""

    def reconcile(self, state: GameState, orders: list[Order]) -> dict[str, Order]:
        if state.phase.kind != MOVEMENT:
            return super().reconcile(state, orders)
        plan = plan_movement(state, self, orders, self.generals)
        court_decisions(state, plan, orders, self.generals)
        self._plan = (str(state.phase), plan)
        return plan.unit_orders

    def strength(self, res: Resolution, kind: str, unit: Unit, supports: int) -> float:
        base = super().strength(res, kind, unit, supports)
        return base + GENERAL_BONUS if kind == ATTACK and self.general_of(unit) else base

    def after_movement(self, state: GameState, res: Resolution) -> GameState:
        if self._plan is None or self._plan[0] != str(state.phase):
            return state
        plan = self._plan[1]
        self._notes = list(plan.public)
        self._marks = []
        court = plan.court
        assert court is not None
        units, dislodged = dict(state.units), dict(state.dislodged)
        where: dict[str, str] = {}  # province before -> province after
        for i, prov in enumerate(res.src):
            order = res.orders[i]
            if isinstance(order, Move) and not res.dislodged(i) and res.move_ok(i):
                where[prov] = order.dest_prov
            else:
                where[prov] = prov

        def retag(prov: str, **attrs: Any) -> None:
            for table in (units, dislodged):
                if prov in table:
                    entry = table[prov]
                    unit = entry if isinstance(entry, Unit) else entry.unit
                    power = attrs.pop("power", unit.power)
                    new = dict(unit.attrs, **attrs)
                    new = {k: v for k, v in new.items() if v is not None}
                    fresh = Unit(power, unit.type, unit.loc, new)
                    # Each entry goes back into its own table (a Unit into units, a
                    # Dislodged into dislodged): a pairing the loop's type cannot carry.
                    table[prov] = fresh if isinstance(entry, Unit) else type(entry)(  # type: ignore[assignment]
                        fresh, entry.attacker_from, entry.by_convoy)
                    return

        for prov, wazir in plan.appointed.items():
            retag(where.get(prov, prov), general=wazir)
        for w in plan.demoted:
            unit = general_unit(state, w)
            if unit is not None:
                retag(unit.prov, general=None)
        centers = dict(state.centers)
        for w, dest in plan.transfers.items():
            unit = general_unit(state, w)
            if unit is not None:
                retag(unit.prov, power=dest)
            for c in court.wazirs[w].centres:
                centers[c] = dest
        after = state.with_(units=units, dislodged=dislodged, centers=centers)
        if state.phase.season == "F" and not after.dislodged:
            after = self._fall_captures(after, court)
        return self._tidy(court.apply(after))

    def after_retreats(self, state: GameState) -> GameState:
        if state.phase.season != "F":
            return self._tidy(state)
        court = Court.of(state)
        return self._tidy(court.apply(self._fall_captures(state, court)))

    def after_adjustments(self, state: GameState) -> GameState:
        return self._tidy(state)

    def _fall_captures(self, state: GameState, court: Court) -> GameState:
        """The centres the Fall is about to change (the engine captures them next): a
        Wazir-General's captures are his; a Prince left with no centre but his general's
        leaves his Wazir to the conqueror's EXECUTE or TAKE, the general keeping his unit
        and centres as his own; a Wazir serving no Prince with no centre left loses his
        unit."""
        taken = capture_centres(state).centers
        powers = state.map.powers
        units, centers = dict(state.units), dict(state.centers)
        generals: dict[str, Unit] = {}  # Wazir -> the unit he commands
        unit: Unit | None  # each unit, then each sitting Wazir's general's if any
        for unit in state.units.values():
            general = self.general_of(unit)
            if not general or general not in court.wazirs:
                continue
            generals[general] = unit
            mine = court.wazirs[general].centres
            if state.centers.get(unit.prov) != taken.get(unit.prov) \
                    and unit.prov in state.map.supply_centres and unit.prov not in mine:
                mine.append(unit.prov)
            # His are the centres his unit's owner (his Prince, or he) still holds.
            mine[:] = [c for c in mine if taken.get(c) == unit.power]
        for prince in powers:
            had = [c for c, o in state.centers.items() if o == prince]
            sitting = court.wazir_of(prince)
            unit = generals.get(sitting.key) if sitting else None
            his = set(court.wazirs[sitting.key].centres) if sitting and unit \
                and unit.power == prince else set()
            if not had or any(o == prince and c not in his for c, o in taken.items()):
                continue
            if sitting is None:
                continue
            sitting.court = None
            lost = sorted(c for c in had if taken.get(c) != prince)
            captor = next((taken[c] for c in lost if taken.get(c) in powers), None)
            if unit is not None and his:
                # "SCs captured by the Wazir-General's unit remain under the control of
                # the Wazir": his own now, no Prince's.
                units[unit.prov] = Unit(sitting.key, unit.type, unit.loc, unit.attrs)
                for c in his:
                    centers[c] = sitting.key
                self._notes.append(
                    f"Wazir-General {sitting.key} keeps {unit} and his centres "
                    f"{', '.join(sorted(his))}: they are his own, no Prince's.")
            if captor is None:
                self._notes.append(f"{prince_name(state, prince)} has no centre left: "
                                   f"Wazir {sitting.key} is a free agent.")
                continue
            court.captives[sitting.key] = captor
            self._notes.append(
                f"{prince_name(state, captor)} has taken the last centre of "
                f"{prince_name(state, prince)}: Wazir {sitting.key} awaits "
                f"{prince_name(state, captor)}'s EXECUTE or TAKE in the next movement phase.")
        for key, unit in generals.items():
            if unit.power not in powers and not court.wazirs[key].centres:
                # "until ... the Wazir runs out of SCs (and is a free-agent)"
                del units[unit.prov]
                self._marks.append(Mark(LOSS, unit.loc, "Wazir-General's unit disbanded",
                                        unit=unit.type, words="disbanded", power=key))
                self._notes.append(f"Wazir-General {key} has no centre left: his unit "
                                   f"{unit} is disbanded.")
        return state.with_(units=units, centers=centers)

    def _tidy(self, state: GameState) -> GameState:
        """A general is a general only while he serves his unit's Prince (arrest and
        captivity end it) and while his unit lives: otherwise the unit and his land are his
        Prince's. A unit that is its Wazir's own lives only while he commands it and
        serves no Prince; centres of a Wazir without his unit are no one's."""
        court = Court.of(state)
        changed = False
        powers = state.map.powers
        units = dict(state.units)
        for prov, unit in state.units.items():
            key = unit.attrs.get("general")
            wazir = court.active(key or "") if self.generals else None
            if unit.power not in powers:
                if key != unit.power or wazir is None or wazir.court is not None:
                    del units[prov]  # executed, resigned: no Prince to take it
                    changed = True
            elif key and self.generals and (wazir is None or wazir.court != unit.power):
                attrs = {k: v for k, v in unit.attrs.items() if k != "general"}
                units[prov] = Unit(unit.power, unit.type, unit.loc, attrs)
                changed = True
        state = state.with_(units=units) if changed else state
        owning = {u.power for u in units.values()} | {
            d.unit.power for d in state.dislodged.values()}
        lapsed = sorted(c for c, o in state.centers.items() if o not in powers
                        and o not in owning)
        if lapsed:
            state = state.with_(centers={c: o for c, o in state.centers.items()
                                         if c not in lapsed})
            changed = True
        for w in court.wazirs.values():
            if w.centres and general_unit(state, w.key) is None:
                w.centres = []
                changed = True
        return mark_owners(court.apply(state) if changed else state)
