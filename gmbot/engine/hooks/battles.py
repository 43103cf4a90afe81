"""The battle hooks, called by the resolver with its live decisions: a unit's strength,
whether a move overcomes its defender or a rival, and whether a move cuts a support."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from gmbot.engine.state import Unit

if TYPE_CHECKING:
    from gmbot.engine.resolve import Resolution


class BattleHooks:
    """How battles are decided (standard: one plus supports, the higher strength wins)."""

    def strength(self, res: Resolution, kind: str, unit: Unit, supports: int) -> float:
        """A unit's attack, hold, defend or prevent strength (`kind`, one of the
        resolver's ATTACK, HOLD, DEFEND, PREVENT) given its counted supports. Standard:
        1 + supports for every kind; the resolver adds them up itself, without a call,
        for a rule set that keeps this hook."""
        return 1 + supports

    def beats_defender(self, res: Resolution, i: int) -> bool:
        """Whether move `i` overcomes what stands in its destination."""
        opp = res.head_to_head(i)
        if opp is not None:
            return res.attack_strength(i) > res.defend_strength(opp)
        # Asked of moves only: their dest is set.
        return res.attack_strength(i) > res.hold_strength(cast(str, res.dest[i]))

    def beats_rival(self, res: Resolution, i: int, j: int) -> bool:
        """Whether move `i` overcomes move `j` into the same province."""
        return res.attack_strength(i) > res.prevent_strength(j)

    def cuts_support(self, res: Resolution, mover: int, supporter: int) -> bool:
        """Whether move `mover` into the supporter's province cuts its support."""
        if res.units[mover].power == res.units[supporter].power:
            return False
        if res.support_dest[supporter] == res.src[mover]:
            return False  # support against the attacker's own province is not cut by it
        return not res.convoyed[mover] or res.path(mover)
