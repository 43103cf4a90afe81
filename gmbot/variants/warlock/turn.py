"""Before the movement resolution: the spells in the text's sequence (section 5).

1) Power impervious  2) vaporize, spin the bottle  3) make invisible, catastrophe,
illusion  4) normal adjudication, preceded by the first legs of double orders. What the
resolver must know (impervious units, added supports, blocked provinces, the illusion's
swap) goes into the turn record read by the rule hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmbot.engine.map import COAST, LAND, SEA
from gmbot.engine.orders import (
    Hold,
    Move,
    Order,
    SupportMove,
)
from gmbot.engine.report import LOSS, RING, STRIPES, Mark
from gmbot.engine.state import GameState, Phase, Unit
from gmbot.variants.warlock import reasons
from gmbot.variants.warlock.balloon import AirOrder, fly, rise
from gmbot.variants.warlock.casting import unit_of
from gmbot.variants.warlock.cutting import cut_supports
from gmbot.variants.warlock.double import double_orders
from gmbot.variants.warlock.illusion import apply_swap, illusion
from gmbot.variants.warlock.log import mark, private, with_attrs, with_turn
from gmbot.variants.warlock.magic import conditional_moves, refuse_unmet
from gmbot.variants.warlock.moving_home import move_homes
from gmbot.variants.warlock.spells import ATTACK, SPELLS, Cast, spells_left

if TYPE_CHECKING:
    from gmbot.engine.hooks import Rules

# Spells whose use on an invisible unit its owner keeps secret until the unit is seen.
SECRET_ON_INVISIBLE = {"double", "walk_water", "swim_land", "support1", "support2",
                       "impervious", "balloon"}


def next_movement(phase: Phase) -> Phase:
    if phase.season == "S":
        return Phase.make("F", phase.year, "M")
    return Phase.make("S", phase.year + 1, "M")


def public_text(cast: Cast) -> str:
    """What everyone reads of a cast: an invisible unit's order and a ghost's move are
    not told."""
    if cast.spell in ("invisible", "ghost"):
        return f"CAST {SPELLS[cast.spell].word} {cast.target}"
    return str(cast)


def spend(state: GameState, casts: list[Cast], turn: dict[str, Any]) -> tuple[GameState,
                                                                           list[Cast]]:
    """Take each cast's use off its warlock (cast = spent, whether it works or not); a
    spell cast more often than the warlock has it is refused, the first casts standing."""
    attrs = {p: dict(a) for p, a in state.power_attrs.items()}
    done: list[Cast] = []
    for cast in casts:
        power_attrs = attrs.setdefault(cast.power, {})
        left = spells_left(power_attrs)
        if left[cast.spell] <= 0:
            turn["refused"].append([cast.power, str(cast),
                                    f"you have no {SPELLS[cast.spell].word} left"])
            continue
        left[cast.spell] -= 1
        power_attrs["spells"] = left
        done.append(cast)
    return state.with_(power_attrs=attrs), done


def run_spells(
    rules: Rules, state: GameState, orders: dict[str, Order], casts: list[Cast],
    air: list[AirOrder] | None = None,
) -> tuple[GameState, dict[str, Order]]:
    """The turn's spells, step by step in the text's sequence (see the module doc)."""
    state, turn = with_turn(state)
    waiting = conditional_moves(rules, state, orders)
    state, casts = spend(state, casts, turn)
    state, by_spell = _announce(state, casts, turn)
    # 1) Power impervious: the unit stands; it may support but not move.
    imperv = _impervious(state, orders, turn, by_spell.get("impervious", []))
    # 2) Vaporize and spin the bottle (and what changes the board before the battle).
    state, orders = _destruction(rules, state, orders, turn, by_spell, imperv)
    # 3) Make invisible, catastrophe, illusion.
    state = _hiding(state, orders, turn, by_spell, imperv)
    state = _terrain(state, orders, turn, by_spell, imperv)
    refuse_unmet(state, orders, turn, waiting)
    state = _balloons(state, orders, turn, by_spell.get("balloon", []), imperv, air)
    # Moves into a catastrophe, a bottle's ruin or a swapped province the illusionist
    # sees through do not happen: the unit stands.
    orders = _block_moves(rules, state, orders, turn)
    orders = apply_swap(rules, state, orders, turn)
    # Ghosts: the new ones appear beside their unit; no ghost meets the resolver.
    state, orders = _ghosts(state, orders, turn, by_spell.get("ghost", []))
    # Cut-support spells: the supports named are cut (the unit stands, reported cut).
    orders = cut_supports(orders, turn, by_spell.get("cut1", []) + by_spell.get("cut2", []))
    _added_supports(state, turn, by_spell.get("support1", []) + by_spell.get("support2", []))
    # 4) Double orders: the first legs are adjudicated before everything else.
    state, orders = double_orders(rules, state, orders, turn, by_spell.get("double", []),
                                  imperv)
    # Home centres move under the normal adjudication, on the route it finds.
    return move_homes(rules, state, turn, by_spell.get("move_home", [])), orders


def _announce(state: GameState, casts: list[Cast],
              turn: dict[str, Any]) -> tuple[GameState, dict[str, list[Cast]]]:
    """Each cast told to its caster and in public, save the owner's spells on a unit of
    his that is (or turns) invisible: those are kept secret with the unit. The casts by
    spell."""
    by_spell: dict[str, list[Cast]] = {}
    # Units their owner makes invisible this turn: his other spells on them are secret too.
    vanishing = {(c.power, c.target) for c in casts if c.spell == "invisible"}
    for cast in casts:
        by_spell.setdefault(cast.spell, []).append(cast)
        unit = unit_of(state, cast)
        secret = (unit is not None and cast.spell in SECRET_ON_INVISIBLE
                  and unit.power == cast.power
                  and (unit.attrs.get("invisible") or (cast.power, str(unit)) in vanishing))
        private(turn, cast.power, f"You cast: {cast}")
        if cast.spell == "impervious" and unit is not None:  # its caster always sees it
            mark(turn, Mark(RING, unit.loc, "impervious", unit=str(unit), words="impervious",
                            power=cast.power, seen_by=(cast.power,) if secret else None))
        if secret:
            assert unit is not None
            turn.setdefault("secret", []).append(str(cast))
            state = _replace_unit(state, with_attrs(
                unit, secret_spells=[*unit.attrs.get("secret_spells", []), str(cast)]))
        else:
            turn["public"].append(f"{state.map.powers[cast.power].name}: {public_text(cast)}")
    return state, by_spell


def _impervious(state: GameState, orders: dict[str, Order], turn: dict[str, Any],
                casts: list[Cast]) -> set[str]:
    """Step 1: the impervious units' provinces; a move ordered for one is not made."""
    imperv: set[str] = set()
    for cast in casts:
        unit = unit_of(state, cast)
        if unit is not None:
            imperv.add(unit.prov)
            order = orders.get(unit.prov)
            if isinstance(order, Move):
                orders[unit.prov] = Hold(unit.power, unit.type, unit.loc)
                private(turn, unit.power, f"{unit} is impervious and stands: "
                                          f"{order} is not carried out")
                reasons.stood_impervious(turn, unit)
    turn["imperv"] = sorted(imperv)
    return imperv


def _destruction(rules: Rules, state: GameState, orders: dict[str, Order],
                 turn: dict[str, Any], by_spell: dict[str, list[Cast]],
                 imperv: set[str]) -> tuple[GameState, dict[str, Order]]:
    """Step 2: vaporize, spin the bottle; the Undead rise, home centres move, extra
    builds are noted."""
    for cast in by_spell.get("vaporize", []):
        unit = unit_of(state, cast)
        if unit is None:
            continue  # vaporized twice, or gone
        if unit.prov in imperv:
            turn["public"].append(f"{unit} is impervious: the vaporize spell fails")
            continue
        state, orders = _destroy(state, orders, turn, unit, "vaporized")
    for cast in by_spell.get("bottle", []):
        state, orders = _spin_bottle(rules, state, orders, turn, cast, imperv)
    for cast in by_spell.get("undead", []):
        state = _undead(rules, state, turn, cast)
    return _home_and_builds(state, by_spell), orders


def _hiding(state: GameState, orders: dict[str, Order], turn: dict[str, Any],
            by_spell: dict[str, list[Cast]], imperv: set[str]) -> GameState:
    """Step 3: make invisible (its unit order carried), catastrophe, illusion."""
    for cast in by_spell.get("invisible", []):
        unit = unit_of(state, cast)
        if unit is not None:
            state = _replace_unit(state, with_attrs(unit, invisible=unit.prov))
            reasons.made_invisible(turn, unit)
            if cast.order is not None and cast.order.power == unit.power:
                _carry(orders, turn, unit, cast.order, imperv)
    for cast in by_spell.get("catastrophe", []):
        turn["blocked"].append(cast.places[0])
        mark(turn, Mark(STRIPES, cast.places[0], "catastrophe", words="catastrophe",
                        power=cast.power))
        turn["public"].append(f"A catastrophe strikes {cast.places[0]}: no unit may enter it "
                              "this turn; a unit that stays there is destroyed")
    illusion(state, turn, by_spell.get("illusion", []))
    return state


def _terrain(state: GameState, orders: dict[str, Order], turn: dict[str, Any],
             by_spell: dict[str, list[Cast]], imperv: set[str]) -> GameState:
    """Walking on water and swimming in land: they last a year, this turn and the next;
    the spell's move is the unit's order."""
    until = str(next_movement(state.phase))
    for cast in by_spell.get("walk_water", []) + by_spell.get("swim_land", []):
        unit = unit_of(state, cast)
        if unit is not None:
            state = _replace_unit(state, with_attrs(unit, **{cast.spell: until},
                                                    any_terrain=True))
            reasons.any_terrain(turn, cast, unit, until)
            if cast.order is not None:
                _carry(orders, turn, unit, cast.order, imperv)
    return state


def _balloons(state: GameState, orders: dict[str, Order], turn: dict[str, Any],
              casts: list[Cast], imperv: set[str], air: list[AirOrder] | None) -> GameState:
    """New balloons rise (not from an impervious unit), those aloft drift or land."""
    risen: set[str] = set()
    for cast in casts:
        unit = unit_of(state, cast)
        if unit is not None and unit.prov not in imperv:
            dropped = orders.pop(unit.prov, None)
            # Floating up is the unit's move this turn. A hold (also the one an unordered
            # unit is given, as when the cast is another power's) loses nothing to tell.
            if dropped is not None and not isinstance(dropped, Hold):
                turn["refused"].append([dropped.power, str(dropped),
                                        f"{unit} floats up in a balloon this turn: "
                                        "floating up is its move"])
            state = rise(state, unit, turn)
            risen.add(unit.prov)
    landed_before = set(state.units)
    state = fly(state, list(air or ()), turn, risen)
    turn["landed"] = sorted(str(u) for p, u in state.units.items() if p not in landed_before)
    return state


def _added_supports(state: GameState, turn: dict[str, Any], casts: list[Cast]) -> None:
    """Added supports, by the unit's place at the start (a double order's legs are told
    apart by the destination named); a cut-support spell on the same target cancels
    them."""
    for cast in casts:
        unit = unit_of(state, cast)
        if unit is None:
            continue
        n = 1 if cast.spell == "support1" else 2
        dest = cast.order.dest_prov if isinstance(cast.order, Move) else None
        dest = turn["swap"].get(dest, dest) if dest else None
        cuts = {tuple(c) for c in turn["cuts"]}
        if (dest and (ATTACK, dest) in cuts) or (not dest and ("DEFENCE", unit.prov) in cuts):
            if str(cast) in turn.get("secret", ()):
                private(turn, cast.power, f"{cast} is cut by a cut-support spell")
            else:
                turn["public"].append(f"{cast} is cut by a cut-support spell")
            continue
        reasons.supports_added(turn, cast, unit, n)
        held = turn["bonus"].get(unit.prov)
        if held and held[1] == dest:
            n += held[0]
        turn["bonus"][unit.prov] = [n, dest]


def _carry(orders: dict[str, Order], turn: dict[str, Any], unit: Unit, order: Order,
           imperv: set[str]) -> None:
    """A spell's unit order becomes the unit's order, save a move of an impervious unit:
    power impervious (step 1, before any other spell) makes the unit stand, whichever
    spell carries the move (the ruling on MAKE INVISIBLE F LON - NTH)."""
    if unit.prov in imperv and isinstance(order, Move):
        private(turn, unit.power, f"{unit} is impervious and stands: {order} is not "
                                  "carried out")
        return
    orders[unit.prov] = order


def _replace_unit(state: GameState, unit: Unit) -> GameState:
    return state.with_(units={**state.units, unit.prov: unit})


def _destroy(state: GameState, orders: dict[str, Order], turn: dict[str, Any], unit: Unit,
             how: str) -> tuple[GameState, dict[str, Order]]:
    units = dict(state.units)
    del units[unit.prov]
    order = orders.pop(unit.prov, None)
    text = str(order) if order is not None else f"{unit} H"
    shown = "hidden" if unit.attrs.get("invisible") else text
    turn["rows"][str(unit)] = [text if shown == text else f"{unit} H", how]
    turn["public"].append(f"{unit} ({state.map.powers[unit.power].name}) is {how}")
    reasons.destroyed(turn, unit, how)
    mark(turn, Mark(LOSS, unit.loc, how, unit=unit.type, words=how.split()[0],
                    power=unit.power, stops=True))
    return state.with_(units=units), orders


def _spin_bottle(rules: Rules, state: GameState, orders: dict[str, Order],
                 turn: dict[str, Any], cast: Cast, imperv: set[str]
                 ) -> tuple[GameState, dict[str, Order]]:
    places = sorted(p for p, v in state.map.provinces.items() if v.type in (LAND, COAST, SEA))
    prov = rules.rng(state, f"bottle:{cast.power}").choice(places)
    turn["random"].append({"purpose": "spin the bottle", "power": cast.power, "drawn": prov})
    until = str(next_movement(state.phase))
    bottle = {**(state.extra.get("bottle") or {}), prov: until}
    state = state.with_(extra={**state.extra, "bottle": bottle})
    turn["public"].append(f"The bottle spun by {state.map.powers[cast.power].name} points "
                          f"at {prov}: it is destroyed and impassable until after "
                          f"{Phase.parse(until).long()}")
    mark(turn, Mark(STRIPES, prov, "bottle", words="bottle", power=cast.power))
    unit = state.units.get(prov)
    if unit is not None:
        if prov in imperv:
            turn["public"].append(f"{unit} is impervious and survives")
        else:
            state, orders = _destroy(state, orders, turn, unit, "destroyed by the bottle")
    return state, orders


def _undead(rules: Rules, state: GameState, turn: dict[str, Any],
            cast: Cast) -> GameState:
    kinds = (LAND, COAST) if cast.utype_wanted == "A" else (COAST, SEA)
    free = sorted(p for p, v in state.map.provinces.items()
                  if v.type in kinds and p not in state.units and p not in blocked(state, turn))
    if not free:
        return state
    prov = rules.rng(state, f"undead:{cast.power}").choice(free)
    loc = prov
    if cast.utype_wanted == "F":
        loc = state.map.fleet_locations(prov)[0]
    unit = Unit(cast.power, cast.utype_wanted, loc, {})
    turn["random"].append({"purpose": "undead", "power": cast.power, "drawn": loc})
    turn["public"].append(f"{state.map.powers[cast.power].name} rises undead: {unit}")
    attrs = {p: dict(a) for p, a in state.power_attrs.items()}
    attrs.setdefault(cast.power, {})["undead"] = state.phase.year
    return state.with_(units={**state.units, prov: unit}, power_attrs=attrs)


def _home_and_builds(state: GameState, by_spell: dict[str, list[Cast]]) -> GameState:
    """Extra build: noted for this winter."""
    attrs = {p: dict(a) for p, a in state.power_attrs.items()}
    for cast in by_spell.get("extra_build", []):
        attrs.setdefault(cast.power, {})["extra_build"] = {"year": state.phase.year}
    return state.with_(power_attrs=attrs)


CATASTROPHE = "catastrophe"  # extra: province -> season ("F1901") while its retreats last


def blocked(state: GameState, turn: dict[str, Any]) -> set[str]:
    """Provinces no unit may enter now: this season's catastrophes (in its movement and
    its retreats) and the bottle's ruins."""
    out = set(turn.get("blocked", ()))
    season = f"{state.phase.season}{state.phase.year}"
    out.update(p for p, s in (state.extra.get(CATASTROPHE) or {}).items() if s == season)
    for prov, until in (state.extra.get("bottle") or {}).items():
        if bottle_lasts(until, state.phase):
            out.add(prov)
    return out


def bottle_lasts(until: str, phase: Phase) -> bool:
    """Whether the bottle's ruin, impassable until the movement turn `until`, still is in
    `phase`: through that turn's retreats too (a ruling)."""
    last = Phase.parse(until)
    return Phase.make(last.season, last.year, "R") >= phase


def _block_moves(rules: Rules, state: GameState, orders: dict[str, Order],
                 turn: dict[str, Any]) -> dict[str, Order]:
    stop = blocked(state, turn)
    seers = turn.get("illusionists", {})
    out = dict(orders)
    for prov, order in orders.items():
        if not isinstance(order, (Move, SupportMove)):
            continue
        into = order.dest_prov
        code = None
        if into in stop:
            code = "blocked"
        elif seers.get(into) == order.power:
            code = "void"  # the illusionist may not move or support into his swap
        if code:
            out[prov] = Hold(order.power, order.utype, order.loc)
            turn["rows"][f"{order.utype} {order.loc}"] = [str(order), code]
            reasons.kept_out(turn, order, into, code, into not in turn.get("blocked", ())
                         and into in (state.extra.get("bottle") or {}))
    return out


def _ghosts(state: GameState, orders: dict[str, Order], turn: dict[str, Any],
            casts: list[Cast]) -> tuple[GameState, dict[str, Order]]:
    units = dict(state.units)
    for cast in casts:
        real = unit_of(state, cast)
        if real is None or not isinstance(cast.order, Move):
            continue
        ghost = Unit(real.power, real.type, real.loc, {"ghost": True})
        turn["ghosts"].append({"unit": ghost, "order": cast.order, "new": True})
    for prov, unit in list(units.items()):
        if unit.attrs.get("ghost"):
            order = orders.pop(prov, None) or Hold(unit.power, unit.type, unit.loc)
            turn["ghosts"].append({"unit": unit, "order": order, "new": False})
            del units[prov]
    return state.with_(units=units), orders
