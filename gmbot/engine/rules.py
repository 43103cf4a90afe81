"""The standard rule set, assembled: the hook interface (`gmbot.engine.hooks.Rules`) with
the standard algorithms wired in where a hook's default is an algorithm of its own (what
is left to order, where a unit may retreat, civil disorder), and `compose`, which builds a
game's rule set from variant and option mixins. The hooks and their contracts are
documented in `gmbot.engine.hooks`."""

from __future__ import annotations

from functools import cache
from typing import cast

from gmbot.engine.adjust import civil_disorder_order
from gmbot.engine.hooks import Rules
from gmbot.engine.orders import Order
from gmbot.engine.pending import standard_missing
from gmbot.engine.retreat import retreat_options
from gmbot.engine.state import Dislodged, GameState, Unit


class StandardRules(Rules):
    """The 2000/2023 rulebook as the DATC reads it. Options arrive as a dict."""

    name = "standard"
    map_name = "standard"

    def missing_orders(self, state: GameState, power: str, orders: list[Order]) -> list[str]:
        return standard_missing(state, self, power, orders)

    def retreat_choices(self, state: GameState, entry: Dislodged) -> list[str]:
        return retreat_options(state, self, entry)

    def disband_priority(self, state: GameState, power: str) -> list[Unit]:
        return civil_disorder_order(state, power)


@cache  # one class per combination: a new class each call is slow and is only freed by gc
def compose(*layers: type, base: type[StandardRules] = StandardRules) -> type[StandardRules]:
    """One rule-set class from variant and option mixins, first named first in the MRO."""
    if not layers:
        return base
    bases = tuple(layers) + (() if any(issubclass(x, base) for x in layers) else (base,))
    name = "+".join(getattr(x, "name", x.__name__) for x in layers)
    # type() is typed as making a plain `type`; this one derives from base (a layer or base).
    return cast("type[StandardRules]", type(f"Rules[{name}]", bases, {}))
