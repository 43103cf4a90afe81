"""What HELP shows a reader of one game besides the command table: the variant's and each
option's order forms (their help.txt.j2), with examples from the game's own map and the
reader's own units (examples.py) and the variant's own data for him (the rules'
`help_data`: Warlock's spells and his uses left)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from gmbot.engine.rules import StandardRules
from gmbot.engine.state import RETREAT, GameState, Phase, Unit
from gmbot.service.views.examples import examples
from gmbot.service.views.phase_now import phase_now
from gmbot.variants import DECLARED_OPTIONS, declaration


def help_context(variant: str, chosen: Mapping[str, Any] | None, state: GameState,
                 rules: StandardRules, viewer: str | None,
                 role: str | None) -> dict[str, Any]:
    """The template context of help.txt.j2's variant part for `viewer` (a power or role
    key; None: the GM), whose role (a Wazir's "wazir") is `role`, in a game of `variant`
    with the options `chosen` (name -> value)."""
    found = declaration(variant)
    options = [name for name, on in (chosen or {}).items()
               if on is True and name in DECLARED_OPTIONS]
    # The units the reader orders, as the rules have it (a Wazir orders his Prince's units,
    # a Wazir-General his own unit only), named as his mails name them (their colours).
    ordered = _ordered(state, rules, viewer)
    # A reader who orders nothing this phase (a Wazir in the winter) takes his examples
    # from the units he orders in a movement, not from another power's.
    shown = ordered or _ordered(replace(state, phase=Phase(state.phase.year, 0, MOVE)),
                                rules, viewer)
    ex = examples(state, viewer, shown)
    retreats = _retreats(state, rules, viewer)
    if retreats:
        # In a retreat the reader orders only his dislodged units: the example is one of
        # them and a place it may go (the trial found "A SPA R GAS" for a dislodged A BUR).
        unit, where = retreats[0]
        ex = replace(ex, retreat=f"{unit} R {where[0]}" if where else f"{unit} D",
                     disband=f"{unit} D")
    return {
        "units": [rules.unit_label(u) for u in ordered],
        "retreats": [(rules.unit_label(u), where, f"{u} R {where[0]}" if where else "",
                      f"{u} D") for u, where in retreats],
        "own_units": all(u.power == viewer for u in ordered),
        "title": found.title if found else variant,
        "options": options,
        "option_values": dict(chosen or {}),  # every option as the game file set it
        "option_titles": [DECLARED_OPTIONS[name].title for name in options],
        "ex": ex,
        "data": rules.help_data(state, viewer),
        "now": phase_now(state, rules, viewer, ordered, bool(retreats)),
        "viewer": viewer,
        "role": role,
    }


MOVE = 0  # Phase's kind_index of a movement


def _retreats(state: GameState, rules: StandardRules,
              viewer: str | None) -> list[tuple[Unit, list[str]]]:
    """In a retreat phase, the reader's dislodged units, each with where it may go."""
    if viewer is None or state.phase.kind != RETREAT:
        return []
    return [(d.unit, rules.retreat_choices(state, d))
            for _, d in sorted(state.dislodged.items())
            if rules.may_order(state, viewer, d.unit)]


def _ordered(state: GameState, rules: StandardRules, viewer: str | None) -> list[Unit]:
    return sorted((u for u in state.units.values()
                   if viewer is not None and rules.may_order(state, viewer, u)), key=str)
