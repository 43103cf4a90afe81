"""One movement phase of Al-Andalus: from every accepted order to the order each unit
executes and to the courts and dinars after the phase (rulings: guide.md).

The steps, in the order the rules need them:
  1. court orders are read; a Prince with units and no accepted order at all is an NMR,
     which acts as ARREST;
  2. changes of court: a Wazir's GO TO COURT and that Prince's HIRE of him, when the
     Prince's seat is free after the phase (empty, or its Wazir arrested or leaving too);
  3. arrests (an ARREST does nothing to a Wazir who changes court successfully), then
     plunders (an ARREST by the same Prince beats a PLUNDER);
  4. unit orders: a Prince arresting or plundered holds everything; otherwise his and his
     Wazir's orders are merged unit by unit, and a Prince who ordered every unit gets one
     auto-hold;
  5. pay: +1 dinar a unit of his Prince that holds (PLUNDER: +1 a unit, all holding).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from gmbot.engine.orders import Hold, Order
from gmbot.engine.state import GameState, Unit
from gmbot.variants.al_andalus.court import Court, general_unit, prince_name
from gmbot.variants.al_andalus.grammar import Arrest, GoToCourt, Hire, Plunder, Take
from gmbot.variants.al_andalus.report import dinars

if TYPE_CHECKING:
    from gmbot.engine.rules import StandardRules


@dataclass
class Plan:
    """What reconcile decided; after_movement applies it to the state after the moves."""

    unit_orders: dict[str, Order] = field(default_factory=dict)
    court: Court | None = None  # the courts after the phase
    appointed: dict[str, str] = field(default_factory=dict)  # province (before) -> Wazir
    demoted: set[str] = field(default_factory=set)  # Wazirs no longer generals
    transfers: dict[str, str] = field(default_factory=dict)  # Wazir-General -> new Prince
    public: list[str] = field(default_factory=list)
    # By province (before the phase), where the executed order is not simply the Prince's
    # as given: the orders given (when they differ from it) and why (results show them).
    given: dict[str, str] = field(default_factory=dict)
    why: dict[str, str] = field(default_factory=dict)


def unit_order_of(orders: list[Order]) -> dict[str, Order]:
    return {o.prov: o for o in orders if o.loc}


def same_order(a: Order, b: Order) -> bool:
    """The same order whoever gave it."""
    return replace(b, power=a.power) == a


def merge(prince: Order | None, wazir: Order | None) -> tuple[Order | None, str]:
    """One unit's order from its Prince's and its Wazir's: (order, how). A Prince's HOLD
    or silence gives way to the Wazir; identical orders count as the Prince's; different
    non-hold orders leave the unit confused, holding."""
    if wazir is None:
        return prince, "prince"
    if prince is None or isinstance(prince, Hold):
        return replace(wazir, power=prince.power if prince else wazir.power), "wazir"
    if same_order(prince, wazir):
        return prince, "prince"
    return None, "conflict"


def merge_why(how: str, prince: Order | None, who: str | None) -> str:
    """Why a unit its Wazir ordered executes what `merge` gave (`how`)."""
    if how == "conflict":
        return "the Prince's and the Wazir's orders conflict: it holds"
    if how == "prince":
        return "the Prince's and the Wazir's orders agree: counted as the Prince's"
    if isinstance(prince, Hold):
        return f"Wazir {who}'s order overrides the Prince's HOLD"
    return f"ordered by Wazir {who}"


def given_text(prince: Order | None, wazir: Order | None, who: str | None) -> str:
    """The orders a unit was given, for the results: the Prince's, and his Wazir's named."""
    if wazir is None:
        return str(prince) if prince else ""
    mine = f"{prince} (Prince), " if prince else ""
    return f"{mine}{wazir} (Wazir {who})"


def explain(plan: Plan, unit: Unit, prince: Order | None, wazir: Order | None,
            who: str | None, why: str) -> None:
    """Record what `unit` was given and why it executes what the plan says."""
    executed = plan.unit_orders[unit.prov]
    gave = [o for o in (prince, wazir) if o is not None]
    if len(gave) > 1 or any(not same_order(executed, o) for o in gave):
        plan.given[unit.prov] = given_text(prince, wazir, who)
    plan.why[unit.prov] = why


@dataclass
class _Round:
    """One movement phase's orders as the court rules read them, and what each step
    decides for the next: the steps of plan_movement share it."""

    state: GameState
    rules: StandardRules
    court: Court
    plan: Plan
    given: dict[str, list[Order]]  # power (Prince or Wazir) -> his orders
    hires: dict[str, str]  # Prince -> the Wazir he hires
    goes: dict[str, str]  # Wazir -> the court he goes to
    plunders: set[str]  # Wazirs
    arrests: set[str]  # Princes who ordered ARREST
    nmr: set[str]  # Princes with no order at all: it acts as ARREST
    name: dict[str, str]  # Prince -> his name
    takes: dict[str, str] = field(default_factory=dict)  # conqueror -> the captive he takes
    moving: dict[str, str] = field(default_factory=dict)  # Wazir -> another court
    joining: dict[str, str] = field(default_factory=dict)  # ... and hired there
    arrested: dict[str, str] = field(default_factory=dict)  # Wazir -> Prince
    plundered: dict[str, str] = field(default_factory=dict)  # Prince -> Wazir
    holding: dict[str, int] = field(default_factory=dict)  # Prince -> his units holding

    @property
    def arresting(self) -> set[str]:
        return self.arrests | self.nmr


def plan_movement(state: GameState, rules: StandardRules, orders: list[Order],
                  generals: bool) -> Plan:
    """The court rules in their order: 1. the orders read, 2. changes of court, 3. arrests,
    then plunders, 4. unit orders (merged, held, auto-held), 5. pay and the new courts."""
    r = _read(state, rules, orders)
    _court_changes(r)
    _arrests_and_plunders(r)
    _unit_orders(r, generals)
    _pay_and_courts(r, generals)
    return r.plan


def _read(state: GameState, rules: StandardRules, orders: list[Order]) -> _Round:
    """1. The orders by who gave them, the last of each court order counting."""
    court = Court.of(state)
    princes = list(state.map.powers)
    given: dict[str, list[Order]] = {}
    for o in orders:
        given.setdefault(o.power, []).append(o)

    def last(kind: type) -> dict[str, Order]:
        return {o.power: o for o in orders if isinstance(o, kind)}

    # An NMR: a Prince with units to order (not only a Wazir-General's) and no order.
    nmr = {p for p in princes if p not in given
           and any(rules.may_order(state, p, u) for u in state.units_of(p))}
    # A conqueror's TAKE fills his seat this phase: a HIRE of his fails (ruling).
    takes = {o.power: o.wazir for o in orders if isinstance(o, Take)
             and court.captives.get(o.wazir) == o.power and court.wazir_of(o.power) is None}
    return _Round(
        state=state, rules=rules, court=court, plan=Plan(court=court), given=given,
        hires={p: o.wazir for p, o in last(Hire).items()},  # type: ignore[attr-defined]
        goes={w: o.prince for w, o in last(GoToCourt).items()},  # type: ignore[attr-defined]
        plunders={w for w in last(Plunder) if court.active(w)}, arrests=set(last(Arrest)),
        nmr=nmr, name={p: prince_name(state, p) for p in princes}, takes=takes)


def _court_changes(r: _Round) -> None:
    """2. Changes of court: a Wazir joins where he goes and is hired, if the seat is free
    after the phase (its Wazir arrested or leaving too)."""
    court, name, hires, goes, plan = r.court, r.name, r.hires, r.goes, r.plan
    r.moving = {w: dest for w, dest in goes.items()
                if court.active(w) and court.wazirs[w].court != dest}
    joining = r.joining = {w: dest for w, dest in r.moving.items()
                           if hires.get(dest) == w and dest not in r.takes}

    def seat_free(prince: str, newcomer: str) -> bool:
        sitting = court.wazir_of(prince)
        return (sitting is None or sitting.key == newcomer or sitting.key in joining
                or prince in r.arresting)

    changed = True
    while changed:  # a seat frees only when its Wazir's own move holds: iterate to a rest
        changed = False
        for w, dest in list(joining.items()):
            if not seat_free(dest, w):
                del joining[w]
                changed = True
    for prince, who in sorted(hires.items()):
        if prince in r.takes:
            plan.public.append(f"{name[prince]} hires Wazir {who}: failed, {name[prince]} "
                               f"takes Wazir {r.takes[prince]} into his court this phase.")
        elif joining.get(who) == prince:
            plan.public.append(f"{name[prince]} hires Wazir {who}; {who} goes to the court "
                               f"of {name[prince]}: hired.")
        elif goes.get(who) == prince and court.wazirs.get(who) is not None:
            plan.public.append(f"{name[prince]} hires Wazir {who}; {who} goes to the court "
                               f"of {name[prince]}: failed, the court keeps its Wazir.")
        else:
            plan.public.append(f"{name[prince]} hires Wazir {who}: failed, {who} did not "
                               f"go to the court of {name[prince]}.")
    for w, dest in sorted(r.moving.items()):
        if w not in joining and hires.get(dest) != w:
            plan.public.append(f"Wazir {w} goes to the court of {name[dest]}: failed, "
                               f"{name[dest]} did not hire him; he stays where he was.")


def _arrests_and_plunders(r: _Round) -> None:
    """3. Arrests (an NMR acts as one; a Wazir leaving for another court escapes it), then
    plunders (an ARREST of the same court beats one)."""
    court, name, plan = r.court, r.name, r.plan
    for prince in sorted(r.arresting):
        sitting = court.wazir_of(prince)
        why = "no orders (NMR), which acts as ARREST" if prince in r.nmr else "ARREST"
        if sitting is None:
            if prince in r.arrests:
                plan.public.append(f"{name[prince]}: ARREST, but no Wazir serves there.")
            continue
        if sitting.key in r.joining:
            plan.public.append(f"{name[prince]}: {why}; Wazir {sitting.key} has left for "
                               f"another court and escapes it.")
            continue
        r.arrested[sitting.key] = prince
    for w in sorted(r.plunders):
        wazir = court.wazirs[w]
        if wazir.court is None or w in r.moving:
            continue
        if wazir.court in r.arresting:
            plan.public.append(f"Wazir {w} orders PLUNDER of {name[wazir.court]}, but the "
                               f"ARREST beats it.")
            continue
        r.plundered[wazir.court] = w


def _unit_orders(r: _Round, generals: bool) -> None:
    """4. Each unit's order: a held court's all hold; otherwise the Prince's and his
    Wazir's merged, then the auto-hold; a Wazir-General's own unit, his order alone."""
    state, plan = r.state, r.plan
    wazir_units: dict[str, dict[str, Order]] = {}
    wazir_key: dict[str, str] = {}  # Prince -> the Wazir whose unit orders count
    for w, wazir in r.court.wazirs.items():
        if wazir.court and not wazir.executed and w not in r.moving:
            wazir_units[wazir.court] = unit_order_of(r.given.get(w, []))
            wazir_key[wazir.court] = w
    for prince in state.map.powers:
        units = sorted(state.units_of(prince), key=lambda u: u.prov)
        if not units:
            continue
        mine = unit_order_of(r.given.get(prince, []))
        theirs = wazir_units.get(prince, {})
        who = wazir_key.get(prince)
        if prince in r.arresting or prince in r.plundered:
            _all_hold(r, prince, units, mine, theirs, who)
        else:
            _merged(r, prince, units, mine, theirs, who, generals)
    for u in state.units.values():
        if u.power not in state.map.powers:  # a Wazir-General's own unit: his order alone
            order = unit_order_of(r.given.get(u.power, [])).get(u.prov)
            plan.unit_orders[u.prov] = order or Hold(u.power, u.type, u.loc)


def _all_hold(r: _Round, prince: str, units: list[Unit], mine: dict[str, Order],
              theirs: dict[str, Order], who: str | None) -> None:
    """A Prince who arrests (or is an NMR) or is plundered: every unit of his holds."""
    why = (f"plundered by Wazir {r.plundered[prince]}: all units hold"
           if prince in r.plundered and prince not in r.arresting
           else "held by ARREST: all units hold" if prince in r.arrests
           else "held: no orders (NMR), which acts as ARREST")
    for u in units:
        r.plan.unit_orders[u.prov] = Hold(prince, u.type, u.loc)
        if prince in r.nmr and u.prov not in theirs:
            continue  # nobody ordered it: the results say NMR
        explain(r.plan, u, mine.get(u.prov), theirs.get(u.prov), who, why)
    r.holding[prince] = len(units)


def _merged(r: _Round, prince: str, units: list[Unit], mine: dict[str, Order],
            theirs: dict[str, Order], who: str | None, generals: bool) -> None:
    """The Prince's and his Wazir's orders merged unit by unit, then the auto-hold."""
    plan, name = r.plan, r.name
    conflicts = []
    for u in units:
        order, how = merge(mine.get(u.prov), theirs.get(u.prov))
        if how == "conflict":
            conflicts.append(u)
        plan.unit_orders[u.prov] = order or Hold(prince, u.type, u.loc)
        if u.prov in theirs:
            explain(plan, u, mine.get(u.prov), theirs[u.prov], who,
                    merge_why(how, mine.get(u.prov), who))
    sitting = r.court.wazir_of(prince)
    general = general_unit(r.state, sitting.key) if sitting and generals else None
    own = [u for u in units if u is not general]
    ordered_all = len(own) >= 2 and general is None and all(
        mine.get(u.prov) is not None and not isinstance(mine[u.prov], Hold) for u in own
    )
    if ordered_all:
        if conflicts:
            names = ", ".join(str(u) for u in conflicts)
            plan.public.append(f"{name[prince]} ordered every unit: {names} holds, its "
                               f"Prince's and Wazir's orders being in conflict.")
        else:
            first = auto_hold_unit(r.state, r.rules, prince, own)
            plan.unit_orders[first.prov] = Hold(prince, first.type, first.loc)
            explain(plan, first, mine.get(first.prov), theirs.get(first.prov), who,
                    "auto-hold: the Prince ordered every unit")
            plan.public.append(f"{name[prince]} ordered every unit: {first} holds "
                               f"(auto-hold).")
    elif conflicts:
        names = ", ".join(str(u) for u in conflicts)
        plan.public.append(f"{name[prince]}: {names} holds, its Prince's and Wazir's "
                           f"orders being in conflict.")
    r.holding[prince] = sum(1 for u in units if isinstance(plan.unit_orders[u.prov], Hold))


def _pay_and_courts(r: _Round, generals: bool) -> None:
    """5. The arrests' dinars, the plunders', the pay for holding units (none for a Wazir
    arrested, leaving or plundering), and the new courts."""
    state, court, name, plan = r.state, r.court, r.name, r.plan
    for w, prince in sorted(r.arrested.items()):
        wazir = court.wazirs[w]
        taken = wazir.dinars // 2
        wazir.dinars -= taken
        court.held[prince] = court.held.get(prince, 0) + taken
        wazir.court = None
        why = " (no orders: an NMR acts as ARREST)" if prince in r.nmr else ""
        dinars_go = "1 of his dinars goes" if taken == 1 else f"{taken} of his dinars go"
        plan.public.append(f"{name[prince]} arrests Wazir {w}{why}: {dinars_go} "
                           f"to {name[prince]}; {w} is a free agent.")
        if general_unit(state, w) is not None or wazir.centres:
            plan.demoted.add(w)
            wazir.centres = []
    for prince, w in sorted(r.plundered.items()):
        gain = len(state.units_of(prince))
        court.wazirs[w].dinars += gain
        plan.public.append(f"Wazir {w} plunders {name[prince]}: all its units hold; "
                           f"+{dinars(gain)}.")
    for w, wazir in sorted(court.wazirs.items()):
        at = wazir.court
        if (at is None or wazir.executed or w in r.arrested or w in r.joining
                or at in r.plundered):
            continue
        pay = r.holding.get(at, 0)
        wazir.dinars += pay
        if pay:
            plan.public.append(f"Wazir {w} is paid {pay} by {name[at]} for {pay} "
                               f"holding {'unit' if pay == 1 else 'units'}.")
    for w, dest in sorted(r.joining.items()):
        wazir = court.wazirs[w]
        if generals and general_unit(state, w) is not None:
            plan.transfers[w] = dest  # his unit and centres, a free agent's too
        wazir.court = dest
        wazir.dinars += court.held.pop(dest, 0)


def auto_hold_unit(state: GameState, rules: StandardRules, prince: str,
                   units: list[Unit]) -> Unit:
    """The unit civil disorder would remove first, among `units`."""
    among = {u.prov for u in units}
    return next(u for u in rules.disband_priority(state, prince) if u.prov in among)
