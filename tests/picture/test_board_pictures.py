"""What a map picture shows, checked at the points where it must show it: each supply
centre in its owner's colour, each unit's marker where the position puts it, in its
power's colour, and the variants' marks (Arpiesse colours, Capitalist capitals,
Al-Andalus Wazir-Generals, home centres)."""

from __future__ import annotations

from typing import Any

import pytest

from gmbot.engine.map import load_map
from gmbot.engine.position import state_from_dict
from gmbot.engine.record import report_of
from gmbot.picture.data import map_picture
from gmbot.picture.scene import scene_of
from gmbot.service.views.pictures import position_picture, position_view, results_picture
from gmbot.service.views.results import results_view
from gmbot.variants import make_rules
from gmbot.variants.cases import case_outcome
from tests.picture.mapkit import colours, decode, nearest, neutral, unit_pixel

SPRING = {
    "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
    "GERMANY": ["A MUN - BUR", "F KIE - DEN", "A BER - KIE"],
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    "RUSSIA": ["F STP/SC - BOT", "A WAR - GAL", "A MOS - UKR", "F SEV - BLA"],
    "TURKEY": ["F ANK - BLA", "A CON - BUL", "A SMY - CON"],
    "ITALY": ["A VEN - TYR", "F NAP - ION", "A ROM - VEN"],
    "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"],
}


def centre_owners(img: Any, map_name: str) -> dict[str, str]:
    pic = map_picture(map_name)
    return {c: nearest(img.getpixel(xy), neutral(map_name)) for c, xy in pic.centres.items()}


@pytest.mark.parametrize("variant", ["standard", "al-andalus"])
def test_the_start_shows_every_home_centre_in_its_owners_colour(variant: str) -> None:
    rules = make_rules(variant)
    state = state_from_dict({}, load_map(rules.map_name))
    img = decode(position_picture(state, rules, None))
    owners = centre_owners(img, rules.map_name)
    for centre, shown in owners.items():
        assert shown == state.centers.get(centre, "white"), centre
    for unit in state.units.values():
        assert nearest(unit_pixel(img, rules.map_name, unit.loc),
                       neutral(rules.map_name)) == unit.power, str(unit)


def spring_picture(viewer: str | None = None) -> tuple[Any, Any]:
    rules, outcome = case_outcome({"variant": "standard", "phase": "S1901M",
                                   "orders": SPRING})
    view = results_view(rules, outcome.before, outcome.after, report_of(outcome), viewer)
    return outcome.after, decode(results_picture(rules, view))


def test_after_a_spring_units_stand_where_the_position_says() -> None:
    after, img = spring_picture("FRANCE")
    # Where the moves and bounces left them: Paris, supported, beat Munich to Burgundy.
    where = {str(u): u.power for u in after.units.values()}
    assert where["A BUR"] == "FRANCE"
    assert {"A MUN", "F MAO", "F NTH", "A TYR", "F BOT"} <= set(where)
    for unit in after.units.values():
        assert nearest(unit_pixel(img, "standard", unit.loc), colours("standard")) == unit.power
    # A province nobody entered shows no marker.
    x, y = map_picture("standard").unit_point("SIL")
    assert nearest(img.getpixel((x - 6, y)), neutral("standard")) == "land"


def test_the_picture_is_small() -> None:
    rules, outcome = case_outcome({"variant": "standard", "phase": "S1901M",
                                   "orders": SPRING})
    view = results_view(rules, outcome.before, outcome.after, report_of(outcome), None)
    assert len(results_picture(rules, view)) < 300_000


def test_orders_become_strokes_with_their_results() -> None:
    rules, outcome = case_outcome({"variant": "standard", "phase": "S1901M",
                                   "orders": SPRING})
    view = results_view(rules, outcome.before, outcome.after, report_of(outcome), None)
    strokes = {(s.kind, s.src, s.dst, s.via): s.ok
               for s in scene_of(view.public, []).strokes}
    assert strokes[("move", "PAR", "BUR", None)] is True
    assert strokes[("move", "MUN", "BUR", None)] is False  # bounced
    assert strokes[("move", "BRE", "MAO", None)] is True
    assert strokes[("support", "MAR", "BUR", "PAR")] is True
    assert strokes[("move", "STP/SC", "BOT", None)] is True


def test_arpiesse_units_are_ringed_with_their_colour() -> None:
    rules = make_rules("arpiesse")
    state = state_from_dict({"phase": "S1901M", "units": {
        "FRANCE": [{"unit": "A PAR", "colour": "red"}, {"unit": "F BRE", "colour": "silver"}],
    }, "centers": {"FRANCE": ["PAR", "BRE"]}}, load_map("standard"))
    scene = scene_of(position_view(state, rules, None).public, [])
    assert {(p.loc, p.note) for p in scene.pieces} == {("PAR", "red"), ("BRE", "silver")}
    img = decode(position_picture(state, rules, None))
    x, y = map_picture("standard").unit_point("PAR")
    assert img.getpixel((x - 10, y)) == (255, 0, 0)  # the ring outside the marker


def test_capitalist_capitals_are_marked() -> None:
    rules = make_rules("capitalist")
    state = state_from_dict({"phase": "S1898M", "powers": {
        "FRANCE": {"capital": "PAR", "balance": 0}}}, load_map(rules.map_name))
    view = position_view(state, rules, None)
    assert scene_of(view.public, []).marks == {"PAR": ["capital"]}
    img = decode(position_picture(state, rules, None))
    x, y = map_picture("standard").centres["PAR"]
    assert nearest(img.getpixel((x, y - 11)), colours("standard")) == "FRANCE"  # the star


def test_home_centres_are_ringed_in_their_powers_colour() -> None:
    rules = make_rules("standard", {"changing_home_centres": True})
    state = state_from_dict({"phase": "F1902M", "homes": {"FRANCE": ["PAR", "MAR", "SPA"]},
                             "centers": {"FRANCE": ["PAR", "MAR", "SPA"]},
                             "units": {"FRANCE": ["A PAR"]}}, load_map("standard"))
    img = decode(position_picture(state, rules, None))
    x, y = map_picture("standard").centres["SPA"]
    assert nearest(img.getpixel((x + 6, y)), neutral("standard")) == "FRANCE"


def test_a_dislodged_unit_is_shown_with_where_it_may_retreat() -> None:
    case = {"variant": "standard", "phase": "F1901M",
            "units": {"FRANCE": ["A BUR", "A GAS"], "GERMANY": ["A MUN", "A RUH"]},
            "orders": {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"],
                       "FRANCE": ["A BUR H", "A GAS - PAR"]}}
    rules, outcome = case_outcome(case)
    view = results_view(rules, outcome.before, outcome.after, report_of(outcome), None)
    scene = scene_of(view.public, [])
    [(piece, retreats)] = scene.dislodged
    assert (piece.power, piece.type, piece.loc) == ("FRANCE", "A", "BUR")
    assert retreats == ["BEL", "GAS", "MAR", "PIC"]
    img = decode(results_picture(rules, view))
    for place in retreats:  # each retreat is ringed in red
        x, y = map_picture("standard").unit_point(place)
        assert nearest(img.getpixel((x + 10, y)), {"red": (210, 30, 30), **neutral("standard")}
                       ) == "red", place
    # The attacker stands in Burgundy; the dislodged unit is drawn beside it, rimmed red.
    assert nearest(unit_pixel(img, "standard", "BUR"), colours("standard")) == "GERMANY"


def test_builds_and_removals_in_winter() -> None:
    case = {"variant": "standard", "phase": "W1901A",
            "units": {"FRANCE": ["A BUR"], "GERMANY": ["A MUN", "A RUH"]},
            "centers": {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["MUN"]},
            "orders": {"FRANCE": ["BUILD A PAR", "BUILD F BRE"], "GERMANY": ["REMOVE A RUH"]}}
    rules, outcome = case_outcome(case)
    view = results_view(rules, outcome.before, outcome.after, report_of(outcome), None)
    strokes = {(s.kind, s.src, s.type) for s in scene_of(view.public, []).strokes}
    assert strokes == {("build", "PAR", "A"), ("build", "BRE", "F"), ("remove", "RUH", "A")}
    img = decode(results_picture(rules, view))
    for loc in ("PAR", "BRE"):  # the new units, ringed in green
        assert nearest(unit_pixel(img, "standard", loc), colours("standard")) == "FRANCE"
        x, y = map_picture("standard").unit_point(loc)
        assert nearest(img.getpixel((x, y - 12)), {"green": (20, 140, 40),
                                                   **neutral("standard")}) == "green"
    x, y = map_picture("standard").unit_point("RUH")
    assert nearest(img.getpixel((x, y)), {"red": (210, 30, 30), **neutral("standard")}) == "red"
