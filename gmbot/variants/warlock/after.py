"""After the movement resolution: ghosts, the first legs' victims, catastrophes, what
reveals an invisible unit, drowning and beaching, and the end of the Fall (centres,
fallen and undead warlocks, ghosts fading)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec import to_builtins

from gmbot.engine.map import LAND, SEA
from gmbot.engine.orders import Move
from gmbot.engine.report import LOSS, Mark
from gmbot.engine.state import Dislodged, GameState, Phase, Unit
from gmbot.engine.steps import steps_of
from gmbot.variants.warlock import reasons
from gmbot.variants.warlock.balloon import aloft, land_late, with_aloft
from gmbot.variants.warlock.casting import centre_location
from gmbot.variants.warlock.double import first_leg_dislodged
from gmbot.variants.warlock.log import mark, private, turn_of, with_attrs
from gmbot.variants.warlock.reveal import reveal_reason, seen, visible
from gmbot.variants.warlock.turn import CATASTROPHE, bottle_lasts, next_movement

if TYPE_CHECKING:
    from gmbot.engine.hooks import Rules
    from gmbot.engine.resolve import Resolution


def _name(state: GameState, power: str) -> str:
    return state.map.powers[power].name


def after_movement(rules: Rules, state: GameState, res: Resolution) -> GameState:
    turn = turn_of(state)
    reasons.supports_counted(turn, res)
    dislodged = {**state.dislodged, **first_leg_dislodged(turn)}
    state = state.with_(dislodged=dislodged)
    state = land_late(state, turn, res)
    state = _ghosts(state, res, turn)
    state = _catastrophe(state, turn)
    if state.dislodged and turn.get("blocked"):
        # The zone stays closed in this season's retreats (removed by after_retreats).
        season = f"{state.phase.season}{state.phase.year}"
        state = state.with_(extra={**state.extra, CATASTROPHE: {
            p: season for p in sorted(turn["blocked"])}})
    state = _reveal(state, res, turn)
    state = _expire_magic_terrain(state, turn)
    # The ruin of its second turn stays for that turn's retreats (after_retreats).
    state = prune_bottle(state, retreats=bool(state.dislodged))
    if state.phase.season == "F" and not state.dislodged:
        state = end_of_fall(rules, state)
    return state


def prune_bottle(state: GameState, retreats: bool = False) -> GameState:
    """The bottle's ruins that last beyond this phase (or, with `retreats`, into this
    movement turn's retreat phase)."""
    bottle = {p: u for p, u in (state.extra.get("bottle") or {}).items()
              if Phase.parse(u) > state.phase or (retreats and bottle_lasts(u, state.phase))}
    return state.with_(extra={**{k: v for k, v in state.extra.items() if k != "bottle"},
                              **({"bottle": bottle} if bottle else {})})


def _ghosts(state: GameState, res: Resolution, turn: dict[str, Any]) -> GameState:
    """A ghost fades when it meets another unit: its target is where a unit stood, went
    or tried to go, or where another ghost goes. It never impedes anyone."""
    touched = set(res.src) | set(state.units) | set(state.dislodged)
    touched |= {d for d in res.dest if d is not None}
    targets: dict[str, int] = {}
    plans = []
    for g in turn["ghosts"]:
        unit: Unit = g["unit"]
        order = g["order"]
        dest = order.dest if isinstance(order, Move) else unit.loc
        plans.append((unit, order, dest))
        prov = dest.split("/")[0]
        targets[prov] = targets.get(prov, 0) + 1
    units = dict(state.units)
    for unit, order, dest in plans:
        prov = dest.split("/")[0]
        faded = prov in touched or targets[prov] > 1
        row = {"unit": str(unit), "order": str(order), "result": "faded" if faded else
               "succeeds", "steps": to_builtins(steps_of(order))}  # as a real unit's row
        turn["ghost_rows"].setdefault(unit.power, []).append(row)
        reasons.ghost_moved(turn, unit, faded)
        if faded:
            turn["public"].append(f"{unit.type} {dest} ({_name(state, unit.power)}) "
                                  "fades into mist: it was a ghost")
        else:
            units[prov] = Unit(unit.power, unit.type, dest, {"ghost": True})
    return state.with_(units=units)


def ghost_met_in_retreat(state: GameState, turn: dict[str, Any], prov: str,
                         ghost: Unit) -> GameState:
    """A retreat ordered into a ghost's province: the ghost fades (it never impedes; the
    retreat went there, or bounced with another retreat and the unit is disbanded)."""
    turn["public"].append(f"{ghost} ({_name(state, ghost.power)}) fades into mist: it was "
                          "a ghost")
    here = state.units.get(prov)
    if here is not None and here.attrs.get("ghost"):
        state = state.with_(units={p: u for p, u in state.units.items() if p != prov})
    return state


def _catastrophe(state: GameState, turn: dict[str, Any]) -> GameState:
    units = dict(state.units)
    for prov in turn.get("blocked", ()):
        unit = units.get(prov)
        if unit is not None and prov not in turn["imperv"]:
            del units[prov]
            turn["public"].append(f"{unit} ({_name(state, unit.power)}) stayed in the "
                                  "catastrophe and is destroyed")
            reasons.stayed_in_catastrophe(turn, unit)
            mark(turn, Mark(LOSS, unit.loc, "catastrophe", unit=unit.type, words="destroyed",
                            power=unit.power))
    return state.with_(units=units)


def _reveal(state: GameState, res: Resolution, turn: dict[str, Any]) -> GameState:
    """The invisible units the battle shows (reveal.py); the others' rows stay their
    owners' (a dislodged one's retreat too, notes.py)."""
    units = dict(state.units)
    dislodged = dict(state.dislodged)
    for i, unit in enumerate(res.units):
        if not unit.attrs.get("invisible"):
            continue
        order = res.orders[i]
        why = reveal_reason(res, i, turn, turn["rename"])
        where = order.dest_prov if isinstance(order, Move) and res.move_ok(i) else res.src[i]
        if why is None:
            turn["hidden_rows"].setdefault(unit.power, []).append(str(unit))
            continue
        seen(state, turn, unit, why)
        if where in dislodged and dislodged[where].unit.power == unit.power:
            d = dislodged[where]
            dislodged[where] = Dislodged(visible(d.unit), d.attacker_from, d.by_convoy)
        elif where in units:
            units[where] = visible(units[where])
    return state.with_(units=units, dislodged=dislodged)


def reveal_unit(state: GameState, turn: dict[str, Any], unit: Unit, why: str) -> GameState:
    return state.with_(units={**state.units, unit.prov: seen(state, turn, unit, why, True)})


def _expire_magic_terrain(state: GameState, turn: dict[str, Any]) -> GameState:
    """At the end of its second turn a unit on water drowns and a fleet on land is
    beached (it claims the centre it stands on, then disbands)."""
    now = str(state.phase)
    units = dict(state.units)
    centers = dict(state.centers)
    for prov, unit in state.units.items():
        kind = state.map.provinces[prov].type
        if unit.attrs.get(spell := "walk_water") == now or unit.attrs.get(
                spell := "swim_land") == now:
            stranded = kind == SEA if spell == "walk_water" else kind == LAND
            if stranded and prov in turn["imperv"]:
                # Impervious this turn: the year is stretched by one turn (a ruling).
                units[prov] = with_attrs(unit, **{spell: str(next_movement(state.phase))})
                continue
        if unit.attrs.get("walk_water") == now:
            if kind == SEA:
                del units[prov]
                turn["public"].append(f"{unit} ({_name(state, unit.power)}) is still at sea "
                                      "at the end of its year and drowns")
                reasons.stranded(turn, unit, "drowned")
                mark(turn, Mark(LOSS, unit.loc, "drowned", unit=unit.type, words="drowned",
                                power=unit.power))
            else:
                units[prov] = with_attrs(unit, walk_water=None, any_terrain=None)
        elif unit.attrs.get("swim_land") == now:
            if kind == LAND:
                del units[prov]
                if prov in state.map.supply_centres:
                    centers[prov] = unit.power
                turn["public"].append(f"{unit} ({_name(state, unit.power)}) is landlocked at "
                                      "the end of its year: it claims what it stands on and "
                                      "is beached")
                reasons.stranded(turn, unit, "beached")
                mark(turn, Mark(LOSS, unit.loc, "beached", unit=unit.type, words="beached",
                                power=unit.power))
            else:
                units[prov] = with_attrs(unit, swim_land=None, any_terrain=None)
    return state.with_(units=units, centers=centers)


def end_of_fall(rules: Rules, state: GameState) -> GameState:
    """The year's end: ghosts fade (a ruling: they are no units to build or remove for),
    centres change owner (a moved home centre is taken where it now lies), invisible units
    that take a centre are seen, and fallen and undead warlocks are counted."""
    turn = turn_of(state)
    units = dict(state.units)
    unit: Unit | None  # each unit, then the one on each centre if any
    for prov, unit in state.units.items():
        if unit.attrs.get("ghost"):
            del units[prov]
            turn["public"].append(f"{unit} ({_name(state, unit.power)}) fades into mist at "
                                  "the end of the year: it was a ghost")
            reasons.ghost_faded(turn, unit, state.phase)
    state = state.with_(units=units)
    centers = dict(state.centers)
    for centre in state.map.supply_centres:
        unit = state.units.get(centre_location(state, centre))
        if unit is None or centers.get(centre) == unit.power:
            continue
        centers[centre] = unit.power
        if unit.attrs.get("invisible"):
            state = _reveal_on_centre(state, turn, unit, centre)
    state = state.with_(centers=centers)
    return _fallen_and_undead(state, turn)


def _reveal_on_centre(state: GameState, turn: dict[str, Any], unit: Unit,
                      centre: str) -> GameState:
    return reveal_unit(state, turn, unit, f"it takes {centre}")


def _fallen_and_undead(state: GameState, turn: dict[str, Any]) -> GameState:
    attrs = {p: dict(a) for p, a in state.power_attrs.items()}
    units = dict(state.units)
    homes = dict(state.homes)
    year = state.phase.year
    for power in state.powers:
        a = attrs.setdefault(power, {})
        owned = sorted(c for c, o in state.centers.items() if o == power)
        if a.get("undead") == year:
            if not owned:
                for prov, unit in list(units.items()):
                    if unit.power == power:
                        del units[prov]
                up = {p: u for p, u in aloft(state).items() if u.power != power}
                state = with_aloft(state, up)  # his units in the air go too
                a["purgatory"] = True
                turn["public"].append(f"{_name(state, power)} took no centre: gone forever "
                                      "to Warlock purgatory")
            else:
                originals = state.map.powers[power].homes
                if not any(c in originals for c in owned):
                    homes[power] = (*homes.get(power, ()), owned[0])
                    a["undead_home"] = owned[0]
                    private(turn, power, f"{owned[0]} is your home centre now")
            del a["undead"]
        if not owned and "fallen" not in a and not a.get("purgatory"):
            a["fallen"] = year
        elif owned and "fallen" in a:
            del a["fallen"]
        if not a:
            del attrs[power]
    return state.with_(units=units, power_attrs=attrs, homes=homes)
