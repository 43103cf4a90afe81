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
from gmbot.variants.al_andalus.grammar import (
    Appoint,
    Arrest,
    Execute,
    GoToCourt,
    Hire,
    Plunder,
    Resign,
    Take,
)
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


def plan_movement(state: GameState, rules: StandardRules, orders: list[Order],  # noqa: C901 - the court rules in their order
                  generals: bool) -> Plan:
    gmap = state.map
    court = Court.of(state)
    plan = Plan(court=court)
    princes = list(gmap.powers)
    given: dict[str, list[Order]] = {}
    for o in orders:
        given.setdefault(o.power, []).append(o)

    def last(kind: type) -> dict[str, Order]:
        return {o.power: o for o in orders if isinstance(o, kind)}

    hires = {p: o.wazir for p, o in last(Hire).items()}  # type: ignore[attr-defined]
    goes = {w: o.prince for w, o in last(GoToCourt).items()}  # type: ignore[attr-defined]
    plunders = {w for w in last(Plunder) if court.active(w)}
    arrests = set(last(Arrest))
    # An NMR: a Prince with units to order (not only a Wazir-General's) and no order.
    nmr = {p for p in princes if p not in given
           and any(rules.may_order(state, p, u) for u in state.units_of(p))}
    arresting = arrests | nmr
    name = {p: prince_name(state, p) for p in princes}

    # 2. changes of court
    moving = {w: dest for w, dest in goes.items()
              if court.active(w) and court.wazirs[w].court != dest}
    joining = {w: dest for w, dest in moving.items() if hires.get(dest) == w}

    def seat_free(prince: str, newcomer: str) -> bool:
        sitting = court.wazir_of(prince)
        return (sitting is None or sitting.key == newcomer or sitting.key in joining
                or prince in arresting)

    changed = True
    while changed:  # a seat frees only when its Wazir's own move holds: iterate to a rest
        changed = False
        for w, dest in list(joining.items()):
            if not seat_free(dest, w):
                del joining[w]
                changed = True
    prince: str | None  # a prince's key; None for a Wazir who serves no court
    for prince, who in sorted(hires.items()):
        if joining.get(who) == prince:
            plan.public.append(f"{name[prince]} hires Wazir {who}; {who} goes to the court "
                               f"of {name[prince]}: hired.")
        elif goes.get(who) == prince and court.wazirs.get(who) is not None:
            plan.public.append(f"{name[prince]} hires Wazir {who}; {who} goes to the court "
                               f"of {name[prince]}: failed, the court keeps its Wazir.")
        else:
            plan.public.append(f"{name[prince]} hires Wazir {who}: failed, {who} did not "
                               f"go to the court of {name[prince]}.")
    for w, dest in sorted(moving.items()):
        if w not in joining and hires.get(dest) != w:
            plan.public.append(f"Wazir {w} goes to the court of {name[dest]}: failed, "
                               f"{name[dest]} did not hire him; he stays where he was.")

    # 3. arrests, then plunders
    arrested: dict[str, str] = {}  # Wazir -> Prince
    for prince in sorted(arresting):
        sitting = court.wazir_of(prince)
        why = "no orders (NMR), which acts as ARREST" if prince in nmr else "ARREST"
        if sitting is None:
            if prince in arrests:
                plan.public.append(f"{name[prince]}: ARREST, but no Wazir serves there.")
            continue
        if sitting.key in joining:
            plan.public.append(f"{name[prince]}: {why}; Wazir {sitting.key} has left for "
                               f"another court and escapes it.")
            continue
        arrested[sitting.key] = prince
    plundered: dict[str, str] = {}  # Prince -> Wazir
    for w in sorted(plunders):
        wazir = court.wazirs[w]
        if wazir.court is None or w in moving:
            continue
        if wazir.court in arresting:
            plan.public.append(f"Wazir {w} orders PLUNDER of {name[wazir.court]}, but the "
                               f"ARREST beats it.")
            continue
        plundered[wazir.court] = w

    # 4. unit orders
    wazir_units: dict[str, dict[str, Order]] = {}
    wazir_key: dict[str, str] = {}  # Prince -> the Wazir whose unit orders count
    for w, wazir in court.wazirs.items():
        if wazir.court and not wazir.executed and w not in moving:
            wazir_units[wazir.court] = unit_order_of(given.get(w, []))
            wazir_key[wazir.court] = w
    holding: dict[str, int] = {}
    for prince in princes:
        units = sorted(state.units_of(prince), key=lambda u: u.prov)
        if not units:
            continue
        mine = unit_order_of(given.get(prince, []))
        theirs = wazir_units.get(prince, {})
        who = wazir_key.get(prince)
        if prince in arresting or prince in plundered:
            why = (f"plundered by Wazir {plundered[prince]}: all units hold"
                   if prince in plundered and prince not in arresting
                   else "held by ARREST: all units hold" if prince in arrests
                   else "held: no orders (NMR), which acts as ARREST")
            for u in units:
                plan.unit_orders[u.prov] = Hold(prince, u.type, u.loc)
                if prince in nmr and u.prov not in theirs:
                    continue  # nobody ordered it: the results say NMR
                explain(plan, u, mine.get(u.prov), theirs.get(u.prov), who, why)
            holding[prince] = len(units)
            continue
        conflicts = []
        for u in units:
            order, how = merge(mine.get(u.prov), theirs.get(u.prov))
            if how == "conflict":
                conflicts.append(u)
            plan.unit_orders[u.prov] = order or Hold(prince, u.type, u.loc)
            if u.prov in theirs:
                explain(plan, u, mine.get(u.prov), theirs[u.prov], who,
                        merge_why(how, mine.get(u.prov), who))
        sitting = court.wazir_of(prince)
        general = general_unit(state, sitting.key) if sitting and generals else None
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
                first = auto_hold_unit(state, rules, prince, own)
                plan.unit_orders[first.prov] = Hold(prince, first.type, first.loc)
                explain(plan, first, mine.get(first.prov), theirs.get(first.prov), who,
                        "auto-hold: the Prince ordered every unit")
                plan.public.append(f"{name[prince]} ordered every unit: {first} holds "
                                   f"(auto-hold).")
        elif conflicts:
            names = ", ".join(str(u) for u in conflicts)
            plan.public.append(f"{name[prince]}: {names} holds, its Prince's and Wazir's "
                               f"orders being in conflict.")
        holding[prince] = sum(
            1 for u in units if isinstance(plan.unit_orders[u.prov], Hold)
        )
    for u in state.units.values():
        if u.power not in gmap.powers:  # a Wazir-General's own unit: his order alone
            order = unit_order_of(given.get(u.power, [])).get(u.prov)
            plan.unit_orders[u.prov] = order or Hold(u.power, u.type, u.loc)

    # 5. pay and the new courts
    for w, prince in sorted(arrested.items()):
        wazir = court.wazirs[w]
        taken = wazir.dinars // 2
        wazir.dinars -= taken
        court.held[prince] = court.held.get(prince, 0) + taken
        wazir.court = None
        why = " (no orders: an NMR acts as ARREST)" if prince in nmr else ""
        plan.public.append(f"{name[prince]} arrests Wazir {w}{why}: {taken} of his dinars "
                           f"go to {name[prince]}; {w} is a free agent.")
        if general_unit(state, w) is not None or wazir.centres:
            plan.demoted.add(w)
            wazir.centres = []
    for prince, w in sorted(plundered.items()):
        gain = len(state.units_of(prince))
        court.wazirs[w].dinars += gain
        plan.public.append(f"Wazir {w} plunders {name[prince]}: all its units hold; "
                           f"+{dinars(gain)}.")
    for w, wazir in sorted(court.wazirs.items()):
        prince = wazir.court
        if (prince is None or wazir.executed or w in arrested or w in joining
                or prince in plundered):
            continue
        pay = holding.get(prince, 0)
        wazir.dinars += pay
        if pay:
            plan.public.append(f"Wazir {w} is paid {pay} by {name[prince]} for {pay} "
                               f"holding {'unit' if pay == 1 else 'units'}.")
    for w, dest in sorted(joining.items()):
        wazir = court.wazirs[w]
        if generals and general_unit(state, w) is not None:
            plan.transfers[w] = dest  # his unit and centres, a free agent's too
        wazir.court = dest
        wazir.dinars += court.held.pop(dest, 0)
    return plan


def auto_hold_unit(state: GameState, rules: StandardRules, prince: str,
                   units: list[Unit]) -> Unit:
    """The unit civil disorder would remove first, among `units`."""
    among = {u.prov for u in units}
    return next(u for u in rules.disband_priority(state, prince) if u.prov in among)


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
