"""A Capitalist phase's notes: the public lines (bribes offered, votes counted, capitals
drawn) and each power's private lines (its income, pays, bribes and balance)."""

from __future__ import annotations

from typing import Any

import gmbot.variants.capitalist.economy as eco
from gmbot.engine.orders import Order
from gmbot.engine.report import LABEL, Mark
from gmbot.engine.state import GameState
from gmbot.variants.capitalist.auction import Ledger, key, public_line, short
from gmbot.variants.capitalist.orders import Vote
from gmbot.variants.capitalist.votes import VoteOutcome


def add_notes(notes: dict[str, Any], public: list[str] | None = None,
         private: dict[str, list[str]] | None = None,
         random: list[dict[str, object]] | None = None) -> None:
    if public:
        notes.setdefault("public", []).extend(public)
    for power, lines in (private or {}).items():
        if lines:
            notes.setdefault("private", {}).setdefault(power, []).extend(lines)
    if random:
        notes.setdefault("random", []).extend(random)


def movement_notes(state: GameState, ledger: Ledger, notes: dict[str, Any],
                    marks: list[Mark]) -> None:
    deals = sorted(ledger.deals.items())
    public = [public_line(d) for _, d in deals if d.offers]
    # A unit that executed a bribe's order, not its owner's (the public line tells it).
    marks.extend(Mark(LABEL, d.unit.loc, "bribe beat a pay", unit=str(d.unit), words="bribed",
                      power=d.unit.power)
                 for _, d in deals if d.offers and d.executed is not None
                 and short(d.own) != short(d.executed))
    by_power: dict[str, list[str]] = {}
    defaulted = ledger.defaulted
    for p, d in deals:
        u = d.unit  # str(u) spelt out: a line for every unit
        by_power.setdefault(u.power, []).append(
            f"{u.type} {u.loc} {d.pay} (unordered)" if p in defaulted
            else f"{u.type} {u.loc} {d.pay}")
    private: dict[str, list[str]] = {}
    for power in eco.capitals(state):
        due = eco.income_due(state, power)
        money = eco.available(state, power)
        lines = [f"Income for {state.phase}: {due}; available {money}."]
        pays = by_power.get(power)
        if pays:
            lines.append(f"Pays: {', '.join(pays)} = {ledger.pays(power)}.")
        for bribe, deal in ledger.offers_by(power):
            if bribe in deal.taken:
                how = f"taken: {bribe.amount} paid"
            elif deal.tie:
                how = "not taken (tied: the unit held); nothing paid"
            elif deal.executed is None or key(deal.executed) == key(deal.own):
                # "Refused" read as the judge refusing the line: say what beat it.
                totals = deal.totals()
                offered = totals.get(key(bribe.order), 0)
                # Bribes for the owner's own order are on his side (the trial of 3 December
                # 2026, third: "3 offered did not beat the owner's pay of 2", where 1 more
                # was offered for the hold).
                same = totals.get(key(deal.own), 0)
                against = (f"the {deal.pay + same} for its owner's order, its pay of "
                           f"{deal.pay} and {same} offered for that same order" if same
                           else f"the owner's pay of {deal.pay}")
                how = (f"not taken: {offered} offered did not beat {against} (a bribe wins "
                       "only with more); nothing paid")
            else:
                how = "not taken: more was offered for another order; nothing paid"
            lines.append(f"{bribe}: {how}.")
        # The balance left is said once, in the Account line of where he stands, which
        # follows in his section and in the GM's (it read "balance now 9" above it).
        lines.append(f"Spent {ledger.spent(power)}.")
        private[power] = lines
    add_notes(notes, public=([BRIBES, *public] if public else None), private=private)


BRIBES = "Bribes (the totals offered for each order; who offered them is never told):"
_OPTION = {"NONE": "no build"}


def vote_notes(state: GameState, outcome: VoteOutcome, orders: list[Order],
                notes: dict[str, Any]) -> None:
    public = []
    for site in outcome.sites:
        # "no build" for the option's code NONE, and the outcome after "=", as the bribe
        # line has it: a player sees why his centre got no unit.
        counts = ", ".join(f"{_OPTION.get(k, k)} {v}"
                           for k, v in sorted(site.totals.items())) or "no votes"
        coasts = (" (coasts: " + ", ".join(f"{k} {v}" for k, v in sorted(site.coasts.items()))
                  + ")") if len(site.coasts) > 1 else ""
        won = _OPTION.get(site.winner or "NONE", site.winner or "")
        public.append(f"{site.power} {site.prov}: {counts}{coasts} = {won}")
    for power, units in outcome.removals.items():
        counts = ", ".join(f"{u} {n}" for u, n in units.items()) or "no votes"
        public.append(f"{power} removal votes: {counts}")
    private: dict[str, list[str]] = {}
    for order in orders:
        if isinstance(order, Vote):
            private.setdefault(order.power, []).append(f"Your vote: {order}")
    add_notes(notes, public=["Votes (totals; voters are not named):", *public] if public else None,
         private=private, random=outcome.draws)
