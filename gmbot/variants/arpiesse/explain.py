"""The reasons a colour gave: facts (engine/report.py) for the battles that colour, not
strength, decided, in words for a player. A reason is printed beside the result only where
the strengths alone would have said otherwise."""

from __future__ import annotations

from typing import Protocol

from gmbot.engine.report import RULE, Fact
from gmbot.engine.resolve import Resolution
from gmbot.variants.arpiesse.colours import (
    EQUIVALENT,
    INFERIOR,
    SUPERIOR,
    beats,
    colour_of,
    sorted_colours,
)


class ColourRules(Protocol):
    """What the facts read of the Arpiesse rules (a protocol: the rules module imports
    this one)."""

    def defending_colours(self, res: Resolution, j: int) -> set[str]: ...

    def attack_relation(self, res: Resolution, i: int, j: int) -> str: ...


DECIDED = "colour decided"


def colour_facts(rules: ColourRules, res: Resolution) -> list[Fact]:
    facts: list[Fact] = []
    for i in range(res.n):
        if res.dest[i] is None:
            continue
        facts += _against_defender(rules, res, i)
        facts += _against_rivals(res, i)
    return facts


def _against_defender(rules: ColourRules, res: Resolution, i: int) -> list[Fact]:
    j = res.index.get(res.dest[i])
    if j is None or res.units[j].power == res.units[i].power:
        return []
    if res.head_to_head(i) is None and not (res.dest[j] is None or not res.move_ok(j)):
        return []  # the defender left
    mine = colour_of(res.units[i])
    theirs = rules.defending_colours(res, j)
    if theirs == {mine}:
        return []
    rel = rules.attack_relation(res, i, j)
    attack, hold = res.attack_strength(i), res.hold_strength(res.src[j])
    shown = " and ".join(sorted_colours(theirs))
    me, them = res.units[i].name, res.units[j].name
    if rel == SUPERIOR and res.move_ok(i):
        weaker = attack <= hold
        return [Fact(me, RULE, f"its {mine} is superior to {them}'s {shown}: it wins whatever "
                               "the strengths", DECIDED, weaker, names=(them,)),
                Fact(them, RULE, f"{me}'s {mine} is superior to its {shown}: colour, not "
                                 "strength, decided", DECIDED, weaker, names=(me,))]
    if rel == INFERIOR and not res.move_ok(i):
        stronger = attack > hold
        return [Fact(me, RULE, f"its {mine} is inferior to {them}'s {shown}: it fails whatever "
                               "the strengths", DECIDED, stronger, names=(them,)),
                Fact(them, RULE, f"{me}'s {mine} is inferior to its {shown}: colour, not "
                                 "strength, decided", DECIDED, stronger, names=(me,))]
    own = colour_of(res.units[j])
    if rel == EQUIVALENT and beats(mine, own) and not res.move_ok(i):
        # A colour that beats the defender's own was met by a supporter's: the player who
        # counted on colour reads why strength decided (issue 32, the fifth trial).
        added = theirs - {own}
        adders = [res.units[k].name for k in res.supports[j]
                  if colour_of(res.units[k]) in added]
        who = f"{' and '.join(adders)}'s support" if adders else "its supports"
        extra = " and ".join(sorted_colours(added))
        return [Fact(me, RULE, f"its {mine} beats {them}'s {own}, but {who} added {extra}: "
                               f"{them} defended as {shown}, so strength decided", DECIDED,
                     True, names=(them, *adders)),
                Fact(them, RULE, f"{me}'s {mine} beats its own {own}, but {who} added "
                                 f"{extra}: it defended as {shown}, so strength decided",
                     DECIDED, False, names=(me, *adders))]
    return []


def _against_rivals(res: Resolution, i: int) -> list[Fact]:
    """A move that won against a rival of an inferior colour, or lost to one of a superior
    colour, however the strengths stood."""
    mine, won = colour_of(res.units[i]), res.move_ok(i)
    facts = []
    for m in res.moves_into[res.dest[i] or ""]:
        theirs = colour_of(res.units[m])
        if m == i or res.prevent_strength(m) == 0:
            continue
        rival = res.units[m].name
        if won and beats(mine, theirs):
            weaker = res.attack_strength(i) <= res.prevent_strength(m)
            facts.append(Fact(res.units[i].name, RULE,
                              f"its {mine} is superior to the rival {rival}'s {theirs}: "
                              "between rivals, colour decides, not strength", DECIDED, weaker,
                              names=(rival,)))
        elif not won and beats(theirs, mine):
            stronger = res.attack_strength(i) > res.prevent_strength(m)
            facts.append(Fact(res.units[i].name, RULE,
                              f"the rival {rival}'s {theirs} is superior to its {mine}: "
                              "between rivals, colour decides, not strength", DECIDED,
                              stronger, names=(rival,)))
    return facts
