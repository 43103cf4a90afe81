"""Al-Andalus's movement phase: the Prince's and the Wazir's orders made one plan (plan.py),
a Wazir-General's attack bonus, and the court's effects on the board after the moves,
the retreats and the winter (generals appointed and demoted, a Fall's captures)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from gmbot.engine.adjudicate import capture_centres
from gmbot.engine.orders import Move, Order
from gmbot.engine.report import LOSS, Mark
from gmbot.engine.resolve import ATTACK, DEFEND, PREVENT
from gmbot.engine.state import MOVEMENT, GameState, Unit
from gmbot.variants.al_andalus.base import CourtBase
from gmbot.variants.al_andalus.court import Court, general_unit, mark_owners, prince_name
from gmbot.variants.al_andalus.decisions import court_decisions
from gmbot.variants.al_andalus.plan import plan_movement

if TYPE_CHECKING:
    from gmbot.engine.resolve import Resolution

GENERAL_BONUS = 0.5  # "A unit with a general attacks at 1.5 strength"
MOVING = frozenset({ATTACK, PREVENT, DEFEND})  # the strengths of a move, not of a hold


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
        """A general's move is 1.5 strong wherever its move's strength counts: to attack,
        to keep a rival out of the province it moves to (prevent) and head to head
        (defend): so two generals' moves meet as any two moves do, bouncing. Holding, it
        is 1, as the rules say ("defends with single strength"). Against another unit
        than a general only the attack can tell: its strengths are whole numbers."""
        base = super().strength(res, kind, unit, supports)
        return base + GENERAL_BONUS if kind in MOVING and self.general_of(unit) else base

    def after_movement(self, state: GameState, res: Resolution) -> GameState:
        if self._plan is None or self._plan[0] != str(state.phase):
            return state
        plan = self._plan[1]
        self._notes = list(plan.public)
        self._marks, self._draws = [], []
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

        def retag(prov: str, beaten: bool = False, **attrs: Any) -> None:
            # A dislodged unit (`beaten`) is in the dislodged table: its attacker stands
            # in its province on the board and is not the unit meant.
            for table in ((dislodged,) if beaten else (units,)):
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

        beaten = {entry.unit for entry in dislodged.values()}
        for prov, wazir in plan.appointed.items():
            if prov in dislodged:  # the unit he was to command is dislodged: void
                self._notes.append(f"The appointment of Wazir {wazir} as general of "
                                   f"{dislodged[prov].unit} is void: the unit was dislodged.")
                continue
            retag(where.get(prov, prov), general=wazir)
        # A general's unit is the unit he commands, wherever it stands, dislodged or not.
        for w in plan.demoted:
            unit = general_unit(state, w)
            if unit is not None:
                retag(unit.prov, unit in beaten, general=None)
        centers = dict(state.centers)
        for w, dest in plan.transfers.items():
            unit = general_unit(state, w)
            if unit is not None:
                retag(unit.prov, unit in beaten, power=dest)
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
        Wazir-General's captures are his (they count for his Prince: a Prince with no
        centre but his general's has not fallen); a Prince left with no centre at all
        leaves his Wazir to the conqueror's EXECUTE or TAKE; a Wazir serving no Prince with
        no centre left loses his unit."""
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
            if not had or any(o == prince for o in taken.values()) or sitting is None:
                continue
            sitting.court = None
            captor = self._conqueror(state, prince, [taken.get(c) for c in had])
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

    def _conqueror(self, state: GameState, fallen: str, owners: list[str | None]) -> str | None:
        """The Prince who conquers `fallen`, from the new owners of the centres it had:
        the Prince who took most of them; Princes tied for most, a seeded coin toss,
        logged (ruling). None when no Prince took any."""
        counts = Counter(o for o in owners if o in state.map.powers and o != fallen)
        if not counts:
            return None
        most = max(counts.values())
        tied = sorted(p for p, n in counts.items() if n == most)
        if len(tied) == 1:
            return tied[0]
        winner = self.rng(state, f"conqueror of {fallen}").choice(tied)
        self._draws.append({"purpose": f"conqueror of {fallen}", "among": tied,
                            "value": winner})
        self._notes.append(
            f"{' and '.join(prince_name(state, p) for p in tied)} each took {most} of "
            f"{prince_name(state, fallen)}'s last centres: a coin toss makes "
            f"{prince_name(state, winner)} the conqueror.")
        return winner

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
