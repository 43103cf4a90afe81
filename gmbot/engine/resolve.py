"""Movement resolution after Kruijswijk, "The Math of Adjudication".

Every order is reduced to decisions: a move succeeds (MOVE), a support is given (SUPPORT),
a unit is dislodged (DISLODGE), a convoyed army has a route (PATH). Each decision is
computed from the attack, hold, defend and prevent strengths, which depend on other
decisions. `resolve` evaluates decisions recursively; a decision met again while it is
being evaluated is guessed (first fails, then succeeds). If the guess matters and the two
guesses give the same answer, that is the result; if both are consistent or neither is,
the cycle is settled by the backup rule: the Szykman rule (the convoyed armies in the
cycle do not move) when a convoy takes part, else circular movement (all moves succeed)
when both guesses are consistent and all of them succeeding is itself an answer. A cycle
without a convoy that has no consistent answer at all, or in which the moves cannot all
succeed (two go to one province, or a rival outside the cycle beats one of them), never
arises under the standard rules, but a variant's battle hooks can make one (Arpiesse's
colours): its moves fail, as attacks that cannot be resolved do. Letting them all succeed
would put two units in one province.

The orders are read into the resolver's tables once, before any decision
(engine/order_tables.py). Variants never edit this file: who wins a battle, strengths and
support cutting are rule hooks, called with this object so they can read the live
decisions.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, cast

from gmbot.engine.order_tables import SetupRules, order_tables
from gmbot.engine.orders import Convoy, Hold, Order, SupportHold, SupportMove
from gmbot.engine.report import Fact, Mark
from gmbot.engine.state import GameState, Unit

# Strength kinds, as in Kruijswijk's "The Math of Adjudication".
ATTACK, HOLD, DEFEND, PREVENT = "attack", "hold", "defend", "prevent"

MOVE, SUPPORT, DISLODGE, PATH = range(4)
UNRESOLVED, GUESSING, RESOLVED = range(3)


class BattleRules(SetupRules, Protocol):
    """What the resolver asks of the rules besides the set-up's (`gmbot.engine.hooks.Rules`
    documents each hook). Declared here so that the resolver depends on no rule set and
    the hooks may take the live `Resolution`."""

    keeps: ClassVar[frozenset[str]]  # the hooks kept as standard (see Rules.keeps)

    def convoy_adjacent(self, state: GameState, a: str, b: str) -> bool: ...
    def strength(self, res: Resolution, kind: str, unit: Unit, supports: int) -> float: ...
    def beats_defender(self, res: Resolution, i: int) -> bool: ...
    def beats_rival(self, res: Resolution, i: int, j: int) -> bool: ...
    def cuts_support(self, res: Resolution, mover: int, supporter: int) -> bool: ...


class Resolution:
    """The decisions of one movement phase. Units are indexed in province order so the
    outcome cannot depend on the order in which orders or powers were given."""

    def __init__(self, state: GameState, orders: dict[str, Order], rules: BattleRules) -> None:
        self.state = state
        self.rules = rules
        provs = sorted(state.units)
        n = self.n = len(provs)
        # strict=False: the lists are made from one another (the check costs a little).
        # Keyed by str only; typed `str | None` so that index.get(dest[i]) may be asked of a
        # unit that does not move (it answers None).
        self.index: dict[str | None, int] = dict(zip(provs, range(n), strict=False))
        self.units: list[Unit] = list(map(state.units.__getitem__, provs))
        get = orders.get
        self.orders: list[Order] = [
            get(p) or Hold(u.power, u.type, u.loc) for p, u in zip(provs, self.units, strict=False)
        ]
        self.src: list[str] = provs
        (self.dest, self.convoyed, self.support_dest, self.supports, self.valid_support,
         self.moves_into, self.convoyers) = order_tables(
            state, rules, self.index, self.units, self.orders, provs)
        self.value = [False] * (4 * n)
        # A unit nobody moves against is not dislodged: all DISLODGE decisions start
        # settled (False) but those of the units moved against. So neither the search nor
        # the result queries evaluate them (most units, most phases).
        status = self.status = [UNRESOLVED] * (4 * n)
        status[DISLODGE * n:(DISLODGE + 1) * n] = [RESOLVED] * n
        index, base = self.index, DISLODGE * n
        for prov in self.moves_into:
            j = index.get(prov)
            if j is not None:
                status[base + j] = UNRESOLVED
        self.deps: list[int] = []
        self.notes: dict[str, Any] = {}  # a variant's report lines, copied to PhaseResult.notes
        self.marks: list[Mark] = []  # a variant's events, copied to PhaseResult.marks
        self.facts: list[Fact] = []  # a variant's rules applied, copied to PhaseResult.facts
        # The rules keep the standard strengths (1 + supports): the four strengths add
        # them up here, without a hook call each.
        self.standard_strength = "strength" in rules.keeps

    # -- the guess-and-check core -------------------------------------------------------

    def resolve(self, d: int) -> bool:
        status = self.status[d]
        if status == RESOLVED:
            return self.value[d]
        if status == GUESSING:
            if d not in self.deps:
                self.deps.append(d)
            return self.value[d]
        mark = len(self.deps)
        self.value[d] = False
        self.status[d] = GUESSING
        first = self._compute(d)
        if len(self.deps) == mark:
            if self.status[d] != RESOLVED:
                self.value[d] = first
                self.status[d] = RESOLVED
            return first
        if self.deps[mark] != d:
            # Depends on someone else's guess: stay a guess until that one settles.
            self.deps.append(d)
            self.value[d] = first
            return first
        self._forget(mark)
        self.value[d] = True
        self.status[d] = GUESSING
        second = self._compute(d)
        if first == second:
            self._forget(mark)
            self.value[d] = first
            self.status[d] = RESOLVED
            return first
        # Guessing "fails" gave False and "succeeds" gave True: both are consistent.
        self._backup_rule(mark, consistent=second)
        return self.resolve(d)

    def _forget(self, mark: int) -> None:
        for d in self.deps[mark:]:
            self.status[d] = UNRESOLVED
        del self.deps[mark:]

    def _backup_rule(self, mark: int, consistent: bool) -> None:
        cycle = self.deps[mark:]
        n = self.n
        convoyed = sorted({d % n for d in cycle if d // n == PATH})
        self._forget(mark)
        if convoyed:
            # Szykman: the convoyed armies in the paradox do not move (no route).
            for i in convoyed:
                self._settle(PATH * n + i, False)
            return
        # Circular movement (both guesses consistent): every move in the cycle succeeds, if
        # that is an answer (see the module doc). Otherwise every move fails.
        moves = [d for d in cycle if d // n == MOVE]
        succeed = consistent and self._all_succeed_holds(moves)
        for d in moves:
            self._settle(d, succeed)

    def _all_succeed_holds(self, moves: list[int]) -> bool:
        """Whether every move of `moves` still succeeds when all of them are taken to: no
        two go to one province, and none then loses to a rival or a defender (a variant's
        battle hooks can make a cycle that both guesses settle, but not all moves at once).
        The decisions made while looking are forgotten."""
        n = self.n
        dests = {self.dest[d % n] for d in moves}
        if len(dests) != len(moves):
            return False
        status, value, mark = self.status[:], self.value[:], len(self.deps)
        for d in moves:
            self._settle(d, True)
        holds = all(self._move(d % n) for d in moves)
        self.status[:], self.value[:] = status, value
        del self.deps[mark:]
        return holds

    def _settle(self, d: int, value: bool) -> None:
        self.value[d] = value
        self.status[d] = RESOLVED

    def _compute(self, d: int) -> bool:
        kind, i = divmod(d, self.n)
        if kind == MOVE:
            return self._move(i)
        if kind == SUPPORT:
            return self._support(i)
        if kind == DISLODGE:
            return self._dislodged(i)
        return self._path(i)

    # -- decisions --------------------------------------------------------------------

    # The three queries read a settled decision without calling `resolve`: they are asked
    # tens of times per unit, mostly about decisions already made.

    def move_ok(self, i: int) -> bool:
        d = MOVE * self.n + i
        return self.value[d] if self.status[d] == RESOLVED else self.resolve(d)

    def support_given(self, i: int) -> bool:
        d = SUPPORT * self.n + i
        return self.value[d] if self.status[d] == RESOLVED else self.resolve(d)

    def dislodged(self, i: int) -> bool:
        d = DISLODGE * self.n + i
        return self.value[d] if self.status[d] == RESOLVED else self.resolve(d)

    def path(self, i: int) -> bool:
        """Whether the move of unit i has a route: always over land, by convoy if needed."""
        return not self.convoyed[i] or self.resolve(PATH * self.n + i)

    def _move(self, i: int) -> bool:
        if self.convoyed[i] and not self.path(i):  # a move over land needs no call
            return False
        rules = self.rules
        if not rules.beats_defender(self, i):
            return False
        # Plain loops here and below, not all()/any() over generators: these decisions are
        # made for most units of every phase, mostly over one or two other units.
        # A move decision is made for moving units only: their dest is set.
        for j in self.moves_into[cast(str, self.dest[i])]:
            if j != i and not rules.beats_rival(self, i, j):
                return False
        return True

    def _support(self, i: int) -> bool:
        if not self.valid_support[i]:
            return False
        for m in self.moves_into.get(self.src[i], ()):  # noqa: SIM110 - see _move
            if self.rules.cuts_support(self, m, i):
                return False
        return not self.dislodged(i)

    def _dislodged(self, i: int) -> bool:
        if self.dest[i] is not None and self.move_ok(i):
            return False
        for m in self.moves_into.get(self.src[i], ()):  # noqa: SIM110 - see _move
            if self.move_ok(m):
                return True
        return False

    def _path(self, i: int) -> bool:
        fleets = {self.src[f]: f for f in self.convoyers[i]}
        start, goal = self.src[i], cast(str, self.dest[i])  # a path is asked for moves only
        adjacent = self.rules.convoy_adjacent
        frontier = [start]
        seen = {start}
        while frontier:
            here = frontier.pop()
            for prov, f in fleets.items():
                if prov in seen or not adjacent(self.state, here, prov):
                    continue
                if self.dislodged(f):
                    continue
                if adjacent(self.state, prov, goal):
                    return True
                seen.add(prov)
                frontier.append(prov)
        return False

    # -- strengths (Kruijswijk's four) ----------------------------------------------------

    def head_to_head(self, i: int) -> int | None:
        """The unit moving the other way into i's province, over land both, if any."""
        j = self.index.get(self.dest[i])
        if j is None or self.dest[j] != self.src[i]:
            return None
        if self.convoyed[i] or self.convoyed[j]:
            return None
        return j

    def _counted(self, i: int, exclude_power: str | None = None) -> int:
        if not self.supports[i]:
            return 0  # most units: no generator to set up
        count = 0
        for s in self.supports[i]:
            if (exclude_power is None or self.units[s].power != exclude_power) \
                    and self.support_given(s):
                count += 1
        return count

    def attack_strength(self, i: int) -> float:
        if self.convoyed[i] and not self.path(i):
            return 0
        j = self.index.get(self.dest[i])
        if j is not None and (
            self.dest[j] is None or self.head_to_head(i) is not None or not self.move_ok(j)
        ):
            defender = self.units[j].power
            if defender == self.units[i].power:
                return 0  # never dislodge your own unit
            count = self._counted(i, defender)
        else:
            count = self._counted(i)
        if self.standard_strength:
            return 1 + count
        return self.rules.strength(self, ATTACK, self.units[i], count)

    def hold_strength(self, prov: str) -> float:
        j = self.index.get(prov)
        if j is None:
            return 0
        if self.dest[j] is not None:
            if self.move_ok(j):
                return 0
            count = 0
        else:
            count = self._counted(j)
        if self.standard_strength:
            return 1 + count
        return self.rules.strength(self, HOLD, self.units[j], count)

    def defend_strength(self, i: int) -> float:
        if self.standard_strength:
            return 1 + self._counted(i)
        return self.rules.strength(self, DEFEND, self.units[i], self._counted(i))

    def prevent_strength(self, i: int) -> float:
        if self.convoyed[i] and not self.path(i):
            return 0
        opp = self.head_to_head(i)
        if opp is not None and self.move_ok(opp):
            return 0  # lost the head-to-head battle
        if self.standard_strength:
            return 1 + self._counted(i)
        return self.rules.strength(self, PREVENT, self.units[i], self._counted(i))

    # -- results ------------------------------------------------------------------------

    def run(self) -> None:
        # Each unit's decisions in province order. Most are settled by the time the loop
        # reaches them (by set-up, or while deciding another unit): those cost no call.
        n, status, resolve, dest, orders = self.n, self.status, self.resolve, self.dest, self.orders
        for i in range(n):
            first: int | None = None  # the unit's own decision: a holding unit has none
            if dest[i] is not None:
                first = MOVE * n + i
            elif isinstance(orders[i], (SupportHold, SupportMove)):
                first = SUPPORT * n + i
            if first is not None and status[first] != RESOLVED:
                resolve(first)
            d = DISLODGE * n + i
            if status[d] != RESOLVED:
                resolve(d)

    def result_code(self, i: int) -> str:
        if self.dest[i] is not None:  # a move (set-up gives moves, and only them, a dest)
            if self.move_ok(i):
                return "succeeds"
            return "no_convoy" if self.convoyed[i] and not self.path(i) else "bounced"
        o = self.orders[i]
        if isinstance(o, (SupportHold, SupportMove)):
            if not self.valid_support[i]:
                return "void"
            return "succeeds" if self.support_given(i) else "cut"
        if isinstance(o, Convoy):
            j = self.index.get(o.target)
            if j is None or i not in self.convoyers[j] or not self.convoyed[j]:
                return "void"
            if self.dislodged(i):
                return "disrupted"
            return "succeeds" if self.path(j) else "fails"  # Szykman: the convoy holds
        return "dislodged" if self.dislodged(i) else "succeeds"

    def attacker_of(self, i: int) -> int | None:
        for m in self.moves_into.get(self.src[i], ()):  # noqa: SIM110 - see _move
            if self.move_ok(m):
                return m
        return None
