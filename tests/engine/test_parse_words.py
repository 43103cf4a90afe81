"""No place name swallows the order word after it (issue 17).

Over every province code, name and alias of both built-in maps and every order word of
every phase kind: `UNIT PLACE WORD ...` (and the place as the other unit or the destination)
parses as that order. "RUH R" spells Ruhr and "POR TO" Porto, yet `A RUH R BEL` retreats
and `A POR TO LIS` moves: where the longest name does not make a valid order, the shorter
one that does is taken.

The checks are exhaustive, not sampled: each test walks all spellings and collects every
line that parsed wrong, so a failure lists them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from gmbot.engine import load_map, state_from_dict
from gmbot.engine.map import COAST, LAND
from gmbot.engine.order_words import (
    BUILD_WORDS,
    CONVOY_WORDS,
    DISBAND_WORDS,
    HOLD_WORDS,
    MOVE_WORDS,
    RETREAT_WORDS,
    SUPPORT_WORDS,
)
from gmbot.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    OrderError,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
)
from gmbot.engine.parse import OrderParser
from gmbot.engine.state import ADJUSTMENT, MOVEMENT, RETREAT, Unit
from gmbot.variants.arpiesse.orders import EXCHANGE_WORDS, Exchange, read_exchange
from gmbot.variants.cases import run_case
from gmbot.variants.warlock.balloon import AirOrder, parse_air, with_aloft

MAPS = ["standard", "iberia"]
P = "POWER"  # the parser does not look at the power


def spellings(map_name: str) -> Iterator[tuple[str, str]]:
    """(province code, one way to write it) for every code, name and alias of the map."""
    gmap = load_map(map_name)
    for code, prov in sorted(gmap.provinces.items()):
        for text in dict.fromkeys((code, prov.name, *prov.aliases)):
            yield code, text


def others(map_name: str) -> tuple[str, str]:
    """Two provinces to fill the rest of an order with."""
    return {"standard": ("BEL", "HOL"), "iberia": ("LIS", "SEV")}[map_name]


def misread(map_name: str, cases: Callable[[str, str, str, str], Iterator[tuple[str, Order]]],
            kind: str) -> list[str]:
    parser = OrderParser.for_map(load_map(map_name))
    x, y = others(map_name)
    wrong = []
    for code, text in spellings(map_name):
        for line, want in cases(code, text, x, y):
            try:
                got: object = parser.parse(line, P, kind)
            except OrderError as e:
                got = f"error: {e}"
            if got != want:
                wrong.append(f"{line!r}: {got} (wanted {want})")
    return wrong


# How a line may name the unit's type: (prefix written, type read).
UNITS = [("A ", "A"), ("F ", "F"), ("ARMY ", "A"), ("FLEET ", "F"), ("", None)]


def movement_cases(code: str, text: str, x: str, y: str) -> Iterator[tuple[str, Order]]:
    for u, ut in UNITS:
        for w in sorted(HOLD_WORDS):
            yield f"{u}{text} {w}", Hold(P, ut, code)
        for w in sorted(MOVE_WORDS):
            yield f"{u}{text} {w} {x}", Move(P, ut, code, x)
            yield f"{u}{x} {w} {text}", Move(P, ut, x, code)
            yield f"{u}{text} {w} {x} VIA CONVOY", Move(P, ut, code, x, True)
        for w in sorted(SUPPORT_WORDS):
            yield f"{u}{text} {w} A {x}", SupportHold(P, ut, code, "A", x)
            yield f"{u}{text} {w} A {x} - {y}", SupportMove(P, ut, code, "A", x, y)
            yield f"{u}{x} {w} A {text} H", SupportHold(P, ut, x, "A", code)
            yield f"{u}{x} {w} F {text} - {y}", SupportMove(P, ut, x, "F", code, y)
            yield f"{u}{x} {w} {text} - {y}", SupportMove(P, ut, x, None, code, y)
            yield f"{u}{x} {w} A {y} - {text}", SupportMove(P, ut, x, "A", y, code)
        for w in sorted(CONVOY_WORDS):
            yield f"{u}{text} {w} A {x} - {y}", Convoy(P, ut, code, x, y)
            yield f"{u}{x} {w} A {text} - {y}", Convoy(P, ut, x, code, y)
            yield f"{u}{x} {w} A {y} - {text}", Convoy(P, ut, x, y, code)


def retreat_cases(code: str, text: str, x: str, y: str) -> Iterator[tuple[str, Order]]:
    for u, ut in UNITS:
        for w in sorted(RETREAT_WORDS | MOVE_WORDS):
            yield f"{u}{text} {w} {x}", Retreat(P, ut, code, x)
            yield f"{u}{x} {w} {text}", Retreat(P, ut, x, code)
        for w in sorted(DISBAND_WORDS):
            yield f"{u}{text} {w}", Disband(P, ut, code)
            yield f"{w} {u}{text}", Disband(P, ut, code)


def adjustment_cases(code: str, text: str, x: str, y: str) -> Iterator[tuple[str, Order]]:
    for u, ut in UNITS:
        for w in sorted(BUILD_WORDS):
            yield f"{u}{text} {w}", Build(P, ut, code)
            yield f"{w} {u}{text}", Build(P, ut, code)
        for w in sorted(DISBAND_WORDS):
            yield f"{u}{text} {w}", Remove(P, ut, code)
            yield f"{w} {u}{text}", Remove(P, ut, code)


@pytest.mark.parametrize("map_name", MAPS)
@pytest.mark.parametrize(
    ("kind", "cases"),
    [(MOVEMENT, movement_cases), (RETREAT, retreat_cases), (ADJUSTMENT, adjustment_cases)],
    ids=["movement", "retreat", "adjustment"],
)
def test_no_name_swallows_an_order_word(map_name: str, kind: str, cases: Callable) -> None:
    wrong = misread(map_name, cases, kind)
    assert wrong == [], f"{len(wrong)} lines misread, e.g.:\n" + "\n".join(wrong[:40])


@pytest.mark.parametrize("map_name", MAPS)
def test_arpiesse_exchange_words(map_name: str) -> None:
    parser = OrderParser.for_map(load_map(map_name))
    x, _ = others(map_name)
    wrong = []
    for code, text in spellings(map_name):
        for w in sorted(EXCHANGE_WORDS):
            for line, want in (
                (f"A {text} {w} A {x}", Exchange(P, "A", code, "A", x)),
                (f"F {x} {w} {text}", Exchange(P, "F", x, None, code)),
            ):
                try:
                    got: object = read_exchange(parser, line, P)
                except OrderError as e:
                    got = f"error: {e}"
                if got != want:
                    wrong.append(f"{line!r}: {got} (wanted {want})")
    assert wrong == [], f"{len(wrong)} lines misread, e.g.:\n" + "\n".join(wrong[:40])


# -- the case of the issue, as a player meets it -------------------------------------------


@pytest.mark.parametrize("line", ["A RUH R BEL", "RUH R BEL", "a ruh r bel", "Ruhr R Bel",
                                  "army ruhr retreats to belgium", "A RUHR R BEL"])
def test_ruhr_retreats_to_belgium(line: str) -> None:
    parser = OrderParser.for_map(load_map("standard"))
    order = parser.parse(line, "GERMANY", RETREAT)
    assert (type(order), order.loc, getattr(order, "dest", None)) == (Retreat, "RUH", "BEL")


@pytest.mark.parametrize(("kind", "line", "reason"), [
    (RETREAT, "A RUH R XYZ", "unknown province 'XYZ'"),
    (MOVEMENT, "A RUH R BEL", "retreats and disbands are given in a retreat phase"),
])
def test_a_line_no_reading_accepts_gets_the_split_readings_reason(
        kind: str, line: str, reason: str) -> None:
    parser = OrderParser.for_map(load_map("standard"))
    with pytest.raises(OrderError, match=reason):
        parser.parse(line, "GERMANY", kind)


def _retreats(german: str) -> dict:
    """A German army dislodged in the Ruhr and a French one in Picardy, both able to
    retreat to Belgium."""
    return run_case({
        "phase": "F1901R",
        "units": {"FRANCE": ["A MUN", "A PAR"], "ENGLAND": ["A BUR"]},
        "dislodged": {"A RUH": {"power": "GERMANY", "attacker_from": "MUN"},
                      "A PIC": {"power": "FRANCE", "attacker_from": "BUR"}},
        "centers": {},
        "orders": {"GERMANY": [german], "FRANCE": ["A PIC R BEL"]},
    })


def test_a_ruhr_retreat_in_standard_notation_collides_with_a_rival_in_belgium() -> None:
    out = _retreats("A RUH R BEL")
    assert out["errors"] == []
    assert out["order_results"] == {"A RUH": "bounced", "A PIC": "bounced"}
    assert out["units_after"] == {"FRANCE": ["A MUN", "A PAR"], "ENGLAND": ["A BUR"]}


def test_a_ruhr_retreat_alone_reaches_belgium() -> None:
    out = run_case({
        "phase": "F1901R",
        "units": {"FRANCE": ["A MUN"]},
        "dislodged": {"A RUH": {"power": "GERMANY", "attacker_from": "MUN"}},
        "centers": {},
        "orders": {"GERMANY": ["A RUH R BEL"]},
    })
    assert out["errors"] == []
    assert out["units_after"]["GERMANY"] == ["A BEL"]


def test_warlock_balloon_landing_words() -> None:
    """`BALLOON A FIN LAND`: the landing word after a unit in the air, over every name of
    every province an army may land in (Warlock plays on the standard map)."""
    gmap = load_map("standard")
    parser = OrderParser.for_map(gmap)
    empty = state_from_dict({"phase": "S1901M", "units": {}, "centers": {}}, gmap)
    wrong = []
    for code, text in spellings("standard"):
        if gmap.provinces[code].type not in (LAND, COAST):
            continue
        state = with_aloft(empty, {code: Unit("GERMANY", "A", code)})
        for line in (f"BALLOON A {text} LAND", f"A {text} LANDS", f"AIR {text} DOWN"):
            want = AirOrder("GERMANY", None, "", unit=f"A {code}")
            try:
                got: object = parse_air(parser, line, "GERMANY", state)
            except OrderError as e:
                got = f"error: {e}"
            if got != want:
                wrong.append(f"{line!r}: {got} (wanted {want})")
    assert wrong == [], f"{len(wrong)} lines misread, e.g.:\n" + "\n".join(wrong[:40])
