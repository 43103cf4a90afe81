"""What the resolver weighed for each unit's order, as facts in a player's words
(engine/report.py): the strengths that met, the supports counted and cut, the convoy's
route. Read after the decisions are made; a unit nobody fought over gets none."""

from __future__ import annotations

from gmbot.engine.orders import Convoy, SupportHold, SupportMove
from gmbot.engine.report import CONVOY, CUT, STRENGTH, SUPPORT, Fact
from gmbot.engine.resolve import Resolution


def movement_facts(res: Resolution) -> list[Fact]:
    facts: list[Fact] = []
    for i in range(res.n):
        if res.dest[i] is not None:
            facts += _move(res, i)
        elif isinstance(res.orders[i], (SupportHold, SupportMove)):
            facts += _support(res, i)
        elif isinstance(res.orders[i], Convoy) and res.dislodged(i):
            facts.append(Fact(_name(res, i), CONVOY, "dislodged: it convoyed nothing",
                              names=_by(res, i)))
        if res.src[i] in res.moves_into and (res.dest[i] is None or not res.move_ok(i)):
            facts += _held(res, i)
        elif res.supports[i] and _stays(res, i):
            facts += _supports(res, i, _name(res, i))  # supported in place, unattacked
    return facts


def _name(res: Resolution, i: int) -> str:
    return res.units[i].name


def _by(res: Resolution, i: int) -> tuple[str, ...]:
    """The unit that dislodged unit `i`, if any, as a fact's names."""
    a = res.attacker_of(i) if res.dislodged(i) else None
    return () if a is None else (_name(res, a),)


def _n(value: float) -> str:
    return f"{value:g}"


def _supports(res: Resolution, i: int, name: str) -> list[Fact]:
    if not res.supports[i]:
        return []
    given = [_name(res, s) for s in res.supports[i] if res.support_given(s)]
    lost = [s for s in res.supports[i] if not res.support_given(s)]
    words, names = [], [*given]
    if given:
        words.append("supported by " + ", ".join(given))
    for s in lost:
        # Why it was cut, as the supporting unit's own row says: the supported unit's owner
        # reads what his hold or attack lacked and who took it away.
        why, by = _cut_by(res, s)
        words.append(f"{_name(res, s)}'s support was {why}")
        names += [_name(res, s), *by]
    return [Fact(name, SUPPORT, "; ".join(words), names=tuple(names))]


def _cut_by(res: Resolution, i: int) -> tuple[str, tuple[str, ...]]:
    """How supporting unit `i`'s support was cut, and the units those words name."""
    if res.dislodged(i):
        return "cut: the supporting unit was dislodged", _by(res, i)
    cutters = tuple(_name(res, m) for m in res.moves_into.get(res.src[i], ())
                    if res.rules.cuts_support(res, m, i))
    return "cut by the attack of " + (", ".join(cutters) or "another unit"), cutters


def _move(res: Resolution, i: int) -> list[Fact]:
    name = _name(res, i)
    facts = _supports(res, i, name)
    if res.convoyed[i]:
        carriers = tuple(_name(res, f) for f in res.convoyers[i])
        fleets = ", ".join(carriers) or "no fleet"
        route = "the route held" if res.path(i) else "no route: the army did not move"
        facts.append(Fact(name, CONVOY, f"convoyed by {fleets}: {route}", names=carriers))
    against, met = [], []
    j = res.index.get(res.dest[i])
    if j is not None and (res.dest[j] is None or not res.move_ok(j)
                          or res.head_to_head(i) is not None):
        met.append(_name(res, j))
        if res.head_to_head(i) is not None:
            against.append(f"defend strength {_n(res.defend_strength(j))} of "
                           f"{_name(res, j)}, moving the other way")
        else:
            against.append(f"hold strength {_n(res.hold_strength(res.src[j]))} of "
                           f"{_name(res, j)}")
    for m in res.moves_into[res.dest[i] or ""]:
        if m != i:
            met.append(_name(res, m))
            # "prevent strength" is the rule text's word, which a player never read
            # (issue 32, the fifth trial): the rival's strength, and that it moved there.
            against.append(f"strength {_n(res.prevent_strength(m))} of {_name(res, m)}, "
                           f"also moving to {res.dest[i]}")
    if against:
        facts.append(Fact(name, STRENGTH, f"attack strength {_n(res.attack_strength(i))} "
                                          "against " + ", ".join(against), names=tuple(met)))
    return facts


def _void(res: Resolution, i: int, name: str) -> Fact:
    """Why a support counted for nothing, beside it in the results ("void" alone is a word
    a newcomer does not know): the supported unit did not do what it was supported in."""
    order = res.orders[i]
    assert isinstance(order, (SupportHold, SupportMove))
    j = res.index.get(order.target)
    if j is None:
        return Fact(name, CUT, "void: the supported unit did not order that", surprise=True)
    them = _name(res, j)
    if isinstance(order, SupportMove):
        words = f"void: {them} was not ordered to {order.dest}"
    else:
        words = f"void: {them} was ordered to move; a support to hold helps only a unit that stays"
    return Fact(name, CUT, words, surprise=True, names=(them,))


def _support(res: Resolution, i: int) -> list[Fact]:
    name = _name(res, i)
    if not res.valid_support[i]:
        return [_void(res, i, name)]
    if res.support_given(i):
        return []
    words, by = _cut_by(res, i)
    return [Fact(name, CUT, words, names=by)]


def _stays(res: Resolution, i: int) -> bool:
    """A unit whose supports count for its hold: one that does not move nor support."""
    return res.dest[i] is None and not isinstance(res.orders[i], (SupportHold, SupportMove))


def _held(res: Resolution, i: int) -> list[Fact]:
    """A unit that stayed where others moved against it."""
    name = _name(res, i)
    facts = _supports(res, i, name) if _stays(res, i) else []
    attackers = tuple(_name(res, m) for m in res.moves_into[res.src[i]])
    attacks = [f"attack strength {_n(res.attack_strength(m))} of {_name(res, m)}"
               for m in res.moves_into[res.src[i]]]
    words = (f"hold strength {_n(res.hold_strength(res.src[i]))} against "
             + ", ".join(attacks))
    attacker = res.attacker_of(i) if res.dislodged(i) else None
    if attacker is not None:
        words += f": dislodged by {_name(res, attacker)}"
    facts.append(Fact(name, STRENGTH, words, names=attackers))
    return facts
