"""The variant hook points. `StandardRules` is the default rule set; variants and options
are small mixin classes overriding some hooks and calling `super()` for the rest, composed
into one rule set per game by `compose`. The resolver and the phase code call only these
hooks for anything a variant might change; they know no variant.

Hook groups:
  grammar        parse_extra
  who orders     may_order, reconcile, missing_orders, ack_lines
  board          army_adjacent, fleet_adjacent, can_convoy, build_sites
  strength       strength, beats_defender, beats_rival, cuts_support
  phase effects  before_movement, after_movement, after_retreats, after_adjustments
  sequence       next_phase, solo_threshold, winner
  reporting      unit_label, redact, private_lines (and PhaseResult.notes, below)
  randomness     rng

A phase's variant report travels in `PhaseResult.notes`: "public" (lines for everyone),
"private" (viewer -> lines only that viewer sees) and "random" (what a seeded draw gave,
for the audit log). `gmbot.cases.result_to_dict` stores them; the results mail shows them.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from gmbot.engine.orders import Hold, Order
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, GameState, Phase, Unit

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser
    from gmbot.engine.resolve import Resolution

# Strength kinds, as in Kruijswijk's "The Math of Adjudication".
ATTACK, HOLD, DEFEND, PREVENT = "attack", "hold", "defend", "prevent"


class StandardRules:
    """The 2000/2023 rulebook as the DATC reads it. Options arrive as a dict."""

    name = "standard"
    map_name = "standard"

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.options = dict(options or {})

    # -- grammar --------------------------------------------------------------------

    def parse_extra(
        self, parser: OrderParser, line: str, power: str, state: GameState
    ) -> Order | None:
        """A variant's own order line (spells, bribes, hire...), or None for the standard
        grammar. Raise OrderError for a line that is the variant's but wrong."""
        return None

    # -- who orders what ------------------------------------------------------------

    def may_order(self, state: GameState, power: str, unit: Unit) -> bool:
        return unit.power == power

    def reconcile(self, state: GameState, orders: list[Order]) -> dict[str, Order]:
        """The order each unit executes, keyed by province, from all accepted orders.
        Standard: the unit's owner's (last) order; a unit without one holds."""
        chosen: dict[str, Order] = {}
        kind = state.phase.kind
        units, may_order = state.units, self.may_order  # bound once: a loop per phase
        for order in orders:
            if kind == RETREAT:
                entry = state.dislodged.get(order.prov)
                unit = entry.unit if entry else None
            else:
                unit = units.get(order.prov)
            if unit is not None and may_order(state, order.power, unit):
                chosen[order.prov] = order
        if kind == MOVEMENT:
            for prov, unit in units.items():
                if prov not in chosen:
                    chosen[prov] = Hold(unit.power, unit.type, unit.loc)
        return chosen

    def missing_orders(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        """What `power` (or role) still has to order this phase, readable; empty when done.
        Orders that are optional for a role are not listed (they do not block early
        processing)."""
        from gmbot.engine.pending import standard_missing

        return standard_missing(state, self, power, orders)

    def ack_lines(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        """Extra lines for the acknowledgement of `power`'s accepted orders (what will
        happen if they stand: an auto-hold, spells left, the balance after pays...)."""
        return []

    # -- the board ------------------------------------------------------------------

    def army_adjacent(self, state: GameState, src: str, dest: str) -> bool:
        return dest in state.map.army_adj.get(src, ())

    def fleet_targets(self, state: GameState, loc: str, dest_prov: str) -> list[str]:
        """Locations in `dest_prov` a fleet at `loc` may move to."""
        return state.map.fleet_targets(loc, dest_prov)

    def neighbours(self, state: GameState, unit: Unit) -> list[str]:
        """Every location the unit could move to (for retreats)."""
        if unit.type == "A":
            near = state.map.army_adj.get(unit.prov, ())
            return [p for p in near if self.army_adjacent(state, unit.prov, p)]
        return list(state.map.fleet_adj.get(unit.loc, ()))

    def can_convoy(self, state: GameState, prov: str) -> bool:
        """Whether a fleet in `prov` may convoy: in seas only."""
        return state.map.is_sea(prov)

    def convoy_adjacent(self, state: GameState, a: str, b: str) -> bool:
        """Whether a convoy chain passes from province a to province b."""
        return b in state.map.fleet_prov_adj.get(a, ())

    def build_sites(self, state: GameState, power: str) -> set[str]:
        """Provinces where `power` may build now: its own unoccupied home centres."""
        return {
            h
            for h in state.homes.get(power, ())
            if state.centers.get(h) == power and h not in state.units
        }

    def disband_priority(self, state: GameState, power: str) -> list[Unit]:
        """The power's units in the order civil disorder removes them."""
        from gmbot.engine.adjust import civil_disorder_order

        return civil_disorder_order(state, power)

    # -- battles (called by the resolver with its live decisions) ---------------------

    def strength(self, res: Resolution, kind: str, unit: Unit, supports: int) -> float:
        """A unit's attack, hold, defend or prevent strength given its counted supports."""
        return 1 + supports

    def beats_defender(self, res: Resolution, i: int) -> bool:
        """Whether move `i` overcomes what stands in its destination."""
        opp = res.head_to_head(i)
        if opp is not None:
            return res.attack_strength(i) > res.defend_strength(opp)
        return res.attack_strength(i) > res.hold_strength(res.dest[i])

    def beats_rival(self, res: Resolution, i: int, j: int) -> bool:
        """Whether move `i` overcomes move `j` into the same province."""
        return res.attack_strength(i) > res.prevent_strength(j)

    def cuts_support(self, res: Resolution, mover: int, supporter: int) -> bool:
        """Whether move `mover` into the supporter's province cuts its support."""
        if res.units[mover].power == res.units[supporter].power:
            return False
        if res.support_dest[supporter] == res.src[mover]:
            return False  # support against the attacker's own province is not cut by it
        return not res.convoyed[mover] or res.path(mover)

    # -- phase effects ----------------------------------------------------------------

    def before_movement(
        self, state: GameState, orders: dict[str, Order]
    ) -> tuple[GameState, dict[str, Order]]:
        return state, orders

    def after_movement(self, state: GameState, res: Resolution) -> GameState:
        return state

    def after_retreats(self, state: GameState) -> GameState:
        return state

    def after_adjustments(self, state: GameState) -> GameState:
        return state

    # -- what each recipient may see -----------------------------------------------------

    def unit_label(self, unit: Unit) -> str:
        """How a unit is written in results and summaries (a variant adds its colour...)."""
        return str(unit)

    def redact(self, report: dict[str, Any], viewer: str | None) -> dict[str, Any]:
        """The phase report as `viewer` (a power or role key; None for the public and the
        GM's public copy) may see it. Standard Diplomacy hides nothing."""
        return report

    def private_lines(self, state: GameState, viewer: str) -> list[str]:
        """Extra lines only `viewer` sees (balances, spells left, hidden units...)."""
        return []

    # -- randomness ----------------------------------------------------------------------

    def rng(self, state: GameState, purpose: str) -> random.Random:
        """A random source seeded by the game's `seed` option, the phase and the purpose:
        re-running a phase draws the same numbers. Record what was drawn in
        `PhaseResult.notes["random"]` so the audit log shows it."""
        seed = self.options.get("seed", 0)
        return random.Random(f"{seed}:{state.phase}:{purpose}")

    # -- sequence and the end ---------------------------------------------------------

    def next_phase(self, phase: Phase) -> Phase:
        """The phase after `phase`, before skipping phases with nothing to do."""
        if phase.kind == MOVEMENT:
            return Phase.make(phase.season, phase.year, RETREAT)
        if phase.kind == RETREAT:
            if phase.season == "S":
                return Phase.make("F", phase.year, MOVEMENT)
            return Phase.make("W", phase.year, ADJUSTMENT)
        return Phase.make("S", phase.year + 1, MOVEMENT)

    def captures_centres(self, phase: Phase) -> bool:
        """Centres change owner after the Fall moves and retreats."""
        return phase.season == "F"

    def solo_threshold(self, state: GameState) -> int:
        return int(self.options.get("solo", state.map.solo))

    def winner(self, state: GameState) -> str | None:
        need = self.solo_threshold(state)
        if not need:
            return None
        counts = Counter(state.centers.values())  # one pass, not one per power
        for power in state.powers:
            if counts[power] >= need:
                return power
        return None


@cache  # one class per combination: a new class each call is slow and is only freed by gc
def compose(*layers: type, base: type = StandardRules) -> type:
    """One rule-set class from variant and option mixins, first named first in the MRO."""
    if not layers:
        return base
    bases = tuple(layers) + (() if any(issubclass(x, base) for x in layers) else (base,))
    name = "+".join(getattr(x, "name", x.__name__) for x in layers)
    return type(f"Rules[{name}]", bases, {})

