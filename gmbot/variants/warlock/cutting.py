"""Cut-support spells: ATTACK X cuts every support of a move into X, DEFENCE X every
support of the unit in X. They act in the normal adjudication only, so they cut the
ordinary supports and a double order's second leg, never its first (the ruling)."""

from __future__ import annotations

from typing import Any

from gmbot.engine.orders import Hold, Move, Order, SupportHold, SupportMove
from gmbot.variants.warlock import reasons
from gmbot.variants.warlock.spells import ATTACK, Cast


def cut_supports(orders: dict[str, Order], turn: dict[str, Any],
                 casts: list[Cast]) -> dict[str, Order]:
    """The orders with the supports the spells name cut (the unit stands, reported cut);
    the targets are kept in the turn record for the second legs and added supports."""
    turn["cuts"] = sorted([s, p] for c in casts for s, p in zip(c.sides, c.places, strict=True))
    turn["cutters"] = sorted({c.power for c in casts})  # who may read why a support was cut
    return {prov: cut_if_named(order, turn, supported=_supported(orders, order))
            for prov, order in orders.items()}


def _supported(orders: dict[str, Order], order: Order) -> Order | None:
    """The order of the unit a support was given to, where it did what the support was
    for (else the support was void, cut or not)."""
    if not isinstance(order, (SupportHold, SupportMove)):
        return None
    them = orders.get(order.target)
    if isinstance(order, SupportMove):
        return them if isinstance(them, Move) and them.dest_prov == order.dest_prov else None
    return None if them is None or isinstance(them, Move) else them


def cut_if_named(order: Order, turn: dict[str, Any], row: str | None = None,
                 supported: Order | None = None) -> Order:
    """The order, or a hold if it is a support a cut-support spell of this turn names,
    reported cut in the row given (a double-ordered unit's is its name at the start), and
    in the EXPLAIN of the unit `supported` (its order), which lacked it."""
    cuts = {(side, prov) for side, prov in turn.get("cuts", ())}
    hit = (isinstance(order, SupportMove) and (ATTACK, order.dest_prov) in cuts) or (
        isinstance(order, SupportHold) and ("DEFENCE", order.target) in cuts)
    if not hit:
        return order
    name = row or f"{order.utype} {order.loc}"
    turn["rows"][name] = [str(order), "cut"]
    reasons.support_cut(turn, order, name)
    if supported is not None:
        reasons.support_lost(turn, order, name, supported)
    return Hold(order.power, order.utype, order.loc)
