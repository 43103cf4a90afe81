"""Al-Andalus Diplomacy: five Princes on the Iberia map and three
Wazirs who own nothing, serve a Prince's court, order one of his units and earn dinars.
Every rule is a hook here; the resolver knows nothing of courts. Rulings where the text
is silent are listed in guide.md in this folder."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmbot.engine.adjudicate import capture_centres
from gmbot.engine.orders import Hold, Move, Order, OrderError
from gmbot.engine.pending import standard_missing
from gmbot.engine.position import PositionError
from gmbot.engine.resolve import ATTACK
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, GameState, Unit
from gmbot.variants.al_andalus.court import (
    Court,
    Wazir,
    check_courts,
    general_unit,
    mark_owners,
    prince_name,
    wazir_owners,
)
from gmbot.variants.al_andalus.grammar import (
    APPOINT_RE,
    GO_RE,
    HIRE_RE,
    NAMED_RE,
    RESIGN_WORDS,
    Appoint,
    Arrest,
    Execute,
    GoToCourt,
    Hire,
    Plunder,
    Resign,
    Take,
    name_key,
    normal,
)
from gmbot.variants.al_andalus.plan import Plan, auto_hold_unit, court_decisions, plan_movement
from gmbot.variants.al_andalus.report import dinars, draw_lines, final_lines, standings

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser
    from gmbot.engine.resolve import Resolution
    from gmbot.engine.result import PhaseResult

GENERAL_BONUS = 0.5  # "A unit with a general attacks at 1.5 strength"


class AlAndalusRules(StandardRules):
    name = "al-andalus"
    map_name = "iberia"
    roles = ("wazir",)
    value_options = ("wazir_generals",)

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self.generals = bool(self.options.get("wazir_generals", False))
        self._plan: tuple[str, Plan] | None = None  # reconcile -> after_movement
        self._notes: list[str] = []

    # -- who is who ---------------------------------------------------------------------

    def is_prince(self, state: GameState, key: str) -> bool:
        return key in state.map.powers

    def general_of(self, unit: Unit) -> str | None:
        return unit.attrs.get("general") if self.generals else None

    def role_key(self, state: GameState, text: str) -> str | None:
        key = name_key(text)
        return key if key in (state.extra.get("wazirs") or {}) else None

    def seat_roles(self, state: GameState, roles: dict[str, str]) -> GameState:
        check_courts(state)
        for path, reason in self.position_problems(state):
            raise PositionError(path, reason)
        court = Court.of(state)
        for key, role in roles.items():
            if role == "wazir" and key not in court.wazirs:
                court.wazirs[key] = Wazir(key)
        return court.apply(state)

    def position_problems(self, state: GameState) -> list[tuple[str, str]]:
        owners = wazir_owners(state)
        if owners and not self.generals:
            return [("extra.owners", f"{', '.join(owners)}: a Wazir owns units and centres "
                                     f"only with the option wazir_generals: true")]
        try:  # the courts as a game file's are checked: a court of nobody, negative dinars
            check_courts(state)
        except PositionError as e:
            return [(e.path, e.reason)]
        return []

    def may_order(self, state: GameState, power: str, unit: Unit) -> bool:
        general = self.general_of(unit)
        if general and state.phase.kind != ADJUSTMENT:
            return power == general  # in winter his Prince may remove the unit
        if self.is_prince(state, power):
            return unit.power == power
        wazir = Court.of(state).active(power)
        return (
            wazir is not None and state.phase.kind == MOVEMENT and wazir.court == unit.power
            and not (self.generals and general_unit(state, power))
        )

    # -- grammar ------------------------------------------------------------------------

    def order_key(self, state: GameState, order: Order) -> tuple[str, ...]:
        # EXECUTE and TAKE are for the Wazir named; a Wazir orders one unit a phase, so his
        # new unit order replaces the earlier one whatever its unit. HIRE, GO TO COURT,
        # PLUNDER, ARREST, APPOINT, RESIGN: one each (the standard key of an order kind).
        if isinstance(order, (Execute, Take)):
            return (type(order).__name__.lower(), order.wazir)
        if order.loc and state.phase.kind == MOVEMENT and not self.is_prince(state, order.power):
            return ("unit",)
        return super().order_key(state, order)

    def order_words(self) -> frozenset[str]:
        return super().order_words() | {"HIRE", "HIRES", "GO", "PLUNDER", "ARREST", "APPOINT",
                                        "EXECUTE", "TAKE", "RESIGN"}

    def parse_extra(
        self, parser: OrderParser, line: str, power: str, state: GameState
    ) -> Order | None:
        text = normal(line)
        court = Court.of(state)
        prince = self.is_prince(state, power)
        order = self._court_order(text, power, prince, state, court, parser)
        if order is not None:
            if state.phase.kind != MOVEMENT:
                raise OrderError(f"{order} is a court order: give it in a spring or fall "
                                 f"movement phase")
            return order
        if prince:
            return self._prince_unit_line(parser, line, power, state)
        return self._wazir_unit_line(parser, line, power, state, court)

    def _court_order(self, text: str, power: str, prince: bool, state: GameState,
                     court: Court, parser: OrderParser) -> Order | None:
        gmap = state.map
        m = HIRE_RE.match(text)
        if m:
            self._need(prince, "only a Prince hires a Wazir")
            named = m.group("prince")
            if named and gmap.power(named) != power:
                raise OrderError(f"you are the Prince of {prince_name(state, power)}, "
                                 f"not of {named.title()}")
            who = name_key(m.group("who"))
            wazir = court.active(who)
            if wazir is None:
                known = ", ".join(sorted(w for w in court.wazirs if court.active(w)))
                raise OrderError(f"no Wazir called {who} (Wazirs: {known or 'none'})")
            if wazir.court == power:
                raise OrderError(f"{who} already serves you")
            return Hire(power, None, "", who)
        m = GO_RE.match(text)
        if m:
            self._need(not prince, "only a Wazir goes to a court; a Prince HIREs")
            dest = gmap.power(m.group("prince"))
            if dest is None:
                raise OrderError(f"no Prince of {m.group('prince').title()} "
                                 f"(Princes: {', '.join(gmap.powers)})")
            wazir = self._wazir(court, power)
            if wazir.court == dest:
                raise OrderError(f"you already serve the court of {prince_name(state, dest)}")
            if power in court.captives:
                raise OrderError(f"you are held by {prince_name(state, court.captives[power])}, "
                                 f"who will EXECUTE or TAKE you")
            return GoToCourt(power, None, "", dest)
        if text == "PLUNDER":
            self._need(not prince, "only a Wazir plunders")
            if self._wazir(court, power).court is None:
                raise OrderError("you serve no Prince, so there is nothing to plunder")
            return Plunder(power, None, "")
        if text in ("ARREST", "ARREST WAZIR") or text.startswith("ARREST "):
            self._need(prince, "only a Prince arrests his Wazir")
            if court.wazir_of(power) is None:
                raise OrderError("no Wazir serves at your court")
            return Arrest(power, None, "")
        m = APPOINT_RE.match(text)
        if m:
            self._need(prince, "only a Prince appoints a Wazir-General")
            if not self.generals:
                raise OrderError("this game is played without Wazir-Generals")
            sitting = court.wazir_of(power)
            if sitting is None:
                raise OrderError("no Wazir serves at your court")
            if general_unit(state, sitting.key):
                raise OrderError(f"{sitting.key} is already a general")
            prov = parser.unit_prov(m.group("unit"))
            unit = state.units.get(prov or "")
            if unit is None or unit.power != power:
                raise OrderError(f"you have no unit {m.group('unit')}")
            return Appoint(power, None, "", unit.prov)
        if text in RESIGN_WORDS:
            self._need(not prince, "only a Wazir-General gives up his command")
            self._wazir(court, power)
            if not (self.generals and general_unit(state, power)):
                raise OrderError("you command no unit as a Wazir-General")
            return Resign(power, None, "")
        m = NAMED_RE.match(text)
        if m:
            self._need(prince, "only a Prince executes or takes a Wazir")
            who = name_key(m.group("who"))
            if court.captives.get(who) != power:
                raise OrderError(f"{who} is not yours to {m.group('verb').lower()}: only the "
                                 f"Prince who took a Prince's last centre decides on his Wazir")
            if m.group("verb") == "TAKE":
                if court.wazir_of(power) is not None:
                    raise OrderError("you have a Wazir: you may EXECUTE him or let him go")
                return Take(power, None, "", who)
            return Execute(power, None, "", who)
        return None

    @staticmethod
    def _need(ok: bool, reason: str) -> None:
        if not ok:
            raise OrderError(reason)

    @staticmethod
    def _wazir(court: Court, key: str) -> Wazir:
        wazir = court.active(key)
        if wazir is None:
            gone = key in court.wazirs
            raise OrderError("you have been executed" if gone else "you are not a Wazir here")
        return wazir

    def _unit_of(self, parser: OrderParser, line: str, power: str,
                 state: GameState) -> Unit | None:
        try:
            prov = parser.parse(line, power, state.phase.kind).prov
        except OrderError:
            return None  # the standard path gives the reason
        if state.phase.kind == RETREAT:
            entry = state.dislodged.get(prov)
            return entry.unit if entry else None
        return state.units.get(prov)

    def _prince_unit_line(self, parser: OrderParser, line: str, power: str,
                          state: GameState) -> Order | None:
        if not self.generals or state.phase.kind == ADJUSTMENT:
            return None  # winter removals may take a general's unit
        unit = self._unit_of(parser, line, power, state)
        if unit is not None and unit.power not in state.map.powers:
            raise OrderError(f"{unit} is Wazir-General {unit.power}'s own unit: only he "
                             f"orders it")
        general = self.general_of(unit) if unit else None
        if general and unit is not None and unit.power == power:
            raise OrderError(f"{unit} is commanded by your Wazir-General {general}")
        return None

    def _wazir_unit_line(self, parser: OrderParser, line: str, power: str,
                         state: GameState, court: Court) -> Order | None:
        wazir = self._wazir(court, power)
        if state.phase.kind == ADJUSTMENT:
            raise OrderError("a Wazir gives no orders in the winter adjustments")
        unit = self._unit_of(parser, line, power, state)
        if unit is None:
            return None
        mine = general_unit(state, power) if self.generals else None
        if mine is not None:
            if unit.prov != mine.prov:
                raise OrderError(f"a Wazir-General commands only his own unit, {mine}")
            return None
        if state.phase.kind == RETREAT:
            raise OrderError("a Wazir gives no retreat orders (only a Wazir-General does)")
        if wazir.court is None:
            raise OrderError("you serve no Prince: a free agent orders no units")
        if unit.power != wazir.court:
            raise OrderError(f"you serve {prince_name(state, wazir.court)}: {unit} belongs "
                             f"to {prince_name(state, unit.power)}")
        return None

    def check_set(
        self, state: GameState, power: str, orders: list[Order]
    ) -> list[tuple[Order, str]]:
        refused: list[tuple[Order, str]] = []
        for kind in (Hire, GoToCourt, Appoint):
            same = [o for o in orders if isinstance(o, kind)]
            refused += [(o, f"replaced by the later {same[-1]}") for o in same[:-1]]
        if self.is_prince(state, power) or state.phase.kind != MOVEMENT:
            return refused
        units = [o for o in orders if o.loc]
        goes = [o for o in orders if isinstance(o, GoToCourt)]
        if goes:
            why = "a Wazir changing court gives no orders and cannot PLUNDER this phase"
            refused += [(o, why) for o in orders if o.loc or isinstance(o, Plunder)]
        elif len(units) > 1:
            refused += [(o, f"a Wazir orders one unit a phase: {units[0]} is your order")
                        for o in units[1:]]
        return refused

    # -- who has ordered ------------------------------------------------------------------

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
        for o in orders:
            if isinstance(o, Hire):
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
        return lines

    # -- the movement phase -----------------------------------------------------------------

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

    # -- reporting ----------------------------------------------------------------------------

    def other_owners(self, state: GameState) -> dict[str, str]:
        return {k: f"Wazir-General {k}" for k in wazir_owners(state)}

    def unit_label(self, unit: Unit) -> str:
        general = self.general_of(unit)
        return f"{unit} (Wazir-General {general})" if general else str(unit)

    def phase_notes(self, result: PhaseResult) -> None:
        lines, self._notes = self._notes, []
        lines += standings(result.after)
        if result.winner:
            lines += final_lines(result.after, result.winner)
        result.notes.setdefault("public", []).extend(lines)

    def draw_lines(self, state: GameState) -> list[str]:
        return super().draw_lines(state) + draw_lines(state)

    def private_lines(self, state: GameState, viewer: str) -> list[str]:
        court = Court.of(state)
        if self.is_prince(state, viewer):
            return [f"Wazir {w} is yours to EXECUTE or TAKE (only without a Wazir) in the "
                    f"next movement phase; otherwise he goes free."
                    for w, captor in sorted(court.captives.items()) if captor == viewer]
        wazir = court.active(viewer)
        if wazir is None:
            return []
        if wazir.court:
            where = f"you serve {prince_name(state, wazir.court)}"
        elif viewer in court.captives:
            where = f"you are held by {prince_name(state, court.captives[viewer])}"
        else:
            where = "you are a free agent"
        return [f"Wazir {viewer}: {where}; {dinars(wazir.dinars)}.",
                *self._own_unit(state, wazir)]

    def _own_unit(self, state: GameState, wazir: Wazir) -> list[str]:
        """For a Wazir-General serving no Prince: the unit and centres that are his."""
        unit = general_unit(state, wazir.key) if self.generals else None
        if unit is None or unit.power != wazir.key:
            return []
        return [f"As Wazir-General you command your own unit {unit} (you alone order it) "
                f"and hold {', '.join(sorted(wazir.centres)) or 'no centre'}."]
