"""Al-Andalus's orders as they arrive: the court orders (HIRE, GO TO COURT, PLUNDER,
ARREST, APPOINT, RESIGN, EXECUTE, TAKE), which unit lines a Prince or a Wazir may give, and
what one player's set may not hold together."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmbot.engine.orders import Order, OrderError
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, GameState, Unit
from gmbot.variants.al_andalus.base import CourtBase
from gmbot.variants.al_andalus.court import Court, general_unit, prince_name
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

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser


class CourtOrders(CourtBase):
    """The grammar of Al-Andalus's orders (see the module doc)."""

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

    def _court_order(self, text: str, power: str, prince: bool, state: GameState,  # noqa: C901 - one branch per court order
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
        if text == "PLUNDER" or text.startswith("PLUNDER "):
            self._need(not prince, "only a Wazir plunders")
            if self._wazir(court, power).court is None:
                raise OrderError("you serve no Prince, so there is nothing to plunder")
            if text != "PLUNDER":  # "PLUNDER ZAM" was read as a unit in PLUNDER before
                raise OrderError("PLUNDER names no province: write PLUNDER alone (every "
                                 "unit of your Prince holds, and you get 1 dinar for each)")
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
            return Appoint(power, unit.type, "", unit.prov)
        if text in RESIGN_WORDS:
            # RESIGN alone is the general's order here: the seat's is RESIGN and the seat.
            seat = f": RESIGN {power} would give up your seat"
            self._need(not prince, f"only a Wazir-General gives up his command{seat}")
            self._wazir(court, power)
            if not (self.generals and general_unit(state, power)):
                raise OrderError(f"you command no unit as a Wazir-General{seat}")
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

