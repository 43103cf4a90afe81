"""Arpiesse Diplomacy (Simon Szykman): every unit is red, purple or silver, and attacks are
not transitive. Rules and rulings: guide.md in this folder.

Battles go through the resolver's hooks. Colours are looked at only when they can change
the answer: when the attacker and every colour the defender could possibly defend with
are one colour, the standard comparison runs unchanged (and asks the resolver nothing
more), so a game with all units one colour is adjudicated exactly as standard.
"""

from __future__ import annotations

import random
from typing import Any
from weakref import WeakKeyDictionary

from gmbot.engine.choices import BotTurn
from gmbot.engine.orders import Order
from gmbot.engine.parse import OrderParser
from gmbot.engine.report import RULE, TRADE, Fact, Mark
from gmbot.engine.resolve import Resolution
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import GameState, Unit
from gmbot.variants.arpiesse.bot import arpiesse_bot_lines
from gmbot.variants.arpiesse.colours import (
    COLOUR_KEY,
    INFERIOR,
    SUPERIOR,
    beats,
    colour_of,
    colour_problem,
    relation,
    sorted_colours,
)
from gmbot.variants.arpiesse.explain import colour_facts
from gmbot.variants.arpiesse.legal import arpiesse_lines
from gmbot.variants.arpiesse.orders import (
    ColouredBuild,
    Exchange,
    exchange_valid,
    parse_arpiesse,
)


class ArpiesseRules(StandardRules):
    name = "arpiesse"

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        # Per phase: the colours each unit could defend with if every support held.
        self._possible: WeakKeyDictionary[Resolution, list[frozenset[str]]] = (
            WeakKeyDictionary()
        )

    # -- grammar and position ----------------------------------------------------------

    def parse_extra(
        self, parser: OrderParser, line: str, power: str, state: GameState
    ) -> Order | None:
        return parse_arpiesse(parser, line, power, state, self)

    def legal_extra(self, state: GameState, power: str) -> list[str]:
        return super().legal_extra(state, power) + arpiesse_lines(state, self, power)

    def bot_lines(self, state: GameState, power: str, turn: BotTurn,
                  rng: random.Random) -> list[str]:
        return arpiesse_bot_lines(state, self, power, turn)

    def built_unit(self, state: GameState, order: Order) -> Unit:
        unit = super().built_unit(state, order)
        if not isinstance(order, ColouredBuild):
            raise ValueError(f"{order}: an Arpiesse build names its colour")
        return Unit(unit.power, unit.type, unit.loc, {**unit.attrs, COLOUR_KEY: order.colour})

    def position_problems(self, state: GameState) -> list[tuple[str, str]]:
        problems = list(super().position_problems(state))
        for _, unit in sorted(state.units.items()):
            why = colour_problem(unit)
            if why:
                problems.append((f"units.{unit.power}", why))
        for _, d in sorted(state.dislodged.items()):
            why = colour_problem(d.unit)
            if why:
                problems.append((f"dislodged.{d.unit}", why))
        return problems

    def ack_lines(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        lines = list(super().ack_lines(state, power, orders))
        given = {x.prov: x for x in orders}
        for o in orders:
            other = state.units.get(o.target) if isinstance(o, Exchange) else None
            if other is None:
                continue
            # His own other unit's order is known: "only if A SMY is ordered A SMY X F ANK"
            # beside his own A SMY - ARM left him to see the clash (issue 32, fifth trial).
            theirs = given.get(other.prov) if other.power == power else None
            if theirs is not None and not isinstance(theirs, Exchange):
                lines.append(f"{o}: no colours change, since {other} is ordered {theirs}: "
                             f"order {other} X {o.unit_text} for the exchange.")
            else:
                lines.append(f"{o}: the colours are exchanged only if {other} is ordered "
                             f"{other} X {o.unit_text} and neither unit is dislodged.")
        return lines

    def unit_note(self, unit: Unit) -> str:
        return str(unit.attrs.get(COLOUR_KEY) or "")

    # -- defending colours --------------------------------------------------------------

    def _possible_colours(self, res: Resolution) -> list[frozenset[str]]:
        """For each unit, every colour it could defend with if all its valid supports
        were given: an upper bound, read from the orders alone."""
        cached = self._possible.get(res)
        if cached is not None:
            return cached
        cols = [{colour_of(u)} for u in res.units]
        changed = True
        while changed:
            changed = False
            for j in range(res.n):
                if res.dest[j] is not None:
                    continue  # a moving unit's colour is its own, whatever its supports
                own = colour_of(res.units[j])
                for s in res.supports[j]:
                    gain = {c for c in cols[s] if beats(c, own)} - cols[j]
                    if gain:
                        cols[j] |= gain
                        changed = True
        out = [frozenset(c) for c in cols]
        self._possible[res] = out
        return out

    def defending_colours(self, res: Resolution, j: int) -> set[str]:
        """Unit j's own colour plus, for each support it is given, every colour its
        supporter defends with that beats j's own (examples 8 and 9). Computed as the
        least fixed point over the supports that could add a colour."""
        possible = self._possible_colours(res)
        if res.dest[j] is not None or len(possible[j]) == 1:
            return {colour_of(res.units[j])}
        # The units whose colours can flow into j, through chains of supports.
        todo, chain = [j], {j}
        while todo:
            k = todo.pop()
            for s in res.supports[k]:
                if s not in chain and res.dest[k] is None:
                    chain.add(s)
                    todo.append(s)
        cols = {k: {colour_of(res.units[k])} for k in chain}
        changed = True
        while changed:
            changed = False
            for k in sorted(chain):
                if res.dest[k] is not None:
                    continue
                own = colour_of(res.units[k])
                for s in res.supports[k]:
                    # Only a support that could add a colour is asked whether it is given.
                    if not any(beats(c, own) for c in possible[s]):
                        continue
                    gain = {c for c in cols[s] if beats(c, own)} - cols[k]
                    if gain and res.support_given(s):
                        cols[k] |= gain
                        changed = True
        return cols[j]

    def _colours_matter(self, res: Resolution, attack: str, j: int) -> bool:
        """Whether an attack of colour `attack` on unit j could be other than equivalent."""
        return self._possible_colours(res)[j] != {attack}

    def _stays(self, res: Resolution, j: int) -> bool:
        return res.dest[j] is None or not res.move_ok(j)

    # -- battles ------------------------------------------------------------------------

    def attack_relation(self, res: Resolution, i: int, j: int) -> str:
        """Move i against unit j standing in (or fighting head to head for) its target."""
        return relation(colour_of(res.units[i]), self.defending_colours(res, j))

    def beats_defender(self, res: Resolution, i: int) -> bool:
        j = res.index.get(res.dest[i])
        if j is None or not self._colours_matter(res, colour_of(res.units[i]), j):
            return super().beats_defender(res, i)
        if res.head_to_head(i) is None and not self._stays(res, j):
            return super().beats_defender(res, i)  # the defender has left
        if res.units[j].power == res.units[i].power:
            return False  # never dislodge your own unit, superior or not (example 5)
        rel = self.attack_relation(res, i, j)
        if rel == SUPERIOR:
            return True  # whatever the strengths (examples 2, 4, 6)
        if rel == INFERIOR:
            return False  # whatever the strengths (example 3)
        return super().beats_defender(res, i)

    def beats_rival(self, res: Resolution, i: int, j: int) -> bool:
        ci, cj = colour_of(res.units[i]), colour_of(res.units[j])
        k = res.index.get(res.dest[i])
        j_may_be_inferior = k is not None and any(
            beats(c, cj) for c in self._possible_colours(res)[k]
        )
        if ci == cj and not j_may_be_inferior:
            return super().beats_rival(res, i, j)
        if (
            j_may_be_inferior
            and k is not None
            and self._stays(res, k)
            and relation(cj, self.defending_colours(res, k)) == INFERIOR
        ):
            return True  # an inferior attack fails and prevents nothing (example 4)
        if res.prevent_strength(j) == 0:
            return super().beats_rival(res, i, j)  # lost its head-to-head, or no route
        if beats(ci, cj):
            return True  # colour decides between rivals, not strength (examples 2, 7)
        if beats(cj, ci):
            return False
        return super().beats_rival(res, i, j)

    # -- exchanges ----------------------------------------------------------------------

    def _exchange_partner(self, res: Resolution, i: int) -> int | None:
        """The unit that ordered the same exchange with unit i, if any."""
        order = res.orders[i]
        if not isinstance(order, Exchange):
            return None
        j = res.index.get(order.target)
        if j is None:
            return None
        other = res.orders[j]
        if not isinstance(other, Exchange) or other.target != res.src[i]:
            return None
        if not exchange_valid(res.state, self, res.units[i], res.units[j]):
            return None
        return j

    def _void_exchanges(self, res: Resolution) -> list[Fact]:
        """Why an exchange is void, beside it: the other unit ordered something else."""
        facts = []
        for i in range(res.n):
            order, j = res.orders[i], None
            if isinstance(order, Exchange) and self._exchange_partner(res, i) is None:
                j = res.index.get(order.target)
            if j is not None and not res.dislodged(i):
                me, them = res.units[i].name, res.units[j].name
                facts.append(Fact(me, RULE, f"{them} did not order {them} X {me}: no colours "
                                            "change", "exchange void", True, names=(them,)))
        return facts

    def result_code(self, res: Resolution, i: int) -> str:
        code = super().result_code(res, i)
        if not isinstance(res.orders[i], Exchange) or code == "dislodged":
            return code
        j = self._exchange_partner(res, i)
        if j is None:
            return "void"  # the other unit did not order the same exchange
        return "fails" if res.dislodged(j) else "succeeds"

    def after_movement(self, state: GameState, res: Resolution) -> GameState:
        state = super().after_movement(state, res)
        res.facts += colour_facts(self, res) + self._void_exchanges(res)
        public = res.notes.setdefault("public", [])
        for k in range(res.n):
            if res.dest[k] is None and not res.dislodged(k):
                gained = self.defending_colours(res, k)
                if len(gained) > 1:
                    shown = " and ".join(sorted_colours(gained))
                    public.append(f"{self.unit_label(res.units[k])} defended as {shown}.")
        units = dict(state.units)
        for i in range(res.n):
            j = self._exchange_partner(res, i)
            if j is None or j < i:
                continue
            a, b = res.units[i], res.units[j]
            if res.dislodged(i) or res.dislodged(j):
                public.append(f"{self.unit_label(a)} and {self.unit_label(b)} do not "
                              "exchange colours: one of them was dislodged.")
                continue
            units[a.prov] = Unit(a.power, a.type, a.loc, {**a.attrs, COLOUR_KEY: colour_of(b)})
            units[b.prov] = Unit(b.power, b.type, b.loc, {**b.attrs, COLOUR_KEY: colour_of(a)})
            res.marks.append(Mark(TRADE, a.loc, "colours exchanged", to=b.loc, unit=str(a)))
            public.append(f"{a} and {b} exchange colours: {self.unit_label(units[a.prov])}, "
                          f"{self.unit_label(units[b.prov])}.")
        if not public:
            del res.notes["public"]
        return state.with_(units=units)

