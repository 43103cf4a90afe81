"""The variant hook points: the interface every rule set implements, with the standard
default of each hook. It imports no algorithm, so the algorithms that the standard rule
set wires in (pending, retreat, adjust) can take a `Rules` without an import circle.
`gmbot.engine.rules.StandardRules` is the default rule set (the type the rest of gmbot
takes); variants and options are small mixin classes overriding some hooks and calling
`super()` for the rest, composed into one rule set per game by `gmbot.engine.rules.compose`.
The resolver and the phase code call only these hooks for anything a variant might change;
they know no variant.

Hook groups:
  grammar        parse_extra, check_set, legal_extra, legal_figure, bot_lines,
                 order_key, order_words
  who orders     may_order, reconcile, missing_orders, ack_lines, role_key, seat_roles
  board          army_adjacent, fleet_targets, neighbours, can_convoy, convoy_adjacent,
                 build_sites, built_unit, retreat_choices
  strength       strength, beats_defender, beats_rival, cuts_support
  phase effects  before_movement, after_movement, after_retreats, before_adjustments,
                 adjustment_orders, after_adjustments
  sequence       next_phase, captures_centres, winter_choices, solo_threshold, winner,
                 draw_lines, draw_powers, voters
  reporting      unit_label, redact, private_lines, shown_to, shows_homes, result_code,
                 phase_notes (fills PhaseResult.notes), other_owners, board_marks,
                 off_board, fact_key, unit_words, unit_word, units_made, ended_in
                 (EXPLAIN)
  position       position_problems
  adjustments    adjustment_offset, disband_priority, fixed_homes
  randomness     rng

A phase's variant report travels in `PhaseResult.notes`: "public" (lines for everyone),
"private" (viewer -> lines only that viewer sees), "random" (what a seeded draw gave,
for the audit log) and "hidden" (what `redact` needs to keep from other viewers).
`gmbot.engine.record.report_of` puts them in the phase's record (engine/report.py),
stored as it is; the results mail shows them.
In a movement phase, lines a variant puts in `Resolution.notes` (from the battle hooks or
`after_movement`) are added to the phase's notes.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar, cast

from gmbot.engine.orders import Build, Hold, Order, Waive
from gmbot.engine.state import MOVEMENT, RETREAT, Dislodged, GameState, Phase, Unit

if TYPE_CHECKING:
    from gmbot.engine.choices import BotTurn
    from gmbot.engine.parse import OrderParser
    from gmbot.engine.report import Bulletin, PhaseReport
    from gmbot.engine.resolve import Resolution
    from gmbot.engine.result import PhaseResult

STANDARD_ORDER_WORDS = frozenset({
    "BUILD", "BUILDS", "REMOVE", "REMOVES", "DISBAND", "DISBANDS", "WAIVE", "WAIVES",
    "RETREAT", "RETREATS", "ARMY", "FLEET",
})


class Rules(ABC):
    """Every hook with its standard default, save those whose default is an algorithm of
    its own (`StandardRules` wires those in). Options arrive as a dict."""

    # The hooks a rule set keeps as defined here, by name; worked out for each class as it
    # is made. Code run once per order line or unit reads it to do a kept hook's standard
    # work inline rather than call it (`"army_adjacent" in rules.keeps`).
    keeps: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.keeps = frozenset(
            name for name, hook in vars(Rules).items()
            if not name.startswith("_") and callable(hook) and getattr(cls, name) is hook
        )

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.options = dict(options or {})

    # -- grammar --------------------------------------------------------------------

    def parse_extra(
        self, parser: OrderParser, line: str, power: str, state: GameState
    ) -> Order | None:
        """A variant's own order line (spells, bribes, hire...), or None for the standard
        grammar. Raise OrderError for a line that is the variant's but wrong."""
        return None

    def check_set(
        self, state: GameState, power: str, orders: list[Order]
    ) -> list[tuple[Order, str]]:
        """Orders of one power's set refused together with the reason, though each line
        alone was valid (one unit too many, two orders that exclude each other...)."""
        return []

    def legal_extra(self, state: GameState, power: str) -> list[str]:
        """Lines of the variant's own commands `power` may give this phase (each one
        accepted alone by `parse_extra`), for `gmbot.engine.legal`: what a bot chooses
        from. Standard: none; the standard forms are made from the board."""
        return []

    def legal_figure(self, state: GameState, power: str) -> int:
        """The highest figure `(N)` that `power`'s listed lines may carry this phase (a
        pay, a bribe, a count of votes), for `gmbot.engine.legal`: a line is listed
        without its figure and stands for the line with any figure from 1 to this one
        (their sum is the set's to check). Standard: 0, no line carries a figure."""
        return 0

    def bot_lines(self, state: GameState, power: str, turn: BotTurn,
                  rng: random.Random) -> list[str]:
        """The lines a bot gives: its `turn.chosen` lines as the variant plays them (a
        pay on a unit's order, a hold that pays someone) and the variant's own commands,
        each a line the judge accepts alone. Standard: the chosen lines."""
        return list(turn.chosen)

    def order_key(self, state: GameState, order: Order) -> tuple[str, ...]:
        """What an order is the order *for*: a later mail's order with the same key
        replaces it, orders with other keys stand (the ruling "a mail's order for a unit
        replaces that unit's previous order"). Standard: a unit order and a removal are
        for the unit's province, a build for its site; a mail's WAIVEs replace the
        earlier WAIVEs. A variant keys its own order kinds (a spell, a bribe, a hire)."""
        if isinstance(order, Build):
            return ("build", order.prov)
        if isinstance(order, Waive):
            return ("waive",)
        if order.loc:
            return ("unit", order.prov)
        return (type(order).__name__.lower(),)

    def order_words(self) -> frozenset[str]:
        """Words that begin an order line of this rule set besides a unit: a line starting
        with one (or a near miss of one) is an order, never chatter."""
        return STANDARD_ORDER_WORDS

    # -- who orders what ------------------------------------------------------------

    def may_order(self, state: GameState, power: str, unit: Unit) -> bool:
        return unit.power == power

    def reconcile(self, state: GameState, orders: list[Order]) -> dict[str, Order]:
        """The order each unit executes, keyed by province, from all accepted orders.
        Standard: the unit's owner's (last) order; a unit without one holds."""
        chosen: dict[str, Order] = {}
        kind = state.phase.kind
        units, may_order = state.units, self.may_order  # bound once: a loop per phase
        # The standard may_order (the owner orders) inline: a call per order otherwise.
        standard_owner = "may_order" in self.keeps
        # The units orders are for: in a retreat phase, the dislodged ones.
        ordered = ({p: d.unit for p, d in state.dislodged.items()} if kind == RETREAT
                   else units)
        for order in orders:
            prov = order.prov
            unit = ordered.get(prov)
            if unit is not None and (unit.power == order.power if standard_owner
                                     else may_order(state, order.power, unit)):
                chosen[prov] = order
        if kind == MOVEMENT and len(chosen) < len(units):
            for prov, unit in units.items():
                if prov not in chosen:
                    chosen[prov] = Hold(unit.power, unit.type, unit.loc)
        return chosen

    @abstractmethod
    def missing_orders(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        """What `power` (or role) still has to order this phase, readable; empty when done.
        Orders that are optional for a role are not listed (they do not block early
        processing)."""

    def without_orders(self, state: GameState, power: str) -> str:
        """What becomes of `power`'s part of the phase of `state` if his orders do not
        come in time, in a player's words (the late notice says it). Standard: his units
        hold, his dislodged units are disbanded, his builds waived."""
        kind = state.phase.kind
        if kind == MOVEMENT:
            return "Without them the units you have not ordered hold."
        if kind == RETREAT:
            return "Without them your dislodged units are disbanded."
        return ("Without them your builds are waived, and a unit you must remove is "
                "chosen for you as the rules say.")

    def role_key(self, state: GameState, text: str) -> str | None:
        """The key of a player who plays a role rather than a power, named `text`, if the
        rules know one in this state (for cases that give such a player's orders)."""
        return None

    def seat_roles(self, state: GameState, roles: dict[str, str]) -> GameState:
        """The state with the variant's record of its role players (key -> role) added;
        called when a game file's position is loaded. Standard games have no roles."""
        return state

    def ack_lines(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        """Extra lines for the acknowledgement of `power`'s accepted orders (what will
        happen if they stand: an auto-hold, spells left, the balance after pays...)."""
        return []

    def help_data(self, state: GameState, viewer: str | None) -> dict[str, Any]:
        """Plain data for the variant's help text (its folder's help.txt.j2) as `viewer` (a
        power or role key; None: the GM) may see it, e.g. Warlock's spells with his uses
        left. An option's hook adds its keys to the variant's. Standard: none."""
        return {}

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

    @abstractmethod
    def retreat_choices(self, state: GameState, entry: Dislodged) -> list[str]:
        """Where a dislodged unit's owner may order it to retreat, as he sees the board.
        A unit with none is disbanded without an order: nobody waits for it."""

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

    def built_unit(self, state: GameState, order: Order) -> Unit:
        """The unit a checked build order puts on the board (a variant adds attributes)."""
        return Unit(order.power, order.utype or "A", order.loc)

    def adjustment_offset(self, state: GameState, power: str) -> int:
        """Builds (+) or removals (-) a variant adds to centres minus units this winter."""
        return 0

    def fixed_homes(self, state: GameState, power: str) -> dict[str, str]:
        """Home centres of `power` that no change of home centres counts or reaches (a
        Warlock undead home: it ends by its own rule), each with the reason a player reads.
        Standard: none."""
        return {}

    @abstractmethod
    def disband_priority(self, state: GameState, power: str) -> list[Unit]:
        """The power's units in the order civil disorder removes them."""

    # -- battles (called by the resolver with its live decisions) ---------------------

    def strength(self, res: Resolution, kind: str, unit: Unit, supports: int) -> float:
        """A unit's attack, hold, defend or prevent strength (`kind`, one of the
        resolver's ATTACK, HOLD, DEFEND, PREVENT) given its counted supports. Standard:
        1 + supports for every kind; the resolver adds them up itself, without a call,
        for a rule set that keeps this hook."""
        return 1 + supports

    def beats_defender(self, res: Resolution, i: int) -> bool:
        """Whether move `i` overcomes what stands in its destination."""
        opp = res.head_to_head(i)
        if opp is not None:
            return res.attack_strength(i) > res.defend_strength(opp)
        # Asked of moves only: their dest is set.
        return res.attack_strength(i) > res.hold_strength(cast(str, res.dest[i]))

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

    def before_adjustments(
        self, state: GameState, orders: list[Order]
    ) -> tuple[GameState, list[Order]]:
        """The state and adjustment orders to resolve (a variant turns votes into builds)."""
        return state, orders

    def adjustment_orders(
        self, state: GameState, orders: list[Order], result: PhaseResult
    ) -> tuple[GameState, list[Order]]:
        """A variant's own adjustment-phase orders (from parse_extra; builds, removals and
        waives are left to the standard code). Returns the state as those orders leave it
        once the phase is over (builds and removals are still resolved on `state`) and the
        orders left for builds and removals. Refusals go to `result.rejected`, report lines
        to `result.notes`. Standard: nothing to do."""
        return state, orders

    def after_adjustments(self, state: GameState) -> GameState:
        return state

    # -- what each recipient may see -----------------------------------------------------

    def unit_note(self, unit: Unit) -> str:
        """What a variant adds to a unit's name ("red", "Wazir-General X"): written after
        it in brackets, and drawn beside it on the map."""
        return ""

    def unit_label(self, unit: Unit) -> str:
        """How a unit is written in results and summaries: "A PAR (red)"."""
        note = self.unit_note(unit)
        return f"{unit} ({note})" if note else str(unit)

    def fact_key(self, unit: Unit) -> str:
        """What the unit's row and facts are keyed by: its name, unless a variant's unit
        may share it with another (a Warlock ghost beside its real unit)."""
        return str(unit)

    def unit_words(self) -> dict[str, str]:
        """The words a player may write beside a unit to name one of two that share a
        province or a name (`EXPLAIN BALLOON A PAR`), each with the word of `unit_word` it
        means (`AIR` and `ALOFT` a balloon): the same whatever units there are, so that how
        a line is read tells nothing. Standard: none."""
        return {}

    def unit_word(self, state: GameState, unit: Unit, viewer: str | None) -> str:
        """The word of `unit_words` that names `unit` for `viewer` (None: the public), as
        his results name it, or "" (a word only its owner may know is his alone)."""
        return ""

    def units_made(self, before: GameState, report: PhaseReport) -> list[tuple[Unit, str]]:
        """Units the phase made that have rows of their own, named as the rows name them
        (a Warlock ghost cast this turn), each with the province where it went: EXPLAIN
        answers its owner about it there. Standard: none."""
        return []

    def ended_in(self, before: GameState, after: GameState, report: PhaseReport,
                 unit: Unit) -> tuple[str, str]:
        """Where a unit of the phase (as EXPLAIN names it) stood once the phase was over,
        where its order moved it: the province and how EXPLAIN's "it ended in" says it
        ("BUR", "the air over BUR"), or ("", "") where it did not move. Standard: the
        phase's moves, by the unit's name; a unit keyed otherwise (a balloon over an army
        of its name) is not the unit that moved."""
        to = report.moves.get(unit.name, "") if self.fact_key(unit) == unit.name else ""
        return to.partition("/")[0], to

    def result_code(self, res: Resolution, i: int) -> str:
        """The result word shown for unit i's order after a movement phase."""
        return res.result_code(i)

    def redact(self, report: Bulletin, viewer: str | None) -> Bulletin:
        """The phase's results as `viewer` (a power or role key; None for the public and
        the observers; engine/report.py's GM for the game master, who reads everything,
        each row the players may not all read marked so) may read them, `hidden` taken
        out. Standard Diplomacy hides nothing."""
        return report

    def private_lines(self, state: GameState, viewer: str) -> list[str]:
        """Extra lines only `viewer` sees (balances, spells left, hidden units...)."""
        return []

    def other_owners(self, state: GameState) -> dict[str, str]:
        """Keys besides the map's powers that own units or centres in `state` (a variant's
        role player: Al-Andalus's free Wazir-General), key -> name; results list them
        after the powers. Standard: none."""
        return {}

    def board_marks(self, state: GameState) -> dict[str, list[str]]:
        """Marks on provinces that pictures of the board show, province -> marks (a
        Capitalist capital: "capital"). Standard: none."""
        return {}

    def shows_homes(self) -> bool:
        """Whether results list each power's home centres (they change in the game)."""
        return False

    def shown_to(self, state: GameState, unit: Unit, viewer: str | None) -> bool:
        """Whether `viewer` (None: the public; GM: the game master, who sees every unit)
        sees `unit` on the board."""
        return True

    def hidden_note(self, state: GameState, unit: Unit) -> str:
        """What the game master's copy writes beside a unit the players do not all see as
        it is ("invisible: only TURKEY sees it"), or "". Standard: nothing is hidden."""
        return ""

    def off_board(self, state: GameState) -> list[tuple[Unit, str]]:
        """Units of the game that stand on no province, each with the word that says where
        (a Warlock balloon: "aloft"), seen by everyone: results list and count them with
        their power's units, pictures draw them there. Standard: none."""
        return []

    def phase_notes(self, result: PhaseResult) -> None:  # noqa: B027 (standard: no notes)
        """Last word on a phase's result: a variant fills `result.notes` ("public",
        "private", "random", "hidden") and may tidy the result (its own bookkeeping in
        `result.after.extra`); called once per phase, after everything else. The phase's
        state as given and its accepted orders are `result.start` and `result.accepted`."""

    # -- the position --------------------------------------------------------------------

    def position_problems(self, state: GameState) -> list[tuple[str, str]]:
        """What a position lacks for this variant, as (field path, reason) pairs, e.g. a
        unit without its variant attribute. Checked when a game or case is loaded."""
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
        # By index (Phase.make looks the letters up): every phase passes here twice or more.
        year, season, kind = phase.year, phase.season_index, phase.kind_index
        if kind == 0:  # movement -> its retreats
            return Phase(year, season, 1)
        if kind == 1:  # retreats -> fall moves or winter adjustments
            return Phase(year, 1, 0) if season == 0 else Phase(year, 2, 2)
        return Phase(year + 1, 0, 0)

    def captures_centres(self, phase: Phase) -> bool:
        """Centres change owner after the Fall moves and retreats."""
        return phase.season == "F"

    def winter_choices(self, state: GameState) -> bool:
        """Whether the rules give some power an order to choose in the winter `state`
        opens besides builds and removals (an option's home-centre changes): the winter
        is then played even when nobody builds or removes. Standard: no such order."""
        return False

    def draw_lines(self, state: GameState) -> list[str]:
        """What the rules add when the GM declares a draw in `state` (a variant ranks its
        role players...). Standard: nothing; the surviving powers share the draw."""
        return []

    def draw_powers(self, state: GameState) -> list[str]:
        """The powers that share a draw of all survivors in `state`, and the only ones a
        named draw or a concession may name. Standard: the surviving powers, those that
        own a centre or a unit (all of them before the board is set: GameState.in_game)."""
        return [p for p in state.powers if state.in_game(p)]

    def first_claim(self, state: GameState, key: str) -> str | None:
        """The player (a key) to whom the seat of `key`, left by its player, is offered
        before anyone else, if the rules name one. Standard: nobody."""
        return None

    def voters(self, state: GameState) -> list[str]:
        """Who votes on how the game ends in `state` (a draw, a concession, its
        cancellation): a vote passes when every one of them votes alike. Keys of powers
        or of role players. Standard: the surviving powers."""
        return self.draw_powers(state)

    def solo_threshold(self, state: GameState) -> int:
        return int(self.options.get("solo", state.map.solo))

    def winner(self, state: GameState) -> str | None:
        need = self.solo_threshold(state)
        if not need:
            return None
        counts = Counter(state.centers.values())  # one pass, not one per power
        if max(counts.values(), default=0) < need:
            return None  # mostly: no power has enough
        for power in state.powers:
            if counts[power] >= need:
                return power
        return None
