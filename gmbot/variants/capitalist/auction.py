"""Pays and bribes in one movement phase (section 5 and the rulings): which order each
unit executes and what each player spends. Pure and deterministic, so the phase report
can be rebuilt from the same state and orders."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from gmbot.engine.orders import Convoy, Hold, Move, Order, SupportHold, SupportMove
from gmbot.engine.report import RULE, Fact
from gmbot.engine.state import GameState, Unit
from gmbot.variants.capitalist.economy import available
from gmbot.variants.capitalist.orders import Bribe, Paid


@dataclass(slots=True)  # one for every unit of every Capitalist movement phase
class Deal:
    """One unit's auction: its owner's order and pay, the offers, what it executes."""

    unit: Unit
    own: Order
    pay: int
    offers: list[Bribe] = field(default_factory=list)
    executed: Order | None = None
    taken: list[Bribe] = field(default_factory=list)  # bribes accepted: their money is spent
    tie: bool = False  # bribes tied above the owner's total: the unit held

    def totals(self) -> dict[str, int]:
        """Bribe totals per distinct order (bribes for the same order add up, 5.7)."""
        out: dict[str, int] = defaultdict(int)
        for b in self.offers:
            out[key(b.order)] += b.amount
        return dict(out)


@dataclass
class Ledger:
    deals: dict[str, Deal]  # province -> deal
    defaulted: set[str] = field(default_factory=set)  # units paid by default (no order)
    # Per power, summed in one pass over the deals when first asked (every power is asked,
    # by the accounts and by the notes): pays, bribes paid, and the bribes offered.
    _sums: tuple[dict[str, int], dict[str, int], dict[str, list[tuple[Bribe, Deal]]]] | None = (
        field(default=None, repr=False, compare=False))

    def _totals(
        self,
    ) -> tuple[dict[str, int], dict[str, int], dict[str, list[tuple[Bribe, Deal]]]]:
        if self._sums is None:
            pays: dict[str, int] = defaultdict(int)
            paid: dict[str, int] = defaultdict(int)
            offers: dict[str, list[tuple[Bribe, Deal]]] = defaultdict(list)
            for d in self.deals.values():
                pays[d.unit.power] += d.pay
                for b in d.taken:
                    paid[b.power] += b.amount
                for b in d.offers:
                    offers[b.power].append((b, d))
            self._sums = (pays, paid, offers)
        return self._sums

    def pays(self, power: str) -> int:
        return self._totals()[0].get(power, 0)

    def bribes_paid(self, power: str) -> int:
        return self._totals()[1].get(power, 0)

    def spent(self, power: str) -> int:
        return self.pays(power) + self.bribes_paid(power)

    def offers_by(self, power: str) -> list[tuple[Bribe, Deal]]:
        return list(self._totals()[2].get(power, ()))


def key(order: Order) -> str:
    """An order's identity whoever gives it."""
    return str(order)


# The last auction settled: the phase's notes ask for the ledger the reconciliation made,
# with the same state and order list (held here, so their identities stay theirs).
_last: tuple[GameState | None, list[Order] | None, Ledger | None] = (None, None, None)


def settle(state: GameState, orders: list[Order]) -> Ledger:
    """Each unit's auction: what it executes and what is paid."""
    global _last
    memo = _last
    if memo[0] is state and memo[1] is orders and memo[2] is not None:
        return memo[2]
    ledger = _settle(state, orders)
    _last = (state, orders, ledger)
    return ledger


def _settle(state: GameState, orders: list[Order]) -> Ledger:
    paid: dict[str, Paid] = {}
    offers: dict[str, list[Bribe]] = defaultdict(list)
    for order in orders:
        if isinstance(order, Bribe):
            offers[order.prov].append(order)
        elif isinstance(order, Paid):
            paid[order.prov] = order
        else:  # a plain order (no pay written anywhere) is paid the minimum
            paid[order.prov] = Paid(order.power, order.utype, order.loc, order, 1)
    deals: dict[str, Deal] = {}
    ledger = Ledger(deals)
    # Money left per power after the written pays and every bribe offered: an unordered
    # unit holds and gets 1 from it while it lasts (ruling on 4.6).
    left = {p: available(state, p) for p in state.powers}
    for p in paid.values():
        left[p.power] = left.get(p.power, 0) - p.pay
    for bribes in offers.values():
        for b in bribes:
            left[b.power] = left.get(b.power, 0) - b.amount
    for prov in sorted(state.units):
        unit = state.units[prov]
        mine = paid.get(prov)
        # Only a unit someone offered a bribe to has an auction to weigh.
        bids = [b for b in offers[prov] if b.power != unit.power] if prov in offers else []
        if mine is not None and mine.power == unit.power:
            deal = Deal(unit, mine.order, mine.pay, bids)
        else:
            pay = 1 if left.get(unit.power, 0) >= 1 else 0
            left[unit.power] = left.get(unit.power, 0) - pay
            deal = Deal(unit, Hold(unit.power, unit.type, unit.loc), pay, bids)
            ledger.defaulted.add(prov)
        if bids:
            _auction(deal)
        else:
            deal.executed = deal.own  # most units: nothing to weigh
        deals[prov] = deal
    return ledger


def _auction(deal: Deal) -> None:
    """The rulings: bribes for the owner's own order add to its pay; another order wins if
    its total is strictly higher than that and unique; a tie on top means hold (5.9);
    otherwise the owner's order (5.8). Only bribes for the executed order are taken."""
    if not deal.offers:  # most units: nothing to weigh
        deal.executed = deal.own
        deal.taken = []
        return
    totals = deal.totals()
    own_total = deal.pay + totals.pop(key(deal.own), 0)
    best = max(totals.values(), default=0)
    if best <= own_total:
        deal.executed = deal.own
    else:
        top = [k for k, v in totals.items() if v == best]
        if len(top) > 1:
            u = deal.unit
            deal.executed = Hold(u.power, u.type, u.loc)
            deal.tie = True
            return
        deal.executed = next(b.order for b in deal.offers if key(b.order) == top[0])
    deal.taken = [b for b in deal.offers if key(b.order) == key(deal.executed)]


# -- the public line (5.10) --------------------------------------------------------------


def _what(order: Order) -> tuple[str, str]:
    """An order's kind and what it names, without its unit: ("move", "NTH"), ("hold", ""),
    ("support", "A BER-KIE"), ("convoy", "A LON-BEL")."""
    if isinstance(order, Move):
        return "move", order.dest
    if isinstance(order, SupportMove):
        return "support", f"{order.target_type} {order.target}-{order.dest}"
    if isinstance(order, SupportHold):
        return "support", f"{order.target_type} {order.target}"
    if isinstance(order, Convoy):
        return "convoy", f"A {order.target}-{order.dest}"
    return "hold", ""


_SHORT = {"move": "{}", "support": "S {}", "convoy": "C {}", "hold": "HOLD"}
_DOING = {"move": "move to {}", "support": "support {}", "convoy": "convoy {}", "hold": "hold"}


def short(order: Order) -> str:
    """An order without its unit: NTH for a move, HOLD, S A BER-KIE, C A LON-BEL."""
    kind, what = _what(order)
    return _SHORT[kind].format(what)


def doing(order: Order) -> str:
    """An order as the public line says what a unit was to do: "move to NTH", "hold",
    "support A MUN - BUR", "convoy A HOL - YOR"."""
    kind, what = _what(order)
    return _DOING[kind].format(what.replace("-", " - "))


def public_line(deal: Deal) -> str:
    """What the public may know of one unit's auction, in a player's words: whose unit,
    its owner's order and pay, the bribe totals per order (never who offered them), what
    it did and whether a bribe was paid. Offers are listed by total, then alphabetically,
    so their order says nothing about the bribers."""
    u = deal.unit
    totals = deal.totals()
    same = totals.pop(key(deal.own), 0)  # bribes for the owner's own order: on his side
    own = deal.pay + same
    offers = sorted(((t, doing(_order_of(deal, k))) for k, t in totals.items()),
                    key=lambda x: (-x[0], x[1]))
    line = f"{u.power}'s {u.type} {u.loc}, ordered to {doing(deal.own)} and paid {deal.pay}"
    if same:
        line += f", with {same} offered for that same order"
    if offers:
        bids = [f"{t} to {w}" for t, w in offers]
        line += ", was offered " + " and ".join([", ".join(bids[:-1]), bids[-1]] if
                                                len(bids) > 1 else bids)
    assert deal.executed is not None
    against = (f"the {own} for its owner's order" if same
               else f"its owner's pay of {own}")
    if deal.tie:
        best = offers[0][0]
        return f"{line}: bribes of {best} tied above {against}, so it held; no bribe was paid."
    if key(deal.executed) != key(deal.own):
        won = sum(b.amount for b in deal.taken)
        return (f"{line}: the {won} to {doing(deal.executed)} beat {against}, so it "
                f"carried that out, and the {won} was paid.")
    if not offers:
        return f"{line}: it followed its order, and the {same} was paid."
    return (f"{line}: no bribe beat {against}, so it followed its order"
            + (f", and the {same} offered for it was paid." if same
               else "; no bribe was paid."))


# -- the reasons (engine/report.py's facts) ----------------------------------------------

BRIBED, TIED, RESISTED = "bribe beat a pay", "bribes tied", "bribe failed"


def bribe_facts(ledger: Ledger) -> list[Fact]:
    """Each bribed unit's auction in a player's words, from the totals the public line
    shows (never who offered): beside the result where a bribe made it carry out another
    order or hold, for EXPLAIN where the owner's order stood."""
    facts = []
    for deal in (d for _, d in sorted(ledger.deals.items()) if d.offers):
        totals = deal.totals()
        own = deal.pay + totals.pop(key(deal.own), 0)
        name = str(deal.unit)
        pay = (f"its owner's pay of {own} for {short(deal.own)}" if own == deal.pay else
               f"the {own} for its owner's {short(deal.own)} (pay {deal.pay} and bribes "
               f"{own - deal.pay})")
        assert deal.executed is not None
        if deal.tie:
            best = max(totals.values())
            facts.append(Fact(name, RULE, f"bribes of {best} for two orders tied above {pay}: "
                                          "a tie on top means it holds", TIED, surprise=True))
        elif key(deal.executed) != key(deal.own):
            won = totals[key(deal.executed)]
            facts.append(Fact(name, RULE, f"bribed: {won} offered for {short(deal.executed)} "
                                          f"beat {pay}", BRIBED, surprise=True))
        else:
            offered = ", ".join(f"{t} for {short(_order_of(deal, k))}"
                                for k, t in sorted(totals.items()))
            if offered:
                facts.append(Fact(name, RULE, f"bribes ({offered}) did not beat {pay}: a "
                                              "bribe wins only with more", RESISTED))
    return facts


def bribe_given(ledger: Ledger, facts: list[Fact]) -> dict[str, tuple[str, str]]:
    """Unit -> its owner's order and why it carried out another (a bribe, or bribes tied
    on top): the results' row and EXPLAIN say what he ordered beside what it did, for the
    reason beside the result (no briber named)."""
    why = {f.unit: f.words for f in facts if f.surprise}
    return {str(d.unit): (str(d.own), why[str(d.unit)]) for _, d in sorted(ledger.deals.items())
            if d.offers and d.executed is not None and key(d.executed) != key(d.own)
            and str(d.unit) in why}


def _order_of(deal: Deal, k: str) -> Order:
    return next(b.order for b in deal.offers if key(b.order) == k)
