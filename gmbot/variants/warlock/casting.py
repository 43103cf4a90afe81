"""Whether a cast may be made now: the board checks behind each refusal a player reads."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from gmbot.engine.check import check_order, convoy_possible
from gmbot.engine.map import COAST, LAND, SEA, province_of
from gmbot.engine.orders import Hold, Move, Order, OrderError
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, GameState, Unit
from gmbot.variants.warlock.balloon import aloft
from gmbot.variants.warlock.spells import SPELLS, Cast, spells_left

if TYPE_CHECKING:
    from gmbot.engine.hooks import Rules

# The text's groups for Illusion: swaps are made inside a group, never across.
ILLUSION_GROUPS: dict[str, frozenset[str]] = {
    name: frozenset(members.split())
    for name, members in {
        "landlocked centres": "PAR MUN WAR MOS VIE BUD SER",
        "coastal centres": "EDI LVP LON NWY SWE STP DEN KIE BER HOL BEL BRE SPA POR MAR TUN "
                           "ROM NAP VEN TRI GRE BUL RUM SEV ANK CON SMY",
        "coastal non-centres": "FIN LVN PRU CLY WAL YOR PIC GAS NAF PIE TUS APU ALB SYR ARM",
        "inland non-centres": "RUH SIL BOH GAL TYR UKR BUR",
    }.items()
}
UNDEAD_YEARS = 3
_SPELL_OF = {"A": "walk_water", "F": "swim_land"}  # the spell that lets the unit type cross


def unit_at(state: GameState, target: str, viewer: str | None = None) -> Unit:
    """The unit a cast names ('A BUD', 'F STP/SC' or just 'BUD'), as `viewer` sees the
    board: another power's invisible unit is not there for him."""
    words = target.split()
    prov = province_of(words[-1])
    unit = state.units.get(prov)
    if unit is not None and unit.attrs.get("invisible") and viewer not in (None, unit.power):
        unit = None
    if unit is None:
        above = aloft(state).get(prov)
        if above is not None:
            raise OrderError(f"{above} is in the air: spells reach only units on the board")
        raise OrderError(f"no unit in {prov}")
    if len(words) == 2 and words[0] != unit.type:
        raise OrderError(f"the unit in {prov} is {unit}")
    return unit


def unit_of(state: GameState, cast: Cast) -> Unit | None:
    """The unit a cast names, where it stands now (None when it is gone)."""
    if not cast.target:
        return None
    unit = state.units.get(province_of(cast.target.split()[-1]))
    return unit if unit is not None and str(unit) == cast.target else None


def illusion_group(prov: str) -> str | None:
    for name, members in ILLUSION_GROUPS.items():
        if prov in members:
            return name
    return None


# "(Winter)" in the text: may be cast in the winter itself, for that winter's builds.
WINTER_SPELLS = frozenset({"extra_build"})


def check_cast(cast: Cast, state: GameState, rules: Rules) -> Cast:
    """The cast with its units written exactly, or OrderError with the reason."""
    spell = SPELLS[cast.spell]
    if state.phase.kind != MOVEMENT and not (
            cast.spell in WINTER_SPELLS and state.phase.kind == ADJUSTMENT):
        raise OrderError("spells are cast with the orders of a Spring or Fall movement phase"
                         " (EXTRA BUILD also in the winter)")
    attrs = state.power_attrs.get(cast.power, {})
    if attrs.get("purgatory"):
        raise OrderError("you are out of the game: your magic is gone")
    if cast.spell != "undead" and not state.centre_count(cast.power) \
            and not state.units_of(cast.power):
        raise OrderError("you have no centres and no units: only UNDEAD can bring you back")
    left = spells_left(attrs)
    if left[cast.spell] <= 0:
        raise OrderError(f"you have no {spell.word} left: it has been cast already")
    return _CHECKS.get(spell.args, _no_check)(cast, state, rules)


def _no_check(cast: Cast, state: GameState, rules: Rules) -> Cast:
    if cast.spell == "undead":
        return _check_undead(cast, state)
    return cast


def _check_unit(cast: Cast, state: GameState, rules: Rules) -> Cast:
    unit = unit_at(state, cast.target, cast.power)
    if cast.spell == "balloon" and unit.attrs.get("ghost") and unit.power == cast.power:
        raise OrderError("a ghost cannot float up")
    return replace(cast, target=str(unit))


def _check_unit_order(cast: Cast, state: GameState, rules: Rules) -> Cast:
    unit = unit_at(state, cast.target, cast.power)
    if cast.spell == "walk_water" and unit.type != "A":
        raise OrderError("only an army can walk on water")
    if cast.spell == "swim_land" and unit.type != "F":
        raise OrderError("only a fleet can swim in land")
    order = cast.order
    if order is not None:
        if unit.power != cast.power:
            raise OrderError(f"{unit} is not yours to order")
        if cast.spell in ("walk_water", "swim_land"):
            spelled = magic(unit)
            order = check_magic_move(order, spelled, state.with_(
                units={**state.units, unit.prov: spelled}), rules)
        else:
            order = check_order(order, state, rules)
    return replace(cast, target=str(unit), order=order)


def _check_move(cast: Cast, state: GameState, rules: Rules) -> Cast:
    unit = unit_at(state, cast.target, cast.power)
    if unit.power != cast.power:
        raise OrderError("a ghost is made from one of your own units")
    if unit.attrs.get("ghost"):
        raise OrderError("a ghost cannot make another ghost")
    if unit.attrs.get("invisible"):
        raise OrderError("an invisible unit cannot make a ghost: the ghost would be seen "
                         "where the unit is")
    assert cast.order is not None
    order = check_order(cast.order, state, rules)
    return replace(cast, target=str(unit), order=order)


def _check_support(cast: Cast, state: GameState, rules: Rules) -> Cast:
    unit = unit_at(state, cast.target, cast.power)
    order = cast.order
    if isinstance(order, Move):
        dest = order.dest_prov if unit.type == "A" else order.dest
        order = Move(unit.power, unit.type, unit.loc, dest)
    else:
        order = Hold(unit.power, unit.type, unit.loc)
    return replace(cast, target=str(unit), order=order)


def _check_double(cast: Cast, state: GameState, rules: Rules) -> Cast:
    unit = unit_at(state, cast.target, cast.power)
    if cast.order is None:  # the unit alone: its owner writes the legs (legs.py)
        return replace(cast, target=str(unit))
    if unit.power != cast.power:
        raise OrderError(f"{unit} is not yours to order: cast DOUBLE ORDERS {unit} alone, "
                         f"and its owner writes the two legs as its order")
    first, then = check_legs(unit, cast.order, cast.then, state, rules)
    return replace(cast, target=str(unit), order=first, then=then)


def _check_cut(cast: Cast, state: GameState, rules: Rules) -> Cast:
    return cast


def _check_place(cast: Cast, state: GameState, rules: Rules) -> Cast:
    prov = cast.places[0]
    if prov in state.map.supply_centres or prov in moved_centres(state).values():
        raise OrderError(f"a catastrophe cannot fall on a supply centre ({prov})")
    return cast


def _check_two(cast: Cast, state: GameState, rules: Rules) -> Cast:
    a, b = cast.places
    if a == b:
        raise OrderError("name two different provinces")
    if cast.spell == "illusion":
        group = illusion_group(a)
        if group is None or group != illusion_group(b):
            raise OrderError(f"{a} and {b} cannot be swapped: both must be in one of the "
                             "text's groups (landlocked centres, coastal centres, coastal "
                             "non-centres, inland non-centres)")
        return cast
    # Move home SC: the caster's own home centre, one army move, not onto a centre.
    where = centre_location(state, a)
    if a not in state.homes.get(cast.power, ()):
        raise OrderError(f"{a} is not one of your home centres")
    if state.centers.get(a) != cast.power:
        raise OrderError(f"you do not own {a}")
    if state.map.provinces[b].type not in (LAND, COAST):
        raise OrderError(f"a supply centre moves like an army: not to {b}")
    if b not in state.map.army_adj.get(where, ()) and not convoy_possible(
            state, rules, where, b):
        raise OrderError(f"{b} is not next to {where}, and no fleets stand to convoy it: "
                         "a centre moves like an army")
    if b in state.map.supply_centres or b in moved_centres(state).values():
        raise OrderError(f"{b} is a supply centre already")
    return cast


def _check_undead(cast: Cast, state: GameState) -> Cast:
    power = cast.power
    if state.phase.season != "S":
        raise OrderError("UNDEAD is cast in a Spring turn")
    if state.centre_count(power):
        raise OrderError("UNDEAD is cast only by a warlock who has lost all his centres")
    fallen = state.power_attrs.get(power, {}).get("fallen")
    if fallen is not None and state.phase.year > int(fallen) + UNDEAD_YEARS:
        raise OrderError(f"the undead spell expired: {UNDEAD_YEARS} years after {fallen}")
    if any(c >= 18 for c in (state.centre_count(p) for p in state.powers)):
        raise OrderError("the game is over")
    return cast


_CHECKS = {
    "unit": _check_unit, "unit_order": _check_unit_order, "move": _check_move,
    "support": _check_support, "double": _check_double, "cut": _check_cut,
    "place": _check_place, "two": _check_two,
}


def moved_centres(state: GameState) -> dict[str, str]:
    """Home centres moved by the spell: centre name -> the province it now lies in."""
    return dict(state.extra.get("moved_centres") or {})


def centre_location(state: GameState, centre: str) -> str:
    return moved_centres(state).get(centre, centre)


def magic(unit: Unit) -> Unit:
    """The unit as it would be under walk on water (an army) or swim in land (a fleet)."""
    return Unit(unit.power, unit.type, unit.loc,
                {**unit.attrs, _SPELL_OF[unit.type]: True, "any_terrain": True})


def check_leg(order: Order, unit: Unit, state: GameState, rules: Rules,
              may_need_magic: bool = True) -> Order:
    """One leg for `unit` standing where `state` has it: legal as it stands, or (with
    `may_need_magic`) legal under walk on water or swim in land, decided at adjudication."""
    if unit.attrs.get("any_terrain"):
        return check_magic_move(order, unit, state, rules)
    try:
        return check_order(order, state, rules)
    except OrderError as e:
        if not may_need_magic or not isinstance(order, Move):
            raise
        refusal = e
    spelled = magic(unit)
    try:
        return check_magic_move(order, spelled, state.with_(
            units={**state.units, unit.prov: spelled}), rules)
    except OrderError:
        raise refusal from None


def check_legs(unit: Unit, first: Order, then: Order | None, state: GameState,
               rules: Rules, may_need_magic: bool = True) -> tuple[Order, Order | None]:
    """Both legs, the second checked from where the first would leave the unit."""
    first = check_leg(first, unit, state, rules, may_need_magic)
    if then is None:
        return first, None
    there, moved = state, unit
    if isinstance(first, Move):
        moved = Unit(unit.power, unit.type, first.dest, unit.attrs)
        units = {p: u for p, u in state.units.items() if p not in (unit.prov, moved.prov)}
        units[moved.prov] = moved
        there = state.with_(units=units)
    try:
        then = check_leg(then, moved, there, rules, may_need_magic)
    except OrderError as e:
        raise OrderError(f"second leg {then}: {e}") from None
    return first, then


def check_magic_move(order: Order, unit: Unit, state: GameState, rules: Rules) -> Order:
    """A move of a unit walking on water or swimming in land (check.py refuses armies at
    sea and fleets inland before asking the rules)."""
    if not isinstance(order, Move):
        return check_order(order, state, rules)
    dest = order.dest_prov
    kind = state.map.provinces[dest].type
    if dest == unit.prov:
        raise OrderError("a unit cannot move to the province it is in")
    if kind not in (LAND, COAST, SEA):
        raise OrderError(f"{dest} cannot be entered")
    if unit.type == "A":
        if not rules.army_adjacent(state, unit.prov, dest):
            raise OrderError(f"{unit} - {dest}: not adjacent, even walking on water")
        return Move(order.power, "A", unit.loc, dest)
    targets = rules.fleet_targets(state, unit.loc, dest)
    if not targets:
        raise OrderError(f"{unit} - {dest}: not adjacent, even swimming in land")
    if "/" in order.dest:
        if order.dest not in targets:
            raise OrderError(f"{unit} cannot reach {order.dest}; it can reach "
                             f"{' or '.join(targets)}")
        return Move(order.power, "F", unit.loc, order.dest)
    if len(targets) > 1:
        raise OrderError(f"{unit} - {dest}: name the coast, {' or '.join(sorted(targets))}")
    return Move(order.power, "F", unit.loc, targets[0])

