"""Warlock Diplomacy: the standard game plus 19 single-use spells per
warlock, hidden units and private reports. Rulings where the text is unclear are listed in
guide.md in this folder."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import gmbot.variants.warlock.after as aftermath  # its functions bear the hooks' names
from gmbot.engine.map import LAND, province_of
from gmbot.engine.orders import (
    Convoy,
    Move,
    Order,
    OrderError,
    SupportHold,
    SupportMove,
)
from gmbot.engine.resolve import ATTACK, DEFEND, HOLD, PREVENT
from gmbot.engine.result import Rejection
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, Dislodged, GameState, Unit
from gmbot.variants.warlock.balloon import (
    AirOrder,
    aloft,
    aloft_problems,
    parse_air,
    support_down,
)
from gmbot.variants.warlock.casting import centre_location, check_cast, check_magic_move
from gmbot.variants.warlock.hidden import redact_report
from gmbot.variants.warlock.log import TURN, turn_of, with_turn
from gmbot.variants.warlock.retreats import (
    blocked_retreats,
    hidden_places,
    list_hidden_places,
    parse_blocked,
)
from gmbot.variants.warlock.spells import (
    SPELLS,
    Cast,
    describe_left,
    is_cast,
    parse_cast,
    spells_left,
)
from gmbot.variants.warlock.turn import blocked, run_spells, spend

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser
    from gmbot.engine.resolve import Resolution
    from gmbot.engine.result import PhaseResult

SOLO = 18  # "Once a player has 18 SC's the game is over"


class WarlockRules(StandardRules):
    name = "warlock"
    value_options = ("seed",)

    # -- grammar --------------------------------------------------------------------

    def position_problems(self, state: GameState) -> list[tuple[str, str]]:
        return [*super().position_problems(state), *aloft_problems(state)]

    def order_key(self, state: GameState, order: Order) -> tuple[str, ...]:
        # A mail's casts of a spell replace the earlier casts of that spell; a balloon's
        # order is for the unit in the air.
        if isinstance(order, Cast):
            return ("cast", order.spell)
        if isinstance(order, AirOrder):
            return ("balloon", order.unit)
        return super().order_key(state, order)

    def order_words(self) -> frozenset[str]:
        return super().order_words() | {"CAST", "SPELL", "BALLOON", "AIR"}

    def parse_extra(
        self, parser: OrderParser, line: str, power: str, state: GameState
    ) -> Order | None:
        if is_cast(line):
            return check_cast(parse_cast(parser, line, power), state, self)
        if state.phase.kind == ADJUSTMENT:
            _unseen_unit(parser, line, power, state)
            return None
        if state.phase.kind != MOVEMENT:
            return parse_blocked(parser, line, power, state, self)
        air = parse_air(parser, line, power, state)
        if air is not None:
            return air
        try:
            order = parser.parse(line, power, MOVEMENT)
        except OrderError:
            return None  # the standard grammar gives the reason
        _unseen_target(state, order, power)
        unit = state.units.get(order.prov)
        if unit is not None and unit.attrs.get("invisible") and unit.power != power:
            raise OrderError(f"no unit in {order.prov}")  # as for an empty province
        down = support_down(state, order, unit, self)
        if down is not None:
            return down
        if unit is None or unit.power != power:
            return None
        if unit.attrs.get("ghost") and isinstance(order, (SupportHold, SupportMove, Convoy)):
            raise OrderError(f"{unit} is a ghost: a ghost cannot support or convoy")
        if isinstance(order, Move) and order.dest_prov in blocked(state, turn_of(state)):
            raise OrderError(f"{order.dest_prov} is destroyed by the bottle: no unit may enter")
        if unit.attrs.get("any_terrain"):
            return check_magic_move(order, unit, state, self)
        return None

    # -- who orders what ------------------------------------------------------------

    def reconcile(self, state: GameState, orders: list[Order]) -> dict[str, Order]:
        extra = [o for o in orders if isinstance(o, (Cast, AirOrder))]
        chosen = super().reconcile(state, [o for o in orders if o not in extra])
        # Casts and balloons' orders ride along under keys no province has;
        # before_movement takes them out.
        for n, order in enumerate(extra):  # as given: the first casts of a spell stand
            chosen[f"#{n}"] = order
        return chosen

    def missing_orders(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        missing = super().missing_orders(state, power, orders)
        ordered = {
            province_of(c.target.split()[-1]) for c in orders
            if isinstance(c, Cast) and c.order is not None and c.target
        }
        return [m for m in missing if province_of(m.split()[-1]) not in ordered]

    def ack_lines(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        left = spells_left(state.power_attrs.get(power, {}))
        lines = []
        for cast in (o for o in orders if isinstance(o, Cast)):
            if left[cast.spell] <= 0:
                lines.append(f"Refused: {cast} -- you have no {SPELLS[cast.spell].word} "
                             "left for it (your earlier cast of it stands)")
            else:
                left[cast.spell] -= 1
        lines.append(f"Spells left after these orders: {describe_left(left)}")
        return lines

    # -- the board ------------------------------------------------------------------

    def army_adjacent(self, state: GameState, src: str, dest: str) -> bool:
        turn = turn_of(state)
        if dest in blocked(state, turn):
            return False
        gmap = state.map
        near = gmap.army_adj.get(src, frozenset())
        unit = state.units.get(src)
        if unit is not None and unit.attrs.get("walk_water"):
            near = near | gmap.fleet_prov_adj.get(src, frozenset())
        swap = turn.get("swap") or {}
        return dest in near or (dest in swap and swap[dest] in near)

    def fleet_targets(self, state: GameState, loc: str, dest_prov: str) -> list[str]:
        turn = turn_of(state)
        if dest_prov in blocked(state, turn):
            return []
        targets = super().fleet_targets(state, loc, dest_prov)
        unit = state.units.get(province_of(loc))
        if unit is not None and unit.attrs.get("swim_land") and not targets:
            gmap = state.map
            prov = unit.prov
            near = gmap.army_adj.get(prov, frozenset()) | gmap.fleet_prov_adj.get(
                prov, frozenset())
            if dest_prov in near:
                kind = gmap.provinces[dest_prov].type
                targets = [dest_prov] if kind == LAND else list(gmap.fleet_locations(dest_prov))
        return targets

    def retreat_choices(self, state: GameState, entry: Dislodged) -> list[str]:
        # A place only an invisible unit holds looks free to the unit's owner: he has a
        # choice there (and is waited for), or the invisible unit would be betrayed.
        return sorted({*super().retreat_choices(state, entry),
                       *hidden_places(state, self, entry)})

    def neighbours(self, state: GameState, unit: Unit) -> list[str]:
        if not unit.attrs.get("any_terrain"):
            return [n for n in super().neighbours(state, unit)
                    if province_of(n) not in blocked(state, turn_of(state))]
        gmap = state.map
        near = gmap.army_adj.get(unit.prov, frozenset()) | gmap.fleet_prov_adj.get(
            unit.prov, frozenset())
        out: list[str] = []
        for prov in sorted(near):
            if unit.type == "A":
                if self.army_adjacent(state.with_(units={unit.prov: unit}), unit.prov, prov):
                    out.append(prov)
            else:
                out.extend(self.fleet_targets(state.with_(units={unit.prov: unit}),
                                              unit.loc, prov))
        return out

    def convoy_adjacent(self, state: GameState, a: str, b: str) -> bool:
        return super().convoy_adjacent(state, a, b) and b not in blocked(state, turn_of(state))

    def build_sites(self, state: GameState, power: str) -> set[str]:
        ruined = blocked(state, {})
        sites = set()
        for home in state.homes.get(power, ()):
            where = centre_location(state, home)
            if state.centers.get(home) == power and where not in state.units \
                    and where not in ruined:
                sites.add(where)
        return sites

    def adjustment_offset(self, state: GameState, power: str) -> int:
        """Extra build: one more build (or one removal fewer) in the winter of the year it
        was cast. The next winter needs no rule: the warlock then has a unit more than
        his centres, so one unit is dropped unless he has gained a real centre."""
        extra = state.power_attrs.get(power, {}).get("extra_build")
        bonus = 1 if extra and int(extra["year"]) == state.phase.year else 0
        # A unit in the air is a unit too, though not on the board.
        return bonus - sum(1 for u in aloft(state).values() if u.power == power)

    # -- battles --------------------------------------------------------------------

    def strength(self, res: Resolution, kind: str, unit: Unit, supports: int) -> float:
        base = super().strength(res, kind, unit, supports)
        turn = turn_of(res.state)
        if kind in (HOLD, DEFEND) and unit.prov in turn.get("imperv", ()):
            return float("inf")  # power impervious: cannot be dislodged by anything
        bonus = turn.get("bonus", {}).get(unit.prov)
        if bonus:
            n, dest = bonus
            order = res.orders[res.index[unit.prov]]
            if isinstance(order, Move):
                if dest == order.dest_prov and kind in (ATTACK, PREVENT, DEFEND):
                    base += n
            elif dest is None and kind in (HOLD, DEFEND):
                base += n
        return base

    def beats_defender(self, res: Resolution, i: int) -> bool:
        if not super().beats_defender(res, i):
            return False
        # Illusion: units passing through the swap arrive together or not at all (the
        # text: with a third unit holding in Paris "all orders would bounce").
        swap = turn_of(res.state).get("swap") or {}
        dest = res.dest[i]
        if dest in swap:
            return all(res.move_ok(j) for j in res.moves_into.get(swap[dest], ()))
        return True

    # -- phase effects --------------------------------------------------------------

    def before_movement(
        self, state: GameState, orders: dict[str, Order]
    ) -> tuple[GameState, dict[str, Order]]:
        casts = [o for o in orders.values() if isinstance(o, Cast)]
        air = [o for o in orders.values() if isinstance(o, AirOrder)]
        plain = {k: o for k, o in orders.items() if not k.startswith("#")}
        state = state.with_(extra={k: v for k, v in state.extra.items() if k != TURN})
        return run_spells(self, state, plain, casts, air)

    def after_movement(self, state: GameState, res: Resolution) -> GameState:
        return aftermath.after_movement(self, state, res)

    def after_retreats(self, state: GameState) -> GameState:
        if state.phase.season == "F":
            state, _ = with_turn(state)
            return aftermath.end_of_fall(self, state)
        return state

    def captures_centres(self, phase: Any) -> bool:
        return False  # done by end_of_fall: moved home centres and ghosts need it

    def solo_threshold(self, state: GameState) -> int:
        return int(self.options.get("solo", SOLO))

    def before_adjustments(
        self, state: GameState, orders: list[Order]
    ) -> tuple[GameState, list[Order]]:
        """EXTRA BUILD cast in the winter itself ("(Winter)"): spent, and one more build
        this winter; the builds of the same orders count it."""
        casts = [o for o in orders if isinstance(o, Cast)]
        if not casts:
            return state, orders
        state, done = spend(state, casts, {"refused": []})
        attrs = {p: dict(a) for p, a in state.power_attrs.items()}
        for cast in done:
            attrs.setdefault(cast.power, {})["extra_build"] = {"year": state.phase.year}
        return (state.with_(power_attrs=attrs),
                [o for o in orders if not isinstance(o, Cast)])

    def after_adjustments(self, state: GameState) -> GameState:
        """An extra build is used up in its winter. An undead warlock's new home centre
        serves for one more winter's builds once he owns an original home centre again,
        then is shut down forever."""
        attrs = {p: {k: v for k, v in a.items() if k != "extra_build"}
                 for p, a in state.power_attrs.items()}
        homes = dict(state.homes)
        for power, a in attrs.items():
            home = a.get("undead_home")
            originals = state.map.powers[power].homes
            if home and any(state.centers.get(c) == power for c in originals):
                homes[power] = tuple(h for h in homes.get(power, ()) if h != home)
                del a["undead_home"]
        return state.with_(power_attrs={p: a for p, a in attrs.items() if a}, homes=homes)

    # -- reporting ------------------------------------------------------------------

    def shown_to(self, state: GameState, unit: Unit, viewer: str | None) -> bool:
        return not unit.attrs.get("invisible") or viewer == unit.power

    def redact(self, report: dict[str, Any], viewer: str | None) -> dict[str, Any]:
        return redact_report(report, viewer)

    def private_lines(self, state: GameState, viewer: str) -> list[str]:
        lines = [f"Spells left: {describe_left(spells_left(state.power_attrs.get(viewer, {})))}"]
        for unit in aloft(state).values():
            if unit.power == viewer:
                lines.append(f"{unit} is in the air: order it with BALLOON {unit} - <province> "
                             f"or BALLOON {unit} LAND")
        for unit in state.units_of(viewer):
            if unit.attrs.get("invisible"):
                lines.append(f"{unit} is invisible: only you see it")
            if unit.attrs.get("ghost"):
                lines.append(f"{unit} is your ghost: the others take it for a real unit")
            for spell in ("walk_water", "swim_land"):
                if unit.attrs.get(spell):
                    lines.append(f"{unit} may {SPELLS[spell].word.lower()} until the end of "
                                 f"{unit.attrs[spell]}")
        return lines

    def phase_notes(self, result: PhaseResult) -> None:
        if result.before.phase.kind == MOVEMENT:
            list_hidden_places(result, self)
        bounced = blocked_retreats(result) if result.before.phase.kind == RETREAT else []
        if bounced:
            state, _ = with_turn(result.after)
            result.after = state
        turn = result.after.extra.get(TURN)
        if turn is None:
            return
        for name, prov in bounced:
            result.results[name] = "bounced"
            unit = result.after.units.get(prov)
            if unit is not None and unit.attrs.get("invisible"):
                result.after = aftermath.reveal_unit(result.after, turn, unit,
                                           f"{name} retreating to {prov} bounced off it")
        _patch_rows(result, turn)
        for power, line, why in turn["refused"]:
            result.rejected.append(Rejection(power, line, why))
        hidden_rows = _still_hidden(result, turn)
        up = aloft(result.after)
        if up and result.before.phase.kind == MOVEMENT:
            turn["public"].append("In the air: " + ", ".join(
                f"{u} ({result.after.map.powers[u.power].name})" for u in up.values()))
        result.notes["public"] = list(turn["public"])
        result.notes["private"] = {p: list(v) for p, v in turn["private"].items()}
        if turn["random"]:
            result.notes["random"] = list(turn["random"])
        if hidden_rows or turn["ghost_rows"] or turn["air_rows"]:
            result.notes["hidden"] = {"rows": hidden_rows, "ghosts": turn["ghost_rows"],
                                      "air": turn["air_rows"]}
        result.after = result.after.with_(
            extra={k: v for k, v in result.after.extra.items() if k != TURN})
        result.before = result.before.with_(
            extra={k: v for k, v in result.before.extra.items() if k != TURN})


def _unseen_unit(parser: OrderParser, line: str, power: str, state: GameState) -> None:
    """REMOVE of another power's invisible unit: refused as for an empty province."""
    try:
        order = parser.parse(line, power, ADJUSTMENT)
    except OrderError:
        return
    unit = state.units.get(order.prov) if order.loc else None
    if unit is not None and unit.attrs.get("invisible") and unit.power != power:
        raise OrderError(f"no unit in {order.prov}")


def _unseen_target(state: GameState, order: Order, power: str) -> None:
    """Another power's invisible unit cannot be supported or convoyed: the refusal is the
    one an empty province gets, so the answer tells nothing."""
    if isinstance(order, (SupportHold, SupportMove, Convoy)):
        unit = state.units.get(order.target)
        if unit is not None and unit.attrs.get("invisible") and unit.power != power:
            if isinstance(order, Convoy):
                raise OrderError(f"no army in {order.target} to convoy")
            raise OrderError(f"no unit in {order.target} to support")


def _still_hidden(result: PhaseResult, turn: dict[str, Any]) -> dict[str, list[str]]:
    """Rows (by the unit's name at the start) of units still invisible at the end."""
    out: dict[str, list[str]] = {}
    for power, names in turn["hidden_rows"].items():
        for name in names:
            start = turn["rename"].get(name, name)
            loc = result.moves.get(start) or start.split()[-1]
            unit = result.after.units.get(province_of(loc))
            if unit is not None and unit.power == power and unit.attrs.get("invisible"):
                out.setdefault(power, []).append(start)
    return {p: sorted(set(v)) for p, v in out.items()}


def _patch_rows(result: PhaseResult, turn: dict[str, Any]) -> None:
    """The report's rows as the players ordered them: units the resolver never saw
    (vaporized, dislodged by a first leg), supports cut by a spell, double orders under
    the unit's name at the start of the turn, illusions as written."""
    for new, old in turn["rename"].items():
        if new in result.orders:
            result.orders[old] = result.orders.pop(new)
            result.results[old] = result.results.pop(new)
        where = result.moves.pop(new, None) or new.split()[-1]
        result.moves[old] = where
    for name, (text, code) in turn["rows"].items():
        result.orders[name] = text
        result.results[name] = code
    for name, text in turn.get("shown", {}).items():
        if name in result.orders:
            result.orders[name] = text
    for name, (argument, first_code, has_then) in turn.get("legs", {}).items():
        if name not in result.orders:
            continue
        moved = name in turn["rename"].values()
        if moved and has_then:
            result.orders[name] = argument
        elif moved:
            result.orders[name] = f"{argument}, then {result.orders[name]}"
        elif first_code != "succeeds" and has_then:
            result.orders[name] = argument
            result.results[name] = first_code
        else:
            result.orders[name] = f"{argument} ({first_code}), then {result.orders[name]}"
    for name in turn.get("landed", ()):
        # A balloon that came down before the battle: its row is the balloon's.
        result.orders.pop(name, None)
        result.results.pop(name, None)
    for name in list(result.orders):
        if name.startswith("#"):
            del result.orders[name]
            result.results.pop(name, None)
    private_lines = turn["private"]
    for power, lines in private_lines.items():
        private_lines[power] = list(dict.fromkeys(lines))

