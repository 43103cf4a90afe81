"""Changing home centres, an option for any game (its guide: guide.md in this folder).

In the winter a power may order `ASSIMILATE WAR` (or `WAR ASSIMILATED`) to make a centre it
has held since the previous winter one of its home centres, and `ABANDON SEV` (or
`SEV ABANDONED`) to give up a home centre it has not held since then, while it controls
fewer centres than it has home centres. A power never has more than N + 1 home centres, N
being its initial home centres (without the "extra" starting centres of rule 6, which the
position names in `extra_centres`); once it has N + 1 they are frozen. A build and an
assimilation on the same centre void the build. Changes count from the next winter.

What the option keeps, per power in `state.power_attrs` (shown and settable under the
position's `powers:`):
  initial_homes      N, recorded the first time the option sees the power (from its home
                     centres then: the starting ones, without the extra centres and
                     without those the game's rules keep outside, `Rules.fixed_homes`)
  owned_last_winter  the centres the power owned at the end of the previous winter (the
                     previous build phase), refreshed every spring and after every winter;
                     centres change hands only after the Fall, so this and the current
                     owners tell who has held a centre since then. Without a record (a game
                     whose position starts in a winter) the current owners stand for it.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.choices import BotTurn
from gmbot.engine.cursor import Cursor
from gmbot.engine.map import province_of
from gmbot.engine.orders import Build, Order, OrderError, Waive
from gmbot.engine.result import PhaseResult, Rejection
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, GameState
from gmbot.variants.options.home_centres.bot import home_centre_choice
from gmbot.variants.options.home_centres.legal import home_centre_lines

if TYPE_CHECKING:
    from gmbot.engine.parse import OrderParser

LIMIT = "initial_homes"
OWNED = "owned_last_winter"

ASSIMILATE_WORDS = {"ASSIMILATE", "ASSIMILATES", "ASSIMILATED"}
ABANDON_WORDS = {"ABANDON", "ABANDONS", "ABANDONED"}


@dataclass(frozen=True, slots=True)
class Assimilate(Order):
    """Make the centre in `loc` one of the power's home centres. `utype` is None."""

    def __str__(self) -> str:
        return f"ASSIMILATE {self.loc}"


@dataclass(frozen=True, slots=True)
class Abandon(Order):
    """Give up the home centre in `loc`. `utype` is None."""

    def __str__(self) -> str:
        return f"ABANDON {self.loc}"


HOME_ORDERS = (Assimilate, Abandon)


# -- what the option remembers ---------------------------------------------------------------


def initial_homes(state: GameState, power: str, fixed: Collection[str] = ()) -> int:
    """N: the recorded number of initial home centres, or the power's home centres now
    but the `fixed` ones (a Warlock undead home is never part of N)."""
    n = state.power_attrs.get(power, {}).get(LIMIT)
    if n is not None:
        return int(n)
    return sum(1 for h in state.homes.get(power, ()) if h not in fixed)


def owned(state: GameState, power: str) -> set[str]:
    return {c for c, o in state.centers.items() if o == power}


def owned_last_winter(state: GameState, power: str) -> set[str]:
    """The centres `power` owned at the end of the previous winter (see the module doc)."""
    attrs = state.power_attrs.get(power, {})
    if OWNED in attrs:
        return set(attrs[OWNED])
    return owned(state, power)


def record(rules: StandardRules, state: GameState, refresh: bool,
           limits: dict[str, int] | None = None) -> GameState:
    """The state with N recorded for every power that lacks it (from `limits`, else its
    counted home centres now) and, if `refresh` or missing, today's owners as last
    winter's."""
    attrs = {p: dict(a) for p, a in state.power_attrs.items()}
    for power in state.powers:
        mine = attrs.setdefault(power, {})
        if LIMIT not in mine:
            mine[LIMIT] = (limits or {}).get(power, len(counted_homes(rules, state, power)))
        if refresh or OWNED not in mine:
            mine[OWNED] = sorted(owned(state, power))
    return state.with_(power_attrs=attrs)


# -- the rules 2 to 5 ------------------------------------------------------------------------


def counted_homes(rules: StandardRules, state: GameState, power: str) -> list[str]:
    """The power's home centres that the rules 2 to 5 count and reach: all but those the
    game's rules keep outside (`Rules.fixed_homes`)."""
    fixed = rules.fixed_homes(state, power)
    return [h for h in state.homes.get(power, ()) if h not in fixed]


def refusal(state: GameState, order: Order, homes: list[str], ordered: set[str],
            fixed: dict[str, str] | None = None) -> str | None:
    """Why `order` is illegal given the power's counted home centres so far this winter
    (`homes`), the centres it has already given home-centre orders for (`ordered`) and the
    home centres no order reaches (`fixed`, each with its reason); None if legal."""
    power, prov = order.power, order.prov
    if prov not in state.map.supply_centres:
        return f"{prov} is not a supply centre"
    if fixed and prov in fixed:
        return fixed[prov]
    if prov in ordered:
        return f"{prov} has already been given a home-centre order this winter"
    n = initial_homes(state, power, fixed or ())
    if len(homes) >= n + 1:  # rules 2 and 3
        earlier = set(homes) != set(state.homes.get(power, ()))
        return (f"you have {len(homes)} home centres"
                + (" counting your earlier orders this winter" if earlier else "")
                + f": at {n + 1}, one more than the {n} you started with, they can no "
                "longer change")
    held_before = prov in owned_last_winter(state, power)
    held_now = state.centers.get(prov) == power
    if isinstance(order, Assimilate):  # rule 4
        if prov in homes:
            return f"{prov} is already one of your home centres"
        if not held_now:
            return f"you do not control {prov}"
        if not held_before:
            return (f"you have not controlled {prov} since the previous winter (a centre "
                    "taken this year may be assimilated next winter)")
        return None
    if prov not in homes:  # rule 5
        return f"{prov} is not one of your home centres"
    count = state.centre_count(power)
    if count >= len(homes):
        return (f"you control {count} supply centres and have {len(homes)} home centres: "
                "a home centre may be abandoned only while you control fewer centres than "
                "you have home centres")
    if held_now or held_before:
        return f"you have controlled {prov} since the previous winter"
    return None


@dataclass
class Settlement:
    """What a winter's orders come to, in the order given: home centres after the winter,
    each home-centre order with its refusal (None: it stands), and the builds it voids."""

    homes: dict[str, list[str]]
    outcomes: list[tuple[Order, str | None]] = field(default_factory=list)
    void_builds: list[tuple[Order, str]] = field(default_factory=list)
    rest: list[Order] = field(default_factory=list)  # the orders left to build and remove


def settle(rules: StandardRules, state: GameState, orders: list[Order]) -> Settlement:
    """The winter's home-centre orders judged in the order written; the centres the rules
    keep outside the count stay homes, untouched."""
    out = Settlement(homes={p: counted_homes(rules, state, p) for p in state.homes})
    fixed = {p: rules.fixed_homes(state, p) for p in state.powers}
    ordered: dict[str, set[str]] = {}
    for order in orders:
        if not isinstance(order, HOME_ORDERS):
            continue
        homes = out.homes.setdefault(order.power, [])
        done = ordered.setdefault(order.power, set())
        why = refusal(state, order, homes, done, fixed.get(order.power))
        done.add(order.prov)
        out.outcomes.append((order, why))
        if why is None and isinstance(order, Assimilate):
            homes.append(order.prov)
        elif why is None:
            homes.remove(order.prov)
    assimilated = {(o.power, o.prov) for o, why in out.outcomes
                   if why is None and isinstance(o, Assimilate)}
    for order in orders:
        if isinstance(order, HOME_ORDERS):
            continue
        if isinstance(order, Build) and (order.power, order.prov) in assimilated:
            out.void_builds.append((order, f"void: {order.prov} is assimilated this winter, "
                                           "and a build there at the same time is void"))
        else:
            out.rest.append(order)
    for power, kept in fixed.items():  # outside the count, and homes still
        out.homes.setdefault(power, []).extend(h for h in state.homes.get(power, ())
                                               if h in kept)
    return out


# -- the option -------------------------------------------------------------------------------


def parse_home_order(parser: OrderParser, line: str, power: str) -> Order | None:
    """`ASSIMILATE WAR`, `Warsaw assimilated`, `ABANDON SEV`, `SEV ABANDONED`; None for
    any other line."""
    upper = line.upper()
    if "ASSIMILAT" not in upper and "ABANDON" not in upper:
        return None  # most lines: no tokenizing
    toks = parser.tokens(line)
    words = ASSIMILATE_WORDS | ABANDON_WORDS
    if toks and toks[0] in words:
        word, rest = toks[0], toks[1:]
    elif toks and toks[-1] in words:
        word, rest = toks[-1], toks[:-1]
    else:
        return None
    kind = Assimilate if word in ASSIMILATE_WORDS else Abandon
    verb = "ASSIMILATE" if kind is Assimilate else "ABANDON"
    if not rest:
        raise OrderError(f"name the centre: {verb} WAR or WAR {verb}D")
    cur = Cursor(rest)
    prov = province_of(parser.read_place(cur, "a supply centre"))
    if not cur.done():
        raise OrderError(f"did not understand {' '.join(cur.toks[cur.i:])!r}: "
                         f"write {verb} WAR or WAR {verb}D")
    return kind(power, None, prov)


class ChangingHomeCentres(StandardRules):
    """The option `changing_home_centres`: see the module doc and guide.md."""

    name = "changing_home_centres"

    def winter_choices(self, state: GameState) -> bool:
        # The winter is played whenever some power may change its home centres in it.
        # A power out of the game (no centre, no unit) chooses nothing.
        return super().winter_choices(state) or any(
            any(choices(self, state, p)) for p in state.powers if state.is_alive(p))

    def missing_orders(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        missing = super().missing_orders(state, power, orders)
        if (state.phase.kind == ADJUSTMENT and not orders and not missing
                and state.is_alive(power) and not adjustment_counts(state, self).get(power)
                and any(choices(self, state, power))):
            # A winter played for its home-centre choices waits for an answer: a power
            # with a choice and nothing to build or remove says ASSIMILATE, ABANDON or
            # WAIVE (no change).
            missing.append("ASSIMILATE or ABANDON a home centre, or WAIVE to keep them")
        return missing

    def order_key(self, state: GameState, order: Order) -> tuple[str, ...]:
        if isinstance(order, (Assimilate, Abandon)):
            return (type(order).__name__.lower(), order.prov)
        return super().order_key(state, order)

    def order_words(self) -> frozenset[str]:
        return super().order_words() | ASSIMILATE_WORDS | ABANDON_WORDS

    def parse_extra(
        self, parser: OrderParser, line: str, power: str, state: GameState
    ) -> Order | None:
        order = parse_home_order(parser, line, power)
        if order is None:
            return super().parse_extra(parser, line, power, state)
        if state.phase.kind != ADJUSTMENT:
            raise OrderError("home centres are assimilated or abandoned only in the winter "
                             "(adjustment) phase")
        # Alone, against the winter's position; orders that clash are settled at the end.
        why = refusal(state, order, counted_homes(self, state, power), set(),
                      self.fixed_homes(state, power))
        if why:
            raise OrderError(why)
        return order

    def legal_extra(self, state: GameState, power: str) -> list[str]:
        return super().legal_extra(state, power) + home_centre_lines(state, power)

    def bot_lines(self, state: GameState, power: str, turn: BotTurn,
                  rng: random.Random) -> list[str]:
        lines = super().bot_lines(state, power, turn, rng)
        return lines + home_centre_choice(turn.legal, lines, rng)

    def before_movement(
        self, state: GameState, orders: dict[str, Order]
    ) -> tuple[GameState, dict[str, Order]]:
        state, orders = super().before_movement(state, orders)
        # Owners in the spring are the owners at the end of the previous winter.
        return record(self, state, refresh=state.phase.season == "S"), orders

    def adjustment_orders(
        self, state: GameState, orders: list[Order], result: PhaseResult
    ) -> tuple[GameState, list[Order]]:
        changed, orders = super().adjustment_orders(state, orders, result)
        counts = adjustment_counts(state, self)
        # WAIVE from a power with nothing to build says "no home-centre change": not a
        # refused build.
        orders = [o for o in orders
                  if not (isinstance(o, Waive) and counts.get(o.power, 0) <= 0
                          and any(choices(self, state, o.power)))]
        done = settle(self, state, orders)
        public: list[str] = []
        private: dict[str, list[str]] = result.notes.setdefault("private", {})
        for order, why in done.outcomes:
            # "order: result" like the unit orders: no columns, which a proportional font
            # would break.
            public.append(f"  {order.power} {order}: {'void' if why else 'succeeds'}")
            if why:
                result.rejected.append(Rejection(order.power, str(order), why))
                private.setdefault(order.power, []).append(f"{order} -- void: {why}")
        for build, why in done.void_builds:
            result.rejected.append(Rejection(build.power, str(build), why, build.prov))
            private.setdefault(build.power, []).append(f"{build} -- {why}")
        if public:
            result.notes.setdefault("public", []).extend(["Home centre orders:", *public])
        if not private:
            del result.notes["private"]
        # N before any change
        limits = {p: initial_homes(state, p, self.fixed_homes(state, p)) for p in state.powers}
        homes = {p: tuple(sorted(h)) for p, h in done.homes.items()
                 if set(h) != set(state.homes.get(p, ()))}
        changed = record(self, changed.with_(homes={**changed.homes, **homes}), True, limits)
        return changed, done.rest

    def ack_lines(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        lines = super().ack_lines(state, power, orders)
        if state.phase.kind != ADJUSTMENT:
            return lines
        done = settle(self, state, orders)
        for order, why in done.outcomes:
            if why:  # refused alone already; these clash with an earlier order
                lines.append(f"{order} will be void: {why}")
        lines.extend(f"{build} will be {why}" for build, why in done.void_builds)
        # A build refused in the centre assimilated this winter: the change comes after it.
        lines.extend(f"{order}: {order.prov} is a home centre after this winter; you may "
                     "build there from the next winter on." for order, why in done.outcomes
                     if isinstance(order, Assimilate) and not why)
        return lines + home_summary(self, state, power)

    def private_lines(self, state: GameState, viewer: str) -> list[str]:
        lines = super().private_lines(state, viewer)
        if state.phase.kind == ADJUSTMENT and viewer in state.map.powers:
            lines += home_summary(self, state, viewer)
        return lines

    def shows_homes(self) -> bool:
        return True


def home_summary(rules: StandardRules, state: GameState, power: str) -> list[str]:
    """The power's home centres and what it may assimilate or abandon this winter."""
    homes = counted_homes(rules, state, power)
    n = initial_homes(state, power, rules.fixed_homes(state, power))
    # "N" is the rule text's name; a player reads the limit itself.
    lines = [f"Your home centres: {' '.join(sorted(homes)) or 'none'} "
             f"({len(homes)}; you may have at most {n + 1})."]
    lines += _build_sites_line(rules, state, power)
    lines += [f"Also your home centre: {c} ({why})."
              for c, why in sorted(rules.fixed_homes(state, power).items())]
    may_take, may_drop = choices(rules, state, power)
    if may_take:
        lines.append(f"You may assimilate: {' '.join(may_take)}.")
    if may_drop:
        lines.append(f"You may abandon: {' '.join(may_drop)}.")
    return lines


def _build_sites_line(rules: StandardRules, state: GameState, power: str) -> list[str]:
    """Where a power with builds due may build, and which of its centres are not home
    centres: the public count of builds is the centres' surplus, the private one fewer when
    a centre held is not a home centre (the surprise of an extra or captured centre)."""
    if state.phase.kind != ADJUSTMENT or adjustment_counts(state, rules).get(power, 0) <= 0:
        return []
    sites = sorted(rules.build_sites(state, power))
    line = f"You build only in a free home centre: {' '.join(sites) or 'none now'}"
    others = sorted(owned(state, power) - set(state.homes.get(power, ())))
    if others:
        line += (f"; {' '.join(others)} {'is' if len(others) == 1 else 'are'} yours but "
                 f"not {'a home centre' if len(others) == 1 else 'home centres'}")
    return [line + "."]


def choices(rules: StandardRules, state: GameState, power: str) -> tuple[list[str], list[str]]:
    """The centres `power` may assimilate and those it may abandon in the winter `state`."""
    homes = counted_homes(rules, state, power)
    fixed = rules.fixed_homes(state, power)
    if len(homes) >= initial_homes(state, power, fixed) + 1:
        return [], []  # frozen (rule 3): no centre to look at
    centres = sorted(state.map.supply_centres)
    may_take = [c for c in centres
                if refusal(state, _probe(power, c, True), homes, set(), fixed) is None]
    may_drop = [c for c in centres
                if refusal(state, _probe(power, c, False), homes, set(), fixed) is None]
    return may_take, may_drop


def _probe(power: str, prov: str, take: bool) -> Order:
    return Assimilate(power, None, prov) if take else Abandon(power, None, prov)
