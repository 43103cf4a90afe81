"""Warlock spells: the table of the 19 uses, the `CAST` order and its grammar.

A cast is an order without a unit location (`loc == ""`), so several casts ride in one
orders mail beside the unit orders. Its text (`str(cast)`) is canonical and parses back
to the same cast: the service stores accepted orders as text.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gmbot.engine.cursor import Cursor
from gmbot.engine.orders import Hold, Move, Order, OrderError
from gmbot.engine.parse import OrderParser
from gmbot.engine.state import MOVEMENT


@dataclass(frozen=True)
class Spell:
    key: str
    word: str  # how a canonical CAST line names it
    count: int  # uses each warlock starts with
    synonyms: tuple[str, ...]
    args: str  # the argument grammar, see `_ARGS`
    usage: str


SPELLS: dict[str, Spell] = {s.key: s for s in (
    Spell("vaporize", "VAPORIZE", 1, ("VAPORISE", "VAPOURIZE", "VAPOURISE"), "unit",
          "CAST VAPORIZE A BUD"),
    Spell("move_home", "MOVE HOME SC", 1, ("MOVE HOME", "MOVE HOME CENTRE", "MOVE HOME CENTER",
          "MOVE HOME SUPPLY CENTRE", "MOVE HOME SUPPLY CENTER", "HOME SC"), "two",
          "CAST MOVE HOME SC PAR - BUR"),
    Spell("double", "DOUBLE ORDERS", 2, ("DOUBLE ORDER", "DOUBLE", "X2", "DOUBLE ORDERS X2"),
          "double", "CAST DOUBLE ORDERS A EDI - NWY - SWE"),
    Spell("support1", "ADD 1 SUPPORT", 1, ("ADD ONE SUPPORT", "ADD SUPPORT", "ADD 1 SUPPORTS"),
          "support", "CAST ADD 1 SUPPORT A PAR - BUR"),
    Spell("support2", "ADD 2 SUPPORTS", 1, ("ADD TWO SUPPORTS", "ADD 2 SUPPORT"), "support",
          "CAST ADD 2 SUPPORTS A PAR - BUR"),
    Spell("extra_build", "EXTRA BUILD", 1, (), "none", "CAST EXTRA BUILD"),
    Spell("cut1", "CUT SUPPORT", 1, ("CUT 1 SUPPORT", "CUT ONE SUPPORT"), "cut",
          "CAST CUT SUPPORT ATTACK TRI"),
    Spell("cut2", "CUT 2 SUPPORTS", 1, ("CUT TWO SUPPORTS", "CUT 2 SUPPORT"), "cut",
          "CAST CUT 2 SUPPORTS ATTACK TRI AND DEFENCE SER"),
    Spell("impervious", "POWER IMPERVIOUS", 1, ("IMPERVIOUS", "SUPER HOLD"), "unit",
          "CAST POWER IMPERVIOUS A VIE"),
    Spell("invisible", "MAKE INVISIBLE", 1, ("INVISIBLE", "MAKE UNIT INVISIBLE",
          "INVISIBILITY"), "unit_order", "CAST MAKE INVISIBLE F SMY - AEG"),
    Spell("bottle", "SPIN THE BOTTLE", 1, ("SPIN BOTTLE", "BOTTLE", "SPIN"), "none",
          "CAST SPIN THE BOTTLE"),
    Spell("catastrophe", "CATASTROPHE", 1, ("CATASTROPHY",), "place", "CAST CATASTROPHE BUR"),
    Spell("walk_water", "WALK ON WATER", 1, ("WALK WATER",), "unit_order",
          "CAST WALK ON WATER A LON - NTH"),
    Spell("swim_land", "SWIM IN LAND", 1, ("SWIM LAND", "SWIM ON LAND"), "unit_order",
          "CAST SWIM IN LAND F SEV - MOS"),
    Spell("illusion", "ILLUSION", 1, ("ILLUSIONIST",), "two", "CAST ILLUSION PAR - MOS"),
    Spell("undead", "UNDEAD", 1, (), "utype", "CAST UNDEAD ARMY"),
    Spell("balloon", "BALLOON", 1, ("BALLOON SPELL",), "unit", "CAST BALLOON A BUR"),
    Spell("ghost", "GHOST", 1, ("GHOST SPELL",), "move", "CAST GHOST F EDI - NWG"),
)}
TOTAL_USES = sum(s.count for s in SPELLS.values())  # 19


def _norm(words: str) -> str:
    return re.sub(r"[^A-Z0-9]", "", words.upper())


_SYNONYMS: dict[str, str] = {}
for _s in SPELLS.values():
    for _name in (_s.word, *_s.synonyms, _s.key.replace("_", " ")):
        _SYNONYMS[_norm(_name)] = _s.key
_SYNONYMS.update({_norm("ONE SUPPORT"): "support1", _norm("TWO SUPPORTS"): "support2"})

ATTACK, DEFENCE = "ATTACK", "DEFENCE"
_SIDE_WORDS = {
    "ATTACK": ATTACK, "ATTACKS": ATTACK, "ATTACKING": ATTACK, "INTO": ATTACK,
    "AGAINST": ATTACK, "ON": ATTACK, "DEFENCE": DEFENCE, "DEFENSE": DEFENCE,
    "DEFENDING": DEFENCE, "DEFEND": DEFENCE, "HOLD": DEFENCE, "SUPPORTING": DEFENCE,
    "OF": DEFENCE, "FOR": DEFENCE,
}  # fmt: skip
_SEPARATORS = {"-", "AND", ",", "WITH", "TO", "&", "/"}


@dataclass(frozen=True, slots=True)
class Cast(Order):
    """`CAST <spell> <arguments>`. `target` is the unit's location for spells on a unit;
    `order` a unit order carried by the spell (a double order's first leg, a ghost's move,
    the move of a unit walking on water, the supported move); `then` a double order's
    second leg; `places` provinces (with `sides` for cut support)."""

    spell: str = ""
    target: str = ""
    order: Order | None = None
    then: Order | None = None
    places: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    utype_wanted: str = ""

    @property
    def spec(self) -> Spell:
        return SPELLS[self.spell]

    def argument(self) -> str:
        kind = self.spec.args
        if kind in ("double", "move", "support", "unit_order"):
            if self.order is None:
                return self.target
            return legs_text(self.order, self.then)
        if kind == "unit":
            return self.target
        if kind == "cut":
            return " AND ".join(f"{s} {p}" for s, p in zip(self.sides, self.places, strict=True))
        if kind in ("place", "two"):
            return " - ".join(self.places)
        if kind == "utype":
            return {"A": "ARMY", "F": "FLEET"}.get(self.utype_wanted, "")
        return ""

    def __str__(self) -> str:
        return " ".join(x for x in ("CAST", self.spec.word, self.argument()) if x)


def legs_text(first: Order, then: Order | None) -> str:
    """A unit's order, or a double order's two legs: `A EDI - NWY - SWE` for a move on
    from where the first leg went, else `<first> THEN <second>`; parsed back by
    `parse_legs`."""
    if then is None:
        return str(first)
    if isinstance(first, Move) and isinstance(then, Move) and then.loc == first.dest:
        return f"{first} - {then.dest}"
    return f"{first} THEN {then}"


def is_cast(line: str) -> bool:
    words = line.split(None, 1)
    return bool(words) and words[0].upper().rstrip(":") in ("CAST", "SPELL")


def _near_spell(words: list[str]) -> str | None:
    """The spell a misspelt name most likely means ("VAPORIZ", "MAKE INVISBLE"), tried
    on the first one to three words."""
    for n in (1, 2, 3):
        if len(words) >= n:
            hits = difflib.get_close_matches(_norm(" ".join(words[:n])), _SYNONYMS, 1, 0.8)
            if hits:
                return SPELLS[_SYNONYMS[hits[0]]].word
    return None


def parse_cast(parser: OrderParser, line: str, power: str) -> Cast:
    """A CAST line to a Cast, checked for its shape only (the board is checked later)."""
    words = line.split()[1:]
    key, rest = None, ""
    for n in range(min(len(words), 6), 0, -1):
        hit = _SYNONYMS.get(_norm(" ".join(words[:n])))
        if hit:
            key, rest = hit, " ".join(words[n:])
            break
    if key is None:
        what = words[0] if words else "nothing"
        guess = _near_spell(words)
        hint = f" (did you mean {guess}?)" if guess else ""
        # Not the list itself: the 18 names are longer than a reply's reason may be, and
        # came cut short ("SPIN THE BO…", the trial of 3 December 2026).
        raise OrderError(f"unknown spell {what!r}{hint}; HELP lists the {len(SPELLS)} "
                         "spells, each with an example")
    spell = SPELLS[key]
    if rest.split()[:1] and rest.split()[0].upper() in ("BALLOON", "AIR"):
        # A name in a cast is the unit on the board: the text's spells reach those.
        raise OrderError("spells reach only units on the board, not a unit in the air "
                         f"(write it like: {spell.usage})")
    try:
        return _ARGS[spell.args](parser, rest.strip(), power, key)
    except OrderError as e:
        raise OrderError(f"{e} (write it like: {spell.usage})") from None


def _unit(parser: OrderParser, text: str) -> tuple[str | None, str, Cursor]:
    cur = Cursor(parser.tokens(text))
    if cur.done():
        raise OrderError("name the unit")
    utype, loc = parser.read_unit(cur)
    return utype, loc, cur


def _unit_text(utype: str | None, loc: str) -> str:
    return f"{utype} {loc}" if utype else loc


def _arg_unit(parser: OrderParser, text: str, power: str, key: str) -> Cast:
    utype, loc, cur = _unit(parser, text)
    if not cur.done():
        raise OrderError(f"did not understand {' '.join(cur.toks[cur.i:])!r}")
    return Cast(power, None, "", key, target=_unit_text(utype, loc))


def _arg_unit_order(parser: OrderParser, text: str, power: str, key: str) -> Cast:
    """A unit, optionally with its order for this turn (`A LON - NTH`)."""
    utype, loc, cur = _unit(parser, text)
    if cur.done():
        return Cast(power, None, "", key, target=_unit_text(utype, loc))
    order = parser.parse(text, power, MOVEMENT)
    return Cast(power, None, "", key, target=_unit_text(utype, loc), order=order)


def _arg_move(parser: OrderParser, text: str, power: str, key: str) -> Cast:
    order = parser.parse(text, power, MOVEMENT)
    if not isinstance(order, Move):
        raise OrderError("a ghost is made by a move")
    return Cast(power, None, "", key, target=order.unit_text, order=order)


def _arg_support(parser: OrderParser, text: str, power: str, key: str) -> Cast:
    order = parser.parse(text, power, MOVEMENT)
    if not isinstance(order, (Hold, Move)):
        raise OrderError("name a unit holding (A PAR) or moving (A PAR - BUR)")
    return Cast(power, None, "", key, target=order.unit_text, order=order)


def _arg_double(parser: OrderParser, text: str, power: str, key: str) -> Cast:
    utype, loc, cur = _unit(parser, text)
    if cur.done():  # the unit alone: its owner writes the legs as its order line
        return Cast(power, None, "", key, target=_unit_text(utype, loc))
    first, then = parse_legs(parser, text, power)
    return Cast(power, None, "", key, target=first.unit_text, order=first, then=then)


def parse_legs(parser: OrderParser, text: str, power: str) -> tuple[Order, Order | None]:
    """A double order's legs: `A EDI - NWY - SWE` (one unit moving twice), or
    `<first order> THEN <second order>`; a single order has no second leg."""
    parts = re.split(r"\s+THEN\s+", text, flags=re.IGNORECASE)
    if len(parts) > 2:
        raise OrderError("a double order has two legs")
    first_text = parts[0]
    then: Order | None = None
    toks = parser.tokens(first_text)
    arrows = [i for i, t in enumerate(toks) if t == "-"]
    if len(parts) == 1 and len(arrows) == 2:
        # A EDI - NWY - SWE: one unit moving twice.
        first = parser.parse(" ".join(toks[: arrows[1]]), power, MOVEMENT)
        assert isinstance(first, Move)
        dest2 = " ".join(toks[arrows[1] + 1:])
        then = parser.parse(f"{first.utype or ''} {first.dest} - {dest2}", power, MOVEMENT)
    else:
        first = parser.parse(first_text, power, MOVEMENT)
        if len(parts) == 2:
            then = parser.parse(parts[1], power, MOVEMENT)
    return first, then


def _arg_cut(parser: OrderParser, text: str, power: str, key: str) -> Cast:
    cur = Cursor(parser.tokens(text))
    sides: list[str] = []
    places: list[str] = []
    while not cur.done():
        tok = cur.peek() or ""
        if tok in _SEPARATORS:
            cur.take()
            continue
        side = _SIDE_WORDS.get(tok)
        if side is None:
            raise OrderError("say ATTACK (the supports of moves into a province) or "
                             "DEFENCE (the supports of the unit in it) before each province")
        cur.take()
        sides.append(side)
        places.append(parser.read_place(cur).split("/")[0])
    want = 2 if key == "cut2" else 1
    if len(places) != want:
        raise OrderError(f"{SPELLS[key].word} names {want} target{'s' if want > 1 else ''}")
    return Cast(power, None, "", key, places=tuple(places), sides=tuple(sides))


def _places(parser: OrderParser, text: str, n: int) -> tuple[str, ...]:
    cur = Cursor(parser.tokens(text))
    places: list[str] = []
    while not cur.done():
        if cur.peek() in _SEPARATORS:
            cur.take()
            continue
        places.append(parser.read_place(cur).split("/")[0])
    if len(places) != n:
        raise OrderError(f"name {'one province' if n == 1 else 'two provinces'}")
    return tuple(places)


def _arg_place(parser: OrderParser, text: str, power: str, key: str) -> Cast:
    return Cast(power, None, "", key, places=_places(parser, text, 1))


def _arg_two(parser: OrderParser, text: str, power: str, key: str) -> Cast:
    return Cast(power, None, "", key, places=_places(parser, text, 2))


def _arg_none(parser: OrderParser, text: str, power: str, key: str) -> Cast:
    if text:
        raise OrderError(f"{SPELLS[key].word} takes no arguments")
    return Cast(power, None, "", key)


def _arg_utype(parser: OrderParser, text: str, power: str, key: str) -> Cast:
    word = text.upper().strip()
    utype = {"": "A", "A": "A", "ARMY": "A", "F": "F", "FLEET": "F"}.get(word)
    if utype is None:
        raise OrderError("say ARMY or FLEET")
    return Cast(power, None, "", key, utype_wanted=utype)


_ARGS: dict[str, Callable[[OrderParser, str, str, str], Cast]] = {
    "unit": _arg_unit, "unit_order": _arg_unit_order, "move": _arg_move,
    "support": _arg_support, "double": _arg_double, "cut": _arg_cut, "place": _arg_place,
    "two": _arg_two, "none": _arg_none, "utype": _arg_utype,
}


def spells_left(power_attrs: dict[str, Any]) -> dict[str, int]:
    """The power's remaining uses per spell; a spell not recorded has all its uses."""
    left = power_attrs.get("spells") or {}
    return {k: int(left.get(k, s.count)) for k, s in SPELLS.items()}


def describe_left(left: dict[str, int]) -> str:
    parts = [
        SPELLS[k].word + (f" x{n}" if n > 1 else "") for k, n in left.items() if n > 0
    ]
    return ", ".join(parts) if parts else "none"
