"""The balloon spell: a unit floated up above the battle (`extra["aloft"]`, province ->
unit), ordered with `BALLOON A BUR - MUN` (drift) or `BALLOON A BUR LAND`.

Rulings (the guide, guide.md): the unit leaves the ground at the start of the turn
it is cast (rising is its move); in the air it drifts one province a turn, either unit
type's way; two balloons meeting bounce and both drop. Landing takes the turn: on an
empty province the unit comes down at the start of the battle and holds there (so it can
be "supported down", and attacked); on an occupied one it comes down after the battle if
the province has been left, and is otherwise dislodged and retreats.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from msgspec import to_builtins

from gmbot.engine.cursor import Cursor
from gmbot.engine.map import COAST, LAND, SEA, province_of
from gmbot.engine.orders import Hold, Move, Order, OrderError, SupportHold
from gmbot.engine.parse import OrderParser
from gmbot.engine.report import LOSS, Mark, Step
from gmbot.engine.state import Dislodged, GameState, Unit
from gmbot.variants.warlock import reasons
from gmbot.variants.warlock.log import mark, private
from gmbot.variants.warlock.naming import balloon_key

if TYPE_CHECKING:
    from gmbot.engine.resolve import Resolution
    from gmbot.engine.rules import StandardRules

_PREFIX = re.compile(r"^\s*(BALLOON|AIR)\s+", re.IGNORECASE)
_LAND = re.compile(r"\s+(LAND|LANDS|DOWN)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class AirOrder(Order):
    """An order for a unit in the air; `loc` stays empty so it never replaces the order of
    a unit on the ground below."""

    unit: str = ""
    dest: str = ""  # "" to land where it is

    def __str__(self) -> str:
        return f"BALLOON {self.unit} " + (f"- {self.dest}" if self.dest else "LAND")


def aloft(state: GameState) -> dict[str, Unit]:
    out = {}
    for prov, entry in (state.extra.get("aloft") or {}).items():
        utype, loc = entry["unit"].split()
        out[prov] = Unit(entry["power"], utype, loc)
    return out


def _store(units: dict[str, Unit]) -> dict[str, Any]:
    return {p: {"power": u.power, "unit": str(u)} for p, u in sorted(units.items())}


def with_aloft(state: GameState, units: dict[str, Unit]) -> GameState:
    extra = {k: v for k, v in state.extra.items() if k != "aloft"}
    if units:
        extra["aloft"] = _store(units)
    return state.with_(extra=extra)


def parse_air(parser: OrderParser, line: str, power: str, state: GameState) -> Order | None:
    """A balloon's order, or None when the line is not about one of the power's balloons."""
    up = aloft(state)
    if not up:
        return None
    prefixed = bool(_PREFIX.match(line))
    text = _PREFIX.sub("", line)
    landing = bool(_LAND.search(text))
    text = _LAND.sub("", text)
    cur = Cursor(parser.tokens(text))
    try:
        utype, loc = parser.read_unit(cur)
    except OrderError:
        if prefixed:
            raise
        return None
    prov = loc.split("/")[0]
    unit = up.get(prov)
    ground = state.units.get(prov)
    if unit is None or unit.power != power or (utype and utype != unit.type):
        if prefixed:
            raise OrderError(f"you have no unit in the air over {prov}")
        return None
    if not prefixed and ground is not None and ground.power == power and not landing:
        return None  # the unit on the ground; BALLOON ... names the one above
    if landing:
        if not cur.done():
            raise OrderError("write BALLOON A BUR LAND")
        if state.map.provinces[prov].type not in _STANDS[unit.type]:
            raise OrderError(f"{unit} cannot land in {prov}")
        return AirOrder(power, None, "", unit=str(unit))
    order = parser.parse(text, power)
    if type(order) is Hold:
        return AirOrder(power, None, "", unit=str(unit), dest=prov)  # stays aloft
    if not isinstance(order, Move):
        # A support of a move has a destination too: it is no drift.
        raise OrderError(f"{unit} is in the air: a unit in the air may not support or "
                         "convoy (it may drift, BALLOON <unit> - <province>, or LAND)")
    dest = order.dest.split("/")[0]
    near = state.map.army_adj.get(prov, frozenset()) | state.map.fleet_prov_adj.get(
        prov, frozenset())
    if dest not in near:
        raise OrderError(f"{unit} drifts one province a turn: {dest} is not next to {prov}")
    return AirOrder(power, None, "", unit=str(unit), dest=dest)


_STANDS = {"A": (LAND, COAST), "F": (COAST, SEA)}


def rise(state: GameState, unit: Unit, turn: dict[str, Any]) -> GameState:
    """The balloon spell: the unit leaves the ground now."""
    up = aloft(state)
    up[unit.prov] = Unit(unit.power, unit.type, unit.prov)
    units = {p: u for p, u in state.units.items() if p != unit.prov}
    turn["air_rows"].setdefault(unit.power, []).append(
        {"unit": str(unit), "order": f"{unit} floats up", "result": "succeeds"})
    reasons.rose(turn, str(unit))
    return with_aloft(state.with_(units=units), up)


def fly(state: GameState, orders: list[AirOrder], turn: dict[str, Any],
        risen: set[str]) -> GameState:
    """Drifts and landings, before the battle. Landings on an occupied province wait for
    its end (`turn["landing"]`). The rows and facts of units aloft at the start have a key
    of their own (an army of the same name may stand below); one that rose this turn was
    on the ground then, and keeps its name."""
    up = aloft(state)
    keys = {p: str(u) if p in risen else balloon_key(str(u)) for p, u in up.items()}
    plans: dict[str, str] = {}
    landing: set[str] = set()
    for order in orders:
        prov = order.unit.split()[1].split("/")[0]
        if prov not in up or prov in risen:
            continue
        if order.dest:
            plans[prov] = order.dest
        else:
            landing.add(prov)
    targets: dict[str, list[str]] = {}
    for prov in up:
        if prov not in landing:
            targets.setdefault(plans.get(prov, prov), []).append(prov)
    new_up: dict[str, Unit] = {}
    for dest, froms in targets.items():
        for prov in froms:
            unit = up[prov]
            if len(froms) > 1:
                landing.add(prov)  # two balloons bounce: both drop (told once)
                if prov == froms[0]:
                    turn["public"].append(f"The balloons over {dest} collide and drop to "
                                          "the map")
                _air_row(turn, unit, keys[prov], plans.get(prov), "bounced")
                reasons.balloons_collided(turn, keys[prov], dest)
                continue
            if dest != prov:
                _air_row(turn, unit, keys[prov], dest, "succeeds")
                reasons.drifted(turn, keys[prov], dest)
            new_up[dest] = Unit(unit.power, unit.type, dest)
    units = dict(state.units)
    for prov in sorted(landing):
        unit = up[prov]
        if prov not in plans or len(targets.get(plans[prov], ())) <= 1:
            _air_row(turn, unit, keys[prov], None, "succeeds")
        if state.map.provinces[prov].type not in _STANDS[unit.type]:
            # The text is silent on a unit dropped where its type cannot stand (two
            # balloons bounce over a sea or inland): it is destroyed (a ruling).
            kind = "an army" if unit.type == "A" else "a fleet"
            turn["public"].append(f"{unit} ({state.map.powers[unit.power].name}) dropped "
                                  f"where {kind} cannot stand and is destroyed")
            mark(turn, Mark(LOSS, unit.loc, "balloon dropped", unit=unit.type,
                            words="destroyed", power=unit.power))
            reasons.dropped_where_it_cannot_stand(turn, unit, keys[prov])
            continue
        down = _grounded(state, unit)
        if prov in units:
            turn["landing"].append(down)
        else:
            units[prov] = down
    return with_aloft(state.with_(units=units), new_up)


def _grounded(state: GameState, unit: Unit) -> Unit:
    loc = unit.prov
    if unit.type == "F":
        locs = state.map.fleet_locations(unit.prov)
        loc = locs[0] if locs else unit.prov
    return Unit(unit.power, unit.type, loc)


def _air_row(turn: dict[str, Any], unit: Unit, key: str, dest: str | None,
             result: str) -> None:
    order = f"BALLOON {unit} - {dest}" if dest else f"BALLOON {unit} LAND"
    # The drift is drawn as a move (a landing, where it comes down, is not).
    steps = [to_builtins(Step("move", unit.loc, dest, type=unit.type))] if dest else []
    turn["air_rows"].setdefault(unit.power, []).append(
        {"unit": str(unit), "order": order, "result": result, "steps": steps, "key": key})


def land_late(state: GameState, turn: dict[str, Any], res: Resolution) -> GameState:
    """Landings over an occupied province, after the battle: down if it was left, else
    dislodged (retreating as a dislodged unit does, not to where the unit now there came
    from), its row reading `dislodged` with the reason (the trial of 3 December 2026:
    `BALLOON A BUR LAND: succeeds` and "attacked from None")."""
    units = dict(state.units)
    dislodged = dict(state.dislodged)
    for unit in turn.get("landing", ()):
        if unit.prov not in units:
            units[unit.prov] = unit
        elif unit.prov not in dislodged:
            came = next((i for i in res.moves_into.get(unit.prov, ()) if res.move_ok(i)), None)
            origin = res.src[came] if came is not None else None
            convoyed = bool(res.convoyed[came]) if came is not None else False
            dislodged[unit.prov] = Dislodged(unit, origin, convoyed)
            private(turn, unit.power, f"{unit} came down on an occupied province: it must "
                                      "retreat")
            # A landing it was ordered (a balloon that dropped, having collided, has its
            # reason): it did not come down as its row said.
            key = balloon_key(str(unit))
            for row in turn["air_rows"].get(unit.power, []):
                if row.get("key") == key and row["result"] == "succeeds":
                    row["result"] = "dislodged"
                    there = str(res.units[came]) if came is not None else str(units[unit.prov])
                    reasons.landed_on_a_unit(turn, key, unit.prov, there, moved=came is not None)
        else:
            turn["public"].append(f"{unit} came down where no place was left and is lost")
    return state.with_(units=units, dislodged=dislodged)


def support_down(state: GameState, order: Order, unit: Unit | None,
                 rules: StandardRules) -> Order | None:
    """`A PIC S A PAR` for a balloon over an empty Paris: a support for its landing
    ("the Balloon unit may, however, be supported down")."""
    if not isinstance(order, SupportHold) or order.target in state.units:
        return None
    above = aloft(state).get(order.target)
    if above is None:
        return None
    if unit is None or unit.power != order.power:
        raise OrderError(f"no unit of yours in {order.prov}")
    if unit.attrs.get("ghost"):
        raise OrderError(f"{unit} is a ghost: a ghost cannot support or convoy")
    reach = (rules.army_adjacent(state, unit.prov, order.target) if unit.type == "A"
             else rules.fleet_targets(state, unit.loc, order.target))
    if not reach:
        raise OrderError(f"{unit} cannot support into {order.target}")
    return SupportHold(order.power, unit.type, unit.loc, above.type, order.target)


def aloft_problems(state: GameState) -> list[tuple[str, str]]:
    """What makes `extra.aloft` unreadable: each entry names a unit ("A BUR") on a place
    of the map and a power of the map (the types are checked before: case_schema.py)."""
    problems = []
    for prov, entry in (state.extra.get("aloft") or {}).items():
        words = str(entry.get("unit", "")).split()
        known = len(words) == 2 and province_of(words[1]) in state.map.provinces
        if not known or words[0] not in ("A", "F"):
            problems.append((f"extra.aloft.{prov}.unit",
                             f"{entry.get('unit')!r} is not a unit such as 'A BUR'"))
        if entry.get("power") not in state.map.powers:
            problems.append((f"extra.aloft.{prov}.power",
                             f"unknown power {entry.get('power')!r}"))
    return problems
