"""The variant hook points: the interface every rule set implements, with the standard
default of each hook. It imports no algorithm, so the algorithms that the standard rule
set wires in (pending, retreat, adjust) can take a `Rules` without an import circle.
`gmbot.engine.rules.StandardRules` is the default rule set (the type the rest of gmbot
takes); variants and options are small mixin classes overriding some hooks and calling
`super()` for the rest, composed into one rule set per game by `gmbot.engine.rules.compose`.
The resolver and the phase code call only these hooks for anything a variant might change;
they know no variant.

`Rules` is its hook groups put together, one module each:
  grammar        parse_extra, check_set, legal_extra, legal_figure, bot_lines,
                 order_key, order_words
  who_orders     may_order, reconcile, missing_orders, optional_orders, without_orders,
                 ack_lines, role_key, seat_roles, help_data
  board          army_adjacent, fleet_targets, neighbours, can_convoy, convoy_adjacent,
                 build_sites, built_unit, retreat_choices, adjustment_offset,
                 disband_priority, fixed_homes, position_problems
  battles        strength, beats_defender, beats_rival, cuts_support
  phase_effects  before_movement, after_movement, after_retreats, before_adjustments,
                 adjustment_orders, after_adjustments, rng
  sequence       next_phase, captures_centres, winter_choices, solo_threshold, winner,
                 draw_lines, draw_powers, first_claim, voters
  reporting      unit_note, unit_label, redact, private_lines, master_lines, shown_to,
                 shows_homes, homes_shown, result_code, phase_notes (fills
                 PhaseResult.notes), other_owners, board_marks, off_board, fact_key,
                 unit_words, unit_word, units_made, ended_in (EXPLAIN),
                 open_seat_words (an opened seat's notice),
                 build_tally_words (a winter's builds not made),
                 disorder_removals (its removals)

A phase's variant report travels in `PhaseResult.notes`: "public" (lines for everyone),
"private" (viewer -> lines only that viewer sees), "random" (what a seeded draw gave,
for the audit log) and "hidden" (what `redact` needs to keep from other viewers).
`gmbot.engine.record.report_of` puts them in the phase's record (engine/report.py),
stored as it is; the results mail shows them.
In a movement phase, lines a variant puts in `Resolution.notes` (from the battle hooks or
`after_movement`) are added to the phase's notes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gmbot.engine.hooks.battles import BattleHooks
from gmbot.engine.hooks.board import BoardHooks
from gmbot.engine.hooks.grammar import GrammarHooks
from gmbot.engine.hooks.phase_effects import PhaseEffectHooks
from gmbot.engine.hooks.reporting import ReportingHooks
from gmbot.engine.hooks.sequence import SequenceHooks
from gmbot.engine.hooks.who_orders import WhoOrdersHooks


class Rules(GrammarHooks, WhoOrdersHooks, BoardHooks, BattleHooks, PhaseEffectHooks,
            ReportingHooks, SequenceHooks):
    """Every hook with its standard default, save those whose default is an algorithm of
    its own (`StandardRules` wires those in). Options arrive as a dict."""

    # The hooks a rule set keeps as defined here, by name; worked out for each class as it
    # is made. Code run once per order line or unit reads it to do a kept hook's standard
    # work inline rather than call it (`"army_adjacent" in rules.keeps`).
    keeps: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.keeps = frozenset(
            name for group in Rules.__mro__[1:] for name, hook in vars(group).items()
            if not name.startswith("_") and callable(hook) and getattr(cls, name) is hook
        )

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.options = dict(options or {})
