"""Warlock Diplomacy: the standard game plus 19 single-use spells per
warlock, hidden units and private reports. Rulings where the text is unclear are listed in
guide.md in this folder."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import gmbot.variants.warlock.after as aftermath  # its functions bear the hooks' names
from gmbot.engine.choices import BotTurn
from gmbot.engine.map import LAND, province_of
from gmbot.engine.orders import Move, Order
from gmbot.engine.report import GM, Bulletin, PhaseReport
from gmbot.engine.resolve import ATTACK, DEFEND, HOLD, PREVENT
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import MOVEMENT, Dislodged, GameState, Phase, Unit
from gmbot.variants.warlock.acks import warlock_ack
from gmbot.variants.warlock.balloon import AirOrder, aloft, aloft_problems
from gmbot.variants.warlock.bot import warlock_bot_lines
from gmbot.variants.warlock.builds import build_lines
from gmbot.variants.warlock.casting import centre_location
from gmbot.variants.warlock.comeback import castable, comeback_lines
from gmbot.variants.warlock.ended import ended_in
from gmbot.variants.warlock.examples import spell_example
from gmbot.variants.warlock.grammar import warlock_line
from gmbot.variants.warlock.hidden import hidden_note, redact_report
from gmbot.variants.warlock.legal import warlock_lines
from gmbot.variants.warlock.log import TURN, turn_of, with_turn
from gmbot.variants.warlock.naming import WORDS, fact_key, ghosts_made, word_of
from gmbot.variants.warlock.notes import phase_notes
from gmbot.variants.warlock.removal import AirRemove
from gmbot.variants.warlock.retreats import ghost_places, hidden_places
from gmbot.variants.warlock.spells import SPELLS, Cast, describe_left, spells_left
from gmbot.variants.warlock.turn import CATASTROPHE, blocked, run_spells
from gmbot.variants.warlock.voting import awaiting_undead
from gmbot.variants.warlock.winter import after_winter, before_winter

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser
    from gmbot.engine.resolve import Resolution
    from gmbot.engine.result import PhaseResult

# What the end of a walk on water or swim in land does to a unit still off its ground.
STRANDED = {"walk_water": "an army still at sea then drowns",
            "swim_land": "a fleet still on land then takes the centre it stands on and is "
                         "beached (lost)"}
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
        if isinstance(order, (AirOrder, AirRemove)):
            return ("balloon", order.unit)
        return super().order_key(state, order)

    def order_words(self) -> frozenset[str]:
        return super().order_words() | {"CAST", "SPELL", "BALLOON", "AIR"}

    def legal_extra(self, state: GameState, power: str) -> list[str]:
        return super().legal_extra(state, power) + warlock_lines(state, self, power)

    def bot_lines(self, state: GameState, power: str, turn: BotTurn,
                  rng: random.Random) -> list[str]:
        return warlock_bot_lines(state, self, power, turn)

    def parse_extra(
        self, parser: OrderParser, line: str, power: str, state: GameState
    ) -> Order | None:
        return warlock_line(self, parser, line, power, state)

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
        # A spell carrying the unit's order is its order; so is floating up in a balloon
        # (the ruling: a unit in a balloon is ordered by its balloon).
        ordered = {
            province_of(c.target.split()[-1]) for c in orders
            if isinstance(c, Cast) and c.target and (c.order is not None or c.spell == "balloon")
        }
        return [m for m in missing if province_of(m.split()[-1]) not in ordered]

    def optional_orders(self, state: GameState, power: str) -> list[str]:
        # A fallen warlock has no unit to order, yet may cast UNDEAD in a Spring.
        extra = (["CAST UNDEAD ARMY or CAST UNDEAD FLEET"] if state.phase.season == "S"
                 and state.phase.kind == MOVEMENT and power in awaiting_undead(state) else [])
        return super().optional_orders(state, power) + extra

    def ack_lines(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        return warlock_ack(self, state, power, orders)

    def open_seat_words(self, state: GameState, key: str) -> str:
        # A warlock nobody plays casts nothing, UNDEAD (his way back without centres) too.
        return (f"Until a new player takes it over, {key} is in civil disorder: it sends no "
                "orders and casts no spell (not even UNDEAD once its last centre is lost); "
                f"its units hold, it builds nothing, and removals it owes are made "
                f"{self.disorder_removals(state, key)} (its units in the air once those on "
                "the ground are gone).")

    def help_data(self, state: GameState, viewer: str | None) -> dict[str, Any]:
        """Each spell, its syntax with an example and the viewer's uses left (the GM: the
        uses each warlock starts with)."""
        data = dict(super().help_data(state, viewer))
        left = spells_left(state.power_attrs.get(viewer, {}) if viewer else {})
        data["spells"] = [{"word": s.word, "uses": s.count, "left": left[s.key],
                           "also": list(s.synonyms[:2]),
                           "example": spell_example(s, state, viewer)}
                          for s in SPELLS.values()]
        # EXPLAIN's forms for a balloon and a ghost, with his own (none: not told him).
        data["aloft"] = [str(u) for u in aloft(state).values() if u.power == viewer]
        data["ghosts"] = [str(u) for u in state.units_of(viewer) if u.attrs.get("ghost")
                          ] if viewer else []
        # A warlock out of the game may cast UNDEAD alone: HELP says so and lists no other.
        data["comeback"] = comeback_lines(state, viewer) if viewer else []
        data["castable"] = castable(state, viewer) if viewer else None
        return data

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
        # A place only a ghost holds: a retreat there is decided at adjudication.
        return sorted({*super().retreat_choices(state, entry),
                       *hidden_places(state, self, entry), *ghost_places(state, self, entry)})

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

    def fixed_homes(self, state: GameState, power: str) -> dict[str, str]:
        # The Undead spell's home centre ends by its own rule (after_adjustments): with
        # changing home centres it counts toward no limit and no order reaches it.
        home = state.power_attrs.get(power, {}).get("undead_home")
        if not home or home not in state.homes.get(power, ()):
            return {}
        return {home: f"{home} is your home centre by the Undead spell: it is outside the "
                      "home-centre count, and no ASSIMILATE or ABANDON changes it"}

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
        if CATASTROPHE in state.extra:  # closed for its season only
            state = state.with_(extra={k: v for k, v in state.extra.items() if k != CATASTROPHE})
        state = aftermath.prune_bottle(state)  # a ruin of this turn's end goes now
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
        return before_winter(self, state, orders)

    def after_adjustments(self, state: GameState) -> GameState:
        return after_winter(state)

    # -- reporting ------------------------------------------------------------------

    def board_marks(self, state: GameState) -> dict[str, list[str]]:
        # The bottle's provinces, announced to everyone, while they stay destroyed.
        return {p: ["bottle"] for p in sorted(state.extra.get("bottle") or {})}

    def shown_to(self, state: GameState, unit: Unit, viewer: str | None) -> bool:
        return not unit.attrs.get("invisible") or viewer in (unit.power, GM)

    def hidden_note(self, state: GameState, unit: Unit) -> str:
        return hidden_note(unit)

    def off_board(self, state: GameState) -> list[tuple[Unit, str]]:
        # A unit in a balloon is a unit of its power (announced to all: "In the air"); its
        # attribute gives its rows and facts their key (naming.py).
        return [(Unit(u.power, u.type, u.loc, {"aloft": True}), "aloft")
                for _, u in sorted(aloft(state).items())]

    def redact(self, report: Bulletin, viewer: str | None) -> Bulletin:
        return redact_report(report, viewer)

    def fact_key(self, unit: Unit) -> str:
        return fact_key(unit)

    def unit_words(self) -> dict[str, str]:
        return WORDS

    def ended_in(self, before: GameState, after: GameState, report: PhaseReport,
                 unit: Unit) -> tuple[str, str]:
        own = ended_in(before, after, report, unit)
        return own if own[0] else super().ended_in(before, after, report, unit)

    def unit_word(self, state: GameState, unit: Unit, viewer: str | None) -> str:
        return word_of(unit, viewer)

    def units_made(self, before: GameState, report: PhaseReport) -> list[tuple[Unit, str]]:
        return ghosts_made(before, report)

    def private_lines(self, state: GameState, viewer: str) -> list[str]:
        lines = comeback_lines(state, viewer)
        if castable(state, viewer) != []:  # in purgatory he casts nothing: none are "left"
            left = spells_left(state.power_attrs.get(viewer, {}))
            lines.append(f"Spells left: {describe_left(left)}")
        lines += build_lines(self, state, viewer)
        for unit in aloft(state).values():
            if unit.power == viewer:
                lines.append(f"{unit} is in the air: order it with BALLOON {unit} - <province> "
                             f"or BALLOON {unit} LAND")
        for unit in state.units_of(viewer):
            if unit.attrs.get("invisible"):
                lines.append(f"{unit} is invisible: only you see it")
            if unit.attrs.get("ghost"):
                lines.append(f"{unit} is your ghost: the others take it for a real unit")
        return lines + _lasting(state, viewer)

    def master_lines(self, state: GameState, viewer: str) -> list[str]:
        # His copy marks the invisible units, ghosts and balloons on the board; what a
        # warlock alone knows of his magic and his builds is the rest.
        spells = describe_left(spells_left(state.power_attrs.get(viewer, {})))
        return [f"Spells left: {spells}", *build_lines(self, state, viewer),
                *_lasting(state, viewer)]

    def voters(self, state: GameState) -> list[str]:
        # A fallen warlock who may still cast UNDEAD votes, though he shares no draw.
        return sorted({*super().voters(state), *awaiting_undead(state)},
                      key=state.powers.index)

    def phase_notes(self, result: PhaseResult) -> None:
        phase_notes(self, result)


def _lasting(state: GameState, power: str) -> list[str]:
    """The spells of `power`'s units that last beyond the turn they were cast in."""
    return [f"{unit} may {SPELLS[spell].word.lower()} until the end of "
            f"{Phase.parse(unit.attrs[spell]).long()}: {STRANDED[spell]}"
            for unit in state.units_of(power) for spell in ("walk_water", "swim_land")
            if unit.attrs.get(spell)]
