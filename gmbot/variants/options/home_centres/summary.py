"""What a player reads of his home centres in a winter: the centres, the limit, where he
may build, and what he may assimilate or abandon."""

from __future__ import annotations

from gmbot.engine.adjust import adjustment_counts
from gmbot.engine.rules import StandardRules
from gmbot.engine.state import ADJUSTMENT, GameState
from gmbot.variants.options.home_centres.records import counted_homes, initial_homes, owned
from gmbot.variants.options.home_centres.settlement import choices


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
